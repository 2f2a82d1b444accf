import { data } from 'react-router';
import { formatDate } from '@crema/contract/format';
import type { CertificateVerification } from '@crema/contract';
import type { Route } from './+types/certificate';
import { ApiRequestError, json } from '../api/client.ts';
import { pageMeta, rootDataOf } from '../lib/seo.ts';
import '../features/certificates/certificates.css';

type Answer =
  | { kind: 'found'; certificate: CertificateVerification }
  | { kind: 'missing' }
  | { kind: 'busy' };

/**
 * /certificates/{number}/: the public check of a certificate (decision 0085), the page its QR code
 * opens. Valid, revoked (with the date) or replaced; the course, the date, the holder as initials
 * and surname. An unknown number is a 404 saying so; too many checks from one network, a 429.
 * Never indexed.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const number = params.number ?? '';
  try {
    // Loader-only call: kept out of the shared client, which every page loads (decision 0039).
    const certificate = await json<CertificateVerification>(context.api, `/api/certificates/${encodeURIComponent(number)}/`);
    return { kind: 'found', certificate } as Answer;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return data<Answer>({ kind: 'missing' }, { status: 404 });
    if (error instanceof ApiRequestError && error.status === 429) return data<Answer>({ kind: 'busy' }, { status: 429, headers: { 'retry-after': String(error.retryAfterS ?? 60) } });
    throw error;
  }
}

export const headers: Route.HeadersFunction = () => ({ 'x-robots-tag': 'noindex' });

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  const title = loaderData?.kind === 'found' ? `Сертификат ${loaderData.certificate.number}` : 'Проверка сертификата';
  return pageMeta(rootDataOf(matches), { title, description: 'Проверка подлинности сертификата о прохождении курса.', path: `/certificates/${params.number ?? ''}/`, noindex: true });
};

export default function CertificatePage({ loaderData }: Route.ComponentProps) {
  const answer = loaderData as Answer;
  return (
    <main className="page container certificate-check">
      <div className="page__column">
        <h1 className="page__title">Проверка сертификата</h1>
        {answer.kind === 'missing' ? (
          <section className="certificate-check__card certificate-check__card--bad" aria-labelledby="certificate-status">
            <h2 id="certificate-status" className="certificate-check__status">Сертификат не найден</h2>
            <p>Проверьте номер: он указан на сертификате под словами «Регистрационный номер» и выглядит как CR-XXXX-XXXX-XXXX.</p>
          </section>
        ) : answer.kind === 'busy' ? (
          <section className="certificate-check__card certificate-check__card--bad" aria-labelledby="certificate-status">
            <h2 id="certificate-status" className="certificate-check__status">Слишком много проверок</h2>
            <p>С вашего адреса проверили слишком много номеров. Попробуйте через несколько минут.</p>
          </section>
        ) : (
          <Verdict certificate={answer.certificate} />
        )}
      </div>
    </main>
  );
}

function Verdict({ certificate }: { certificate: CertificateVerification }) {
  const valid = certificate.status === 'valid';
  return (
    <section className={`certificate-check__card certificate-check__card--${valid ? 'ok' : 'bad'}`} aria-labelledby="certificate-status">
      <h2 id="certificate-status" className="certificate-check__status">
        {valid ? 'Сертификат действителен' : certificate.status === 'revoked' ? 'Сертификат отозван' : 'Сертификат заменён'}
      </h2>
      {certificate.status === 'revoked' && certificate.revoked_at ? <p>Отозван школой {formatDate(certificate.revoked_at)}.</p> : null}
      {certificate.status === 'replaced' ? <p>Вместо него школа выдала владельцу новый сертификат с другим номером.</p> : null}
      <dl className="certificate-check__facts">
        <div>
          <dt>Номер</dt>
          <dd>{certificate.number}</dd>
        </div>
        <div>
          <dt>Документ</dt>
          <dd>{certificate.title}</dd>
        </div>
        <div>
          <dt>Курс</dt>
          <dd>{certificate.course_title}</dd>
        </div>
        <div>
          <dt>Выдан</dt>
          <dd>
            <time dateTime={certificate.issued_at}>{formatDate(certificate.issued_at)}</time>
          </dd>
        </div>
        <div>
          <dt>Владелец</dt>
          <dd>{certificate.holder}</dd>
        </div>
      </dl>
    </section>
  );
}
