import { Link } from 'react-router';
import type { MyCertificates } from '@crema/contract';
import { accountPaths } from '../../ui/paths.ts';

/**
 * The certificate of one enrolment on 'Мое обучение' and the course overview (decision 0085): the
 * PDF to download and its public check, or — when the course is done but the account has no name —
 * the way to the personal data ('Укажите ФИО для сертификата'); nothing otherwise.
 */
export function CertificateLinks({ enrolmentId, certificates, title }: { enrolmentId: number; certificates: MyCertificates | null; title: string }) {
  if (!certificates) return null;
  const own = certificates.certificates.find((c) => c.user_course_id === enrolmentId && c.status === 'valid');
  if (own) {
    return (
      <p className="learn-certificate">
        <a className="button button--ghost learn-small" href={own.pdf_url} download aria-label={`Скачать сертификат (PDF): ${title}`}>
          Скачать сертификат (PDF)
        </a>
        <a className="learn-certificate__check" href={own.verify_url}>
          Проверка сертификата {own.number}
        </a>
      </p>
    );
  }
  if (certificates.name_needed.includes(enrolmentId)) {
    return (
      <p className="learn-certificate learn-certificate--name">
        Курс пройден: сертификат выдадим, как только в личных данных будут фамилия и имя.{' '}
        <Link to={`${accountPaths.userAccount()}#personal-title`}>Укажите ФИО для сертификата</Link>
      </p>
    );
  }
  return null;
}
