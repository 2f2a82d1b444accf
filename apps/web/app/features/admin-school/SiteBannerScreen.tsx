import { useId, useState, type ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminUpload, Banner, BannerPosition, SiteBanner, SiteBannerPatch } from '@crema/contract';
import { useApiForm } from '../../api/useApiForm.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { UploadField, builderUpload } from '../../ui/UploadField.tsx';
import { bannerPaths, windowText, type BannerWords } from './SiteBannersScreen.tsx';
import { SiteTabs, schoolPaths, siteApi } from './ui.tsx';
import './site-shell.css';

// /admin/school/site/banners/new/?key=… and …/banners/{id}/ (decision 0071): a banner's form — title,
// text, link and button, an image for computers and one for phones (uploaded with progress), the
// window of showing in Moscow time, on or off — and the banner as a visitor sees it, on a phone or
// a computer. An edit is saved against the version the form was opened at (409 when stale).

/** How the site draws a banner of each position (given by the route module: features do not import each other). */
export type BannerPreviews = Record<BannerPosition, ComponentType<{ banner: Banner }>>;

/** Moscow keeps UTC+3 all year: a datetime-local value read and written as Moscow time. */
const MSK_MS = 3 * 3_600_000;
const toLocal = (iso: string | null) => (iso ? new Date(Date.parse(iso) + MSK_MS).toISOString().slice(0, 16) : '');
const fromLocal = (local: string) => (local ? `${local}:00+03:00` : null);

const IMAGE = builderUpload('image');
type Picture = { key: string; url: string; width?: number | null; height?: number | null } | null;

export function SiteBannerScreen({ banner, position, words, previews }: { banner: SiteBanner | null; position: BannerPosition; words: BannerWords; previews: BannerPreviews }) {
  const id = useId();
  const navigate = useNavigate();
  const form = useApiForm(['key', 'title', 'text', 'link', 'button_text', 'image', 'image_mobile', 'show_from', 'show_until', 'is_active']);
  const [saved, setSaved] = useState(banner);
  const [done, setDone] = useState('');
  const [view, setView] = useState<'desktop' | 'phone'>('desktop');
  const [v, setV] = useState({
    key: banner?.key ?? position,
    title: banner?.title ?? '',
    text: banner?.text ?? '',
    link: banner?.link ?? '',
    button: banner?.button_text ?? '',
    image: banner?.image as Picture,
    mobile: banner?.image_mobile as Picture,
    from: toLocal(banner?.show_from ?? null),
    until: toLocal(banner?.show_until ?? null),
    active: banner?.is_active ?? true,
  });
  const set = (patch: Partial<typeof v>) => setV((now) => ({ ...now, ...patch }));
  const positionTitle = words.positions.find((p) => p.key === v.key)?.title ?? v.key;
  const Preview = previews[v.key];
  const picture = (p: Picture) => (p ? { original: p.url, url: p.url, width: p.width ?? null, height: p.height ?? null } : null);
  const shown = view === 'phone' ? (v.mobile ?? v.image) : (v.image ?? v.mobile);
  const preview: Banner = {
    id: saved?.id ?? 0,
    key: v.key,
    title: v.title.trim() || 'Заголовок баннера',
    text: v.text.trim() || null,
    link: v.link.trim() || null,
    button_text: v.button.trim() || null,
    image: picture(shown),
    image_mobile: null,
  };

  const upload = (field: 'image' | 'mobile', label: string, hint: string, apiField: string) => (
    <UploadField<AdminUpload>
      look="admin"
      target={IMAGE}
      label={label}
      current={v[field] !== null}
      hint={hint}
      errors={form.errorsOf(apiField)}
      showName
      onUploaded={(file) => set({ [field]: { key: file.key, url: file.url, width: file.width, height: file.height } })}
      remove={{ label: 'Убрать картинку', onRemove: () => set({ [field]: null }) }}
    >
      {v[field] ? <img src={v[field]!.url} alt="" width={240} height={150} /> : null}
    </UploadField>
  );

  return (
    <section aria-labelledby={`${id}-title`}>
      <SiteTabs />
      <p>
        <Link to={schoolPaths.banners()}>← Все баннеры</Link>
      </p>
      <div className="admin-head">
        <h1 id={`${id}-title`}>{saved ? `Баннер «${saved.title}»` : 'Новый баннер'}</h1>
      </div>
      {saved ? (
        <p className="admin-muted">
          {positionTitle} · {words.states[saved.state]} · {windowText(saved)}
        </p>
      ) : null}
      <form
        className="person-section site-form"
        aria-label="Баннер"
        onSubmit={form.onSubmit(async () => {
          setDone('');
          const body: Omit<SiteBannerPatch, 'version'> = {
            title: v.title,
            text: v.text || null,
            link: v.link || null,
            button_text: v.button || null,
            image: v.image?.key ?? null,
            image_mobile: v.mobile?.key ?? null,
            show_from: fromLocal(v.from),
            show_until: fromLocal(v.until),
            is_active: v.active,
          };
          if (saved) {
            const next = await siteApi.updateSiteBanner(saved.id, { ...body, version: saved.version });
            setSaved(next);
            setDone('Баннер сохранён. На сайте он виден сразу.');
          } else {
            const created = await siteApi.createSiteBanner({ ...body, key: v.key });
            navigate(bannerPaths.edit(created.id));
          }
        })}
      >
        <div className="site-form__grid">
          {!saved ? (
            <Field look="admin" label="Где показывать" errors={form.errorsOf('key')}>
              {(a11y) => (
                <select {...a11y} className="admin-input" value={v.key} onChange={(e) => set({ key: e.target.value as BannerPosition })}>
                  {words.positions.map((p) => (
                    <option key={p.key} value={p.key}>
                      {p.title}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
          <Field look="admin" label="Заголовок" errors={form.errorsOf('title')}>
            {(a11y) => <input {...a11y} className="admin-input" value={v.title} maxLength={200} onChange={(e) => set({ title: e.target.value })} />}
          </Field>
          <Field look="admin" label="Текст" hint="Одна-две фразы под заголовком; необязательно." errors={form.errorsOf('text')}>
            {(a11y) => <textarea {...a11y} className="admin-input" rows={3} value={v.text} maxLength={1000} onChange={(e) => set({ text: e.target.value })} />}
          </Field>
          <Field look="admin" label="Ссылка" hint="Страница сайта — с / (например, /courses/), другой сайт — с https://." errors={form.errorsOf('link')}>
            {(a11y) => <input {...a11y} className="admin-input" value={v.link} maxLength={1000} inputMode="url" onChange={(e) => set({ link: e.target.value })} />}
          </Field>
          <Field look="admin" label="Текст кнопки" hint="Пусто — «Подробнее»." errors={form.errorsOf('button_text')}>
            {(a11y) => <input {...a11y} className="admin-input" value={v.button} maxLength={60} onChange={(e) => set({ button: e.target.value })} />}
          </Field>
          <Field look="admin" label="Показывать с (МСК)" hint="Пусто — сразу." errors={form.errorsOf('show_from')}>
            {(a11y) => <input {...a11y} type="datetime-local" className="admin-input" value={v.from} onChange={(e) => set({ from: e.target.value })} />}
          </Field>
          <Field look="admin" label="Показывать до (МСК)" hint="Пусто — без срока." errors={form.errorsOf('show_until')}>
            {(a11y) => <input {...a11y} type="datetime-local" className="admin-input" value={v.until} onChange={(e) => set({ until: e.target.value })} />}
          </Field>
        </div>
        <div className="site-images">
          {upload('image', 'Картинка для компьютера', 'JPEG, PNG или WebP; на главной — 16:10, от 1440×900 пикселей.', 'image')}
          {upload('mobile', 'Картинка для телефона', 'Необязательно: без неё телефон покажет картинку для компьютера.', 'image_mobile')}
        </div>
        <label className="person-check">
          <input type="checkbox" checked={v.active} onChange={(e) => set({ active: e.target.checked })} />
          Показывать на сайте
        </label>
        <FormMessages look="admin" messages={form.problems.general} />
        <div className="admin-actions">
          <button type="submit" className="button button--primary" aria-busy={form.busy}>
            {saved ? 'Сохранить' : 'Добавить баннер'}
          </button>
          {done ? <span role="status">{done}</span> : null}
        </div>
      </form>
      <section className="site-preview" aria-labelledby={`${id}-preview`}>
        <h2 id={`${id}-preview`}>Так баннер увидит посетитель</h2>
        <div className="site-switch" role="group" aria-label="Экран">
          <ul>
            <li>
              <button type="button" className="admin-icon-button" aria-pressed={view === 'desktop'} onClick={() => setView('desktop')}>
                Компьютер
              </button>
            </li>
            <li>
              <button type="button" className="admin-icon-button" aria-pressed={view === 'phone'} onClick={() => setView('phone')}>
                Телефон
              </button>
            </li>
          </ul>
        </div>
        <div className={`site-preview__frame${view === 'phone' ? ' site-preview__frame--phone' : ''}`} inert>
          <Preview banner={preview} />
        </div>
      </section>
    </section>
  );
}
