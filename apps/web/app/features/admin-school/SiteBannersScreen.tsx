import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import type { BannerPosition, SiteBanner } from '@crema/contract';
import { ApiRequestError } from '../../api/client.ts';
import { problemsOf } from '../../api/problems.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import type { SortableRow } from './SiteSortable.tsx';
import { SiteTabs, moscowTime, schoolPaths, siteApi } from './ui.tsx';
import './site-shell.css';

// /admin/school/site/banners/ (decision 0071): each position's banners in the order the site shows
// them, with their state now (shown, off, waiting for its start, over); moved by the handle (mouse
// or keyboard), each move saved at once; deleting asks first.

const SortableRows = lazy(() => import('./SiteSortable.tsx'));

export interface BannerWords {
  positions: { key: BannerPosition; title: string; about: string }[];
  states: Record<SiteBanner['state'], string>;
}

export const bannerPaths = {
  create: (key: string) => `${schoolPaths.banners()}new/?key=${key}`,
  edit: (id: number) => `${schoolPaths.banners()}${id}/`,
};

/** 'с 01.03.2026, 10:00 до 31.03.2026, 23:59', or that it has no limits. */
export function windowText(banner: Pick<SiteBanner, 'show_from' | 'show_until'>): string {
  if (!banner.show_from && !banner.show_until) return 'без срока';
  return [banner.show_from ? `с ${moscowTime(banner.show_from)}` : '', banner.show_until ? `до ${moscowTime(banner.show_until)}` : ''].filter(Boolean).join(' ');
}

export function SiteBannersScreen({ banners: initial, words }: { banners: SiteBanner[]; words: BannerWords }) {
  const [banners, setBanners] = useState(initial);
  const [status, setStatus] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<SiteBanner | null>(null);

  async function move(key: BannerPosition, id: number, overId: number) {
    const list = banners.filter((b) => b.key === key);
    const from = list.findIndex((b) => b.id === id);
    const to = list.findIndex((b) => b.id === overId);
    if (from < 0 || to < 0 || from === to) return;
    const next = [...list];
    next.splice(to, 0, next.splice(from, 1)[0]!);
    setBanners([...banners.filter((b) => b.key !== key), ...next]);
    setProblems([]);
    try {
      const saved = await siteApi.orderSiteBanners({ key, order: next.map((b) => b.id) });
      setBanners((now) => [...now.filter((b) => b.key !== key), ...saved]);
      setStatus(`Порядок сохранён: «${list[from]!.title}» на месте ${to + 1} из ${next.length}.`);
    } catch (error) {
      const found = problemsOf(error);
      setProblems([...found.general, ...Object.values(found.fields).flat()]);
      if (error instanceof ApiRequestError && error.status === 409) setBanners(await siteApi.siteBanners());
      else setBanners(banners);
    }
  }

  return (
    <section aria-labelledby="site-banners-title">
      <SiteTabs />
      <div className="admin-head">
        <h1 id="site-banners-title">Баннеры</h1>
        <a className="button button--ghost" href="/" target="_blank" rel="noopener">
          Открыть сайт
        </a>
      </div>
      <p className="admin-muted school-lead">
        Перетащите баннер за ручку ⠿ мышью или с клавиатуры (пробел, стрелки, пробел), чтобы поменять порядок. На сайте виден включённый баннер внутри срока показа; время — московское.
      </p>
      {status ? (
        <p className="admin-notice" role="status">
          {status}
        </p>
      ) : (
        <p className="visually-hidden" role="status" />
      )}
      <FormMessages look="admin" messages={problems} />
      {words.positions.map((position) => {
        const list = banners.filter((b) => b.key === position.key);
        const rows: SortableRow[] = list.map((banner) => ({
          id: banner.id,
          label: `баннер «${banner.title}»`,
          content: (handle) => (
            <>
              {handle}
              {banner.image || banner.image_mobile ? <img className="site-banner__thumb" src={(banner.image ?? banner.image_mobile)!.url} alt="" width={96} height={60} loading="lazy" /> : <span className="site-banner__thumb" aria-hidden="true" />}
              <div className="site-banner__main">
                <Link className="site-banner__title" to={bannerPaths.edit(banner.id)}>
                  {banner.title}
                </Link>
                <span className="admin-muted site-banner__meta">
                  <span className={`site-banner__state site-banner__state--${banner.state}`}>{words.states[banner.state]}</span> {windowText(banner)}
                  {banner.image_mobile ? ' · есть картинка для телефона' : ''}
                </span>
              </div>
              <button type="button" className="admin-icon-button" onClick={() => setDeleting(banner)} aria-label={`Удалить баннер «${banner.title}»`}>
                Удалить
              </button>
            </>
          ),
        }));
        return (
          <section key={position.key} className="site-position" aria-labelledby={`position-${position.key}`}>
            <div className="site-position__head">
              <h2 id={`position-${position.key}`}>{position.title}</h2>
              <Link className="button button--ghost" to={bannerPaths.create(position.key)}>
                Добавить баннер
              </Link>
            </div>
            <p className="admin-muted">{position.about}</p>
            {list.length === 0 ? (
              <p className="admin-empty">Здесь пока нет баннеров.</p>
            ) : (
              <Suspense fallback={<p className="admin-muted">Загружаем список…</p>}>
                <SortableRows rows={rows} label={`Баннеры: ${position.title}`} onMove={(id, overId) => void move(position.key, id, overId)} />
              </Suspense>
            )}
          </section>
        );
      })}
      <ConfirmDialog
        look="admin"
        open={deleting !== null}
        title="Удалить баннер?"
        confirmLabel="Удалить"
        onClose={() => setDeleting(null)}
        action={async () => {
          const gone = deleting!;
          await siteApi.deleteSiteBanner(gone.id);
          setBanners((now) => now.filter((b) => b.id !== gone.id));
          setStatus(`Баннер «${gone.title}» удалён.`);
        }}
      >
        <p>Баннер «{deleting?.title}» исчезнет с сайта сразу. Вернуть его будет нельзя.</p>
      </ConfirmDialog>
    </section>
  );
}
