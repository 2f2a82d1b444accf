import { telHref } from '../../components/layout/Header.tsx';
import { mailtoHref } from '../../components/layout/Footer.tsx';
import { useRoot } from '../../lib/root-data.ts';

/**
 * How to reach the school, from the site settings: the studio's address, the phones as `tel:`
 * links and the e-mail as a `mailto:` link (/presence/ and /contacts/).
 */
export function Visit({ label = 'Как нас найти' }: { label?: string }) {
  const { configs } = useRoot();
  const phones = [configs.FOOTER_PHONE, configs.FOOTER_PHONE_2].filter((phone): phone is string => !!phone);
  const email = configs.CONTACT_EMAIL?.trim();
  if (!configs.FOOTER_ADDRESS && phones.length === 0 && !email) return null;
  return (
    <aside className="visit" aria-label={label}>
      {configs.FOOTER_ADDRESS ? (
        <div className="visit__item">
          <span className="visit__label">Адрес студии</span>
          <address className="visit__value">{configs.FOOTER_ADDRESS}</address>
        </div>
      ) : null}
      {phones.length > 0 ? (
        <div className="visit__item">
          <span className="visit__label">Телефон</span>
          <ul className="visit__phones">
            {phones.map((phone) => (
              <li key={phone}>
                <a className="visit__phone" href={telHref(phone)}>
                  {phone}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {email ? (
        <div className="visit__item">
          <span className="visit__label">Электронная почта</span>
          <a className="visit__phone" href={mailtoHref(email)}>
            {email}
          </a>
        </div>
      ) : null}
    </aside>
  );
}
