import { paths } from '../../lib/paths.ts';

/** The error pages: 404 'Такой страницы нет' and the generic one (500; 503 while the service is briefly away). */
export function ErrorPage({ status }: { status: 404 | 500 | 503 }) {
  const notFound = status === 404;
  return (
    <main className="error-page" aria-labelledby="error-title">
      <p className="error-page__code" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title" className="error-page__title">
        {notFound ? 'Такой страницы нет' : 'Ошибка обращения к сервису'}
      </h1>
      <p className="error-page__text">
        {notFound
          ? 'Возможно, ссылка никуда не ведёт или страница была удалена.'
          : 'Мы уже знаем о проблеме и исправляем её. Попробуйте открыть страницу чуть позже.'}
      </p>
      {!notFound ? <p className="error-page__status">Код ошибки: {status}</p> : null}
      <div className="error-page__actions">
        {/* A plain link: it must work even when the scripts failed to load. */}
        <a className="button button--primary" href={paths.home()}>
          На главную
        </a>
        {notFound ? (
          <button type="button" className="button button--ghost" onClick={() => window.location.reload()}>
            Обновить страницу
          </button>
        ) : null}
      </div>
    </main>
  );
}

