import { Link } from 'react-router';
import type { Category, Configs, MenuLink } from '@crema/contract';
import { paths } from '../../lib/paths.ts';
import { telHref } from './Header.tsx';
import { Logo } from './Icons.tsx';
import { LegalDetails } from './LegalDetails.tsx';
import { MenuAnchor } from './MenuLinkItem.tsx';

/** Social links come from FOOTER_{NETWORK}_LINK settings. */
const SOCIAL_LABELS: Record<string, string> = {
  VK: 'ВКонтакте',
  TELEGRAM: 'Telegram',
  OK: 'Одноклассники',
  YOUTUBE: 'YouTube',
  RUTUBE: 'Rutube',
  DZEN: 'Дзен',
};

/** 'mailto:' link value of an address. */
export function mailtoHref(email: string) {
  return `mailto:${email.trim()}`;
}

export function socialLinks(configs: Configs) {
  return Object.entries(configs)
    .map(([key, url]) => ({ network: /^FOOTER_([A-Z0-9]+)_LINK$/.exec(key)?.[1], url }))
    .filter((s): s is { network: string; url: string } => !!s.network && s.network !== 'MINISTRY' && !!s.url)
    .map((s) => ({ ...s, label: SOCIAL_LABELS[s.network] ?? s.network }));
}

function MenuLinkList({ links, plain = false }: { links: MenuLink[]; plain?: boolean }) {
  return (
    <ul className={`site-footer__links${plain ? ' site-footer__links--plain' : ''}`}>
      {links.map((link) => (
        <li key={link.id}>
          <MenuAnchor link={link} />
        </li>
      ))}
    </ul>
  );
}

export function Footer({ configs, menu, categories }: { configs: Configs; menu: MenuLink[]; categories: Category[] }) {
  const phones = [configs.FOOTER_PHONE, configs.FOOTER_PHONE_2].filter((p): p is string => !!p);
  const socials = socialLinks(configs);
  const groups = menu.filter((item) => item.children.length > 0);
  const singles = menu.filter((item) => item.children.length === 0);
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__brand" aria-labelledby="footer-contacts">
          <Link to={paths.home()} aria-label="Crema — на главную">
            <Logo />
          </Link>
          <h2 id="footer-contacts" className="site-footer__heading site-footer__heading--contacts">
            Контакты
          </h2>
          {phones.length > 0 ? (
            <ul className="site-footer__phones">
              {phones.map((phone) => (
                <li key={phone}>
                  <a href={telHref(phone)}>{phone}</a>
                </li>
              ))}
            </ul>
          ) : null}
          {configs.CONTACT_EMAIL ? (
            <p className="site-footer__email">
              <a href={mailtoHref(configs.CONTACT_EMAIL)}>{configs.CONTACT_EMAIL}</a>
            </p>
          ) : null}
          {configs.FOOTER_MINISTRY_LINK ? (
            // Not a bare name: what the link is and why a school shows it.
            <p className="site-footer__ministry">
              Федеральный орган, отвечающий за образование детей и дополнительное образование:{' '}
              <a href={configs.FOOTER_MINISTRY_LINK} target="_blank" rel="noopener noreferrer">
                официальный сайт Министерства просвещения Российской Федерации
                <span className="visually-hidden"> (откроется в новой вкладке)</span>
              </a>
            </p>
          ) : null}
        </section>

        <nav className="site-footer__column" aria-labelledby="footer-directions">
          <h2 id="footer-directions" className="site-footer__heading">
            <Link to={paths.courses()}>Направления обучения</Link>
          </h2>
          <ul className="site-footer__links">
            {categories.map((category) => (
              <li key={category.id}>
                <Link to={paths.category(category.id)}>{category.name}</Link>
              </li>
            ))}
          </ul>
        </nav>

        {groups.map((item) => (
          <nav key={item.id} className="site-footer__column" aria-label={item.title}>
            <h2 className="site-footer__heading">
              <MenuAnchor link={item} />
            </h2>
            <MenuLinkList links={item.children} />
          </nav>
        ))}
        {singles.length > 0 ? (
          // Top-level links without children share one column, under a heading of its own.
          <nav className="site-footer__column" aria-labelledby="footer-more">
            <h2 id="footer-more" className="site-footer__heading">
              Ещё
            </h2>
            <MenuLinkList links={singles} plain />
          </nav>
        ) : null}
      </div>

      <div className="container site-footer__bottom">
        <div className="site-footer__org">
          <LegalDetails configs={configs} className="legal-details--footer" />
          {configs.FOOTER_ADDRESS ? (
            <div className="site-footer__address">
              <span>Почтовый адрес: </span>
              <address>{configs.FOOTER_ADDRESS}</address>
            </div>
          ) : null}
        </div>
        {socials.length > 0 ? (
          <ul className="site-footer__socials" aria-label="Мы в соцсетях">
            {socials.map((s) => (
              <li key={s.network}>
                <a href={s.url} target="_blank" rel="noopener noreferrer">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="site-footer__legal">
          <span>© {year} {configs.SITE_NAME ?? 'Crema'}</span>
          <a href="/sveden/">Сведения об образовательной организации</a>
          <a href={configs.PRIVACY_POLICY_LINK || '/documents/privacy-policy/'}>Политика конфиденциальности</a>
          {/* The legal documents (decision 0043): each page lists its earlier versions. */}
          <a href="/documents/personal-data-consent/">Согласие на обработку персональных данных</a>
          <a href="/documents/offer/">Договор-оферта</a>
          <a href="/documents/cookie-policy/">Политика cookie</a>
          {configs.FOOTER_DEVELOPER ? <span className="site-footer__developer">{configs.FOOTER_DEVELOPER}</span> : null}
        </div>
      </div>
    </footer>
  );
}
