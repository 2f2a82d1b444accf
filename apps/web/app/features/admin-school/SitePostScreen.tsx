import { Suspense, lazy, useState, useSyncExternalStore, type ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminUpload, PageExtended, SitePost, SitePostCreate } from '@crema/contract';
import { useApiForm } from '../../api/useApiForm.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { UploadField, builderUpload } from '../../ui/UploadField.tsx';
import { useUnsavedGuard } from '../../ui/UnsavedGuard.tsx';
import { SiteTabs, schoolPaths, siteApi } from './ui.tsx';
import { statusText, type SitePostWords } from './SitePostsScreen.tsx';
import type { DraftBlock } from './SitePostBlocks.tsx';
import './site-posts.css';

// /admin/school/site/posts/{id}/ and …/new/ (decision 0070): a post's or page's form — title,
// address, author, lead, cover, the body as blocks, SEO and the social picture — saved whole from
// the version it was opened at (a stale save is refused, 409); a preview of the saved version as
// the visitor will see it (the public renderer, given by the route: features do not import each
// other); publishing now, from a Moscow date and time, taking it down, deleting after a question.

/**
 * The block editor (dnd-kit, the rich-text editor) loads in the browser when a form shows it; the
 * server and the hydration render its place as the loading line, the editor comes after (its own
 * first render differs). Not ui/load-on-use: a second importer would make that helper a chunk of
 * its own on the course page's first load.
 */
const noSubscription = () => () => {};
const BlocksLoading = () => <p className="admin-muted">Загружаем редактор блоков…</p>;
const Blocks = import.meta.env.SSR ? BlocksLoading : lazy(() => import('./SitePostBlocks.tsx'));

const FIELDS = ['kind', 'title', 'slug', 'excerpt', 'image', 'author', 'seo_title', 'seo_description', 'og_image', 'blocks', 'date', 'time', 'updated_at'] as const;

interface FormState {
  kind: 'post' | 'page';
  title: string;
  slug: string;
  excerpt: string;
  author: string;
  image: string | null;
  seo_title: string;
  seo_description: string;
  og_image: string | null;
}

function stateOf(post: SitePost | null, kind: 'post' | 'page'): FormState {
  return {
    kind: post?.kind ?? kind,
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    excerpt: post?.excerpt ?? '',
    author: post?.author ?? '',
    image: post?.image ?? null,
    seo_title: post?.seo_title ?? '',
    seo_description: post?.seo_description ?? '',
    og_image: post?.og_image ?? null,
  };
}

const draftsOf = (post: SitePost | null): DraftBlock[] => (post?.blocks ?? []).map((data, i) => ({ key: `s${i}`, data }));

/** Every field name the server may answer about, the blocks' own included (`blocks.2.alt`). */
function fieldNames(blocks: DraftBlock[]): string[] {
  const names: string[] = [...FIELDS];
  blocks.forEach((block, i) => {
    names.push(`blocks.${i}`);
    for (const key of Object.keys(block.data)) names.push(`blocks.${i}.${key}`);
    if (block.data.type === 'gallery') block.data.images.forEach((_, j) => names.push(`blocks.${i}.images.${j}.image`, `blocks.${i}.images.${j}.alt`, `blocks.${i}.images.${j}.caption`));
  });
  return names;
}

/** The Moscow date and time an hour from now, as the schedule's inputs hold them. */
function inAnHour(): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(Date.now() + 60 * 60_000))
    .split(' ');
  return { date: parts[0] ?? '', time: parts[1] ?? '' };
}

export function SitePostScreen({
  post,
  kind = 'post',
  words,
  Preview,
}: {
  post: SitePost | null;
  kind?: 'post' | 'page';
  words: SitePostWords;
  /** The saved version as the public site renders it. */
  Preview: ComponentType<{ page: PageExtended }>;
}) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState<SitePost | null>(post);
  const [form, setForm] = useState<FormState>(() => stateOf(post, kind));
  const [blocks, setBlocks] = useState<DraftBlock[]>(() => draftsOf(post));
  const [initial, setInitial] = useState(() => JSON.stringify({ form: stateOf(post, kind), blocks: draftsOf(post).map((b) => b.data) }));
  const [urls, setUrls] = useState<Record<string, string>>(post?.urls ?? {});
  const [preview, setPreview] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [schedule, setSchedule] = useState(() => inAnHour());
  const [notice, setNotice] = useState<string | null>(null);
  // False on the server and while hydrating, true afterwards.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  /** Where the last action's general messages stand: under the form's buttons or the publishing ones. */
  const [place, setPlace] = useState<'form' | 'publish'>('form');
  const form$ = useApiForm(fieldNames(blocks));
  const dirty = JSON.stringify({ form, blocks: blocks.map((b) => b.data) }) !== initial;
  const guard = useUnsavedGuard(dirty && !form$.busy);
  const isPost = form.kind === 'post';
  const set = (next: Partial<FormState>) => setForm((current) => ({ ...current, ...next }));
  const remember = (uploaded: AdminUpload) => setUrls((current) => ({ ...current, [uploaded.key]: uploaded.url }));

  /** The server's answer becomes the form's saved state. */
  function take(next: SitePost) {
    setSaved(next);
    setForm(stateOf(next, next.kind));
    const drafts = draftsOf(next);
    setBlocks(drafts);
    setInitial(JSON.stringify({ form: stateOf(next, next.kind), blocks: drafts.map((b) => b.data) }));
    setUrls((current) => ({ ...current, ...next.urls }));
  }

  const body = () => ({
    title: form.title,
    slug: form.slug.trim(),
    excerpt: form.excerpt || null,
    author: form.author || null,
    image: form.image,
    seo_title: form.seo_title || null,
    seo_description: form.seo_description || null,
    og_image: form.og_image,
    blocks: blocks.map((b) => b.data) as SitePostCreate['blocks'],
  });

  /** Saves the form when it changed; answers the version the next call must name. */
  async function save(): Promise<SitePost> {
    if (!saved) {
      const created = await siteApi.createSitePost({ kind: form.kind, ...body() });
      guard.release();
      return created;
    }
    if (!dirty) return saved;
    const next = await siteApi.updateSitePost(saved.id, { updated_at: saved.updated_at, ...body() });
    take(next);
    return next;
  }

  const onSave = form$.onSubmit(async () => {
    setPlace('form');
    setNotice(null);
    const next = await save();
    if (!saved) {
      await navigate(schoolPaths.post(next.id), { replace: true });
      return;
    }
    setNotice('Сохранено.');
  });

  const act = (what: 'publish' | 'schedule' | 'unpublish', message: (next: SitePost) => string) =>
    form$.run(async () => {
      setPlace('publish');
      setNotice(null);
      const current = await save();
      const next =
        what === 'publish'
          ? await siteApi.publishSitePost(current.id, current.updated_at)
          : what === 'schedule'
            ? await siteApi.scheduleSitePost(current.id, { updated_at: current.updated_at, ...schedule })
            : await siteApi.unpublishSitePost(current.id, current.updated_at);
      take(next);
      setNotice(message(next));
    });

  const remove = () =>
    form$.run(async () => {
      if (!saved) return;
      await siteApi.deleteSitePost(saved.id);
      guard.release();
      setConfirmDelete(false);
      await navigate(schoolPaths.posts(), { replace: true });
    });

  const address = `${isPost ? '/blog/' : '/'}${form.slug || '…'}/`;
  const heading = saved ? saved.title : isPost ? 'Новая запись' : 'Новая страница';
  return (
    <section aria-labelledby="site-post-title">
      <SiteTabs />
      <p className="school-back">
        <Link to={schoolPaths.posts()}>← Блог и страницы</Link>
      </p>
      <div className="admin-head">
        <h1 id="site-post-title">{heading}</h1>
        {saved && saved.status === 'published' ? (
          <a className="button button--ghost" href={saved.url} target="_blank" rel="noopener">
            Открыть на сайте
          </a>
        ) : null}
      </div>
      {saved ? (
        <p className="school-lead">
          <span className={`admin-status admin-status--${saved.status === 'draft' ? 'draft' : 'published'}`} data-testid="post-status">
            {statusText(saved, words)}
          </span>
          {saved.old_slugs.length ? <span className="admin-muted"> Прежние адреса переадресуют сюда: {saved.old_slugs.map((s) => `${isPost ? '/blog/' : '/'}${s}/`).join(', ')}.</span> : null}
        </p>
      ) : null}
      <form className="admin-form sp-form" noValidate onSubmit={onSave}>
        {saved ? null : (
          <Field look="admin" label="Что создаём" errors={form$.errorsOf('kind')}>
            {(a11y) => (
              <select {...a11y} className="admin-input" value={form.kind} onChange={(e) => set({ kind: e.currentTarget.value === 'page' ? 'page' : 'post' })}>
                <option value="post">{words.kinds.post}</option>
                <option value="page">{words.kinds.page}</option>
              </select>
            )}
          </Field>
        )}
        <Field look="admin" label="Заголовок" errors={form$.errorsOf('title')}>
          {(a11y) => <input {...a11y} className="admin-input" value={form.title} maxLength={200} onChange={(e) => set({ title: e.currentTarget.value })} />}
        </Field>
        <Field
          look="admin"
          label="Адрес"
          errors={form$.errorsOf('slug')}
          hint={`Латинские буквы, цифры и дефисы. Адрес на сайте: ${address}${saved?.status === 'published' ? ' Прежний адрес опубликованной записи останется и будет переадресовывать на новый.' : ''}`}
        >
          {(a11y) => <input {...a11y} className="admin-input" value={form.slug} maxLength={128} autoCapitalize="none" spellCheck={false} onChange={(e) => set({ slug: e.currentTarget.value })} />}
        </Field>
        {isPost ? (
          <Field look="admin" label="Автор" errors={form$.errorsOf('author')} hint="Имя, которое запись покажет под заголовком. Можно оставить пустым.">
            {(a11y) => <input {...a11y} className="admin-input" value={form.author} maxLength={200} onChange={(e) => set({ author: e.currentTarget.value })} />}
          </Field>
        ) : null}
        <Field look="admin" label="Анонс" errors={form$.errorsOf('excerpt')} hint="Под заголовком, в списке блога и описание для поисковиков, если своё не задано.">
          {(a11y) => <textarea {...a11y} className="admin-input" rows={3} value={form.excerpt} maxLength={1000} onChange={(e) => set({ excerpt: e.currentTarget.value })} />}
        </Field>
        <UploadField
          look="admin"
          target={builderUpload('image')}
          label="Обложка"
          current={Boolean(form.image)}
          errors={form$.errorsOf('image')}
          showName
          onUploaded={(uploaded) => {
            remember(uploaded);
            set({ image: uploaded.key });
          }}
          remove={{ label: 'Убрать обложку', onRemove: () => set({ image: null }) }}
        >
          {form.image && urls[form.image] ? <img className="sp-thumb" src={urls[form.image]} alt="" /> : null}
        </UploadField>

        <fieldset className="sp-fieldset">
          <legend>Текст</legend>
          <FormMessages look="admin" messages={form$.errorsOf('blocks')} />
          {hydrated ? (
            <Suspense fallback={<BlocksLoading />}>
              <Blocks blocks={blocks} onChange={setBlocks} errorsOf={form$.errorsOf} urls={urls} onUploaded={remember} />
            </Suspense>
          ) : (
            <BlocksLoading />
          )}
        </fieldset>

        <fieldset className="sp-fieldset">
          <legend>Для поисковиков и соцсетей</legend>
          <Field look="admin" label="Заголовок для поисковиков" errors={form$.errorsOf('seo_title')} hint="Если пусто — заголовок записи.">
            {(a11y) => <input {...a11y} className="admin-input" value={form.seo_title} maxLength={200} onChange={(e) => set({ seo_title: e.currentTarget.value })} />}
          </Field>
          <Field look="admin" label="Описание для поисковиков" errors={form$.errorsOf('seo_description')} hint="Если пусто — анонс.">
            {(a11y) => <textarea {...a11y} className="admin-input" rows={2} value={form.seo_description} maxLength={500} onChange={(e) => set({ seo_description: e.currentTarget.value })} />}
          </Field>
          <UploadField
            look="admin"
            target={builderUpload('image')}
            label="Картинка для соцсетей"
            hint="Если нет — обложка."
            current={Boolean(form.og_image)}
            errors={form$.errorsOf('og_image')}
            showName
            onUploaded={(uploaded) => {
              remember(uploaded);
              set({ og_image: uploaded.key });
            }}
            remove={{ label: 'Убрать картинку для соцсетей', onRemove: () => set({ og_image: null }) }}
          >
            {form.og_image && urls[form.og_image] ? <img className="sp-thumb" src={urls[form.og_image]} alt="" /> : null}
          </UploadField>
        </fieldset>

        <FormMessages look="admin" messages={place === 'form' && !confirmDelete ? form$.problems.general : []} />
        <div className="admin-actions sp-actions">
          <button type="submit" className="button button--primary" disabled={form$.busy} aria-busy={form$.busy}>
            {saved ? 'Сохранить' : 'Создать черновик'}
          </button>
          {saved ? (
            <button type="button" className="button button--ghost" aria-expanded={preview} aria-controls="site-post-preview" onClick={() => setPreview(!preview)}>
              {preview ? 'Скрыть предпросмотр' : 'Предпросмотр'}
            </button>
          ) : null}
          {dirty ? <span className="admin-unsaved">Есть несохранённые изменения</span> : null}
        </div>
        <p className="admin-notice sp-notice" role="status">
          {place === 'form' ? notice : null}
        </p>
      </form>

      {saved ? (
        <section className="sp-publish" aria-labelledby="site-post-publish-title">
          <h2 id="site-post-publish-title" className="school-subtitle">
            Публикация
          </h2>
          <p className="admin-muted">{dirty ? 'Сначала сохраним изменения, затем опубликуем. ' : ''}Время — московское.</p>
          <div className="sp-publish__row">
            {saved.status !== 'published' ? (
              <button type="button" className="button button--primary" disabled={form$.busy} onClick={() => void act('publish', () => 'Опубликовано: запись уже на сайте.')}>
                Опубликовать
              </button>
            ) : null}
            {saved.status !== 'draft' ? (
              <button type="button" className="button button--ghost" disabled={form$.busy} onClick={() => void act('unpublish', () => 'Снято с публикации: теперь это черновик.')}>
                Снять с публикации
              </button>
            ) : null}
          </div>
          <div className="sp-publish__row">
            <Field look="admin" label="Дата публикации" errors={form$.errorsOf('date')}>
              {(a11y) => <input {...a11y} className="admin-input" type="date" value={schedule.date} onChange={(e) => setSchedule({ ...schedule, date: e.currentTarget.value })} />}
            </Field>
            <Field look="admin" label="Время (Москва)" errors={form$.errorsOf('time')}>
              {(a11y) => <input {...a11y} className="admin-input" type="time" value={schedule.time} onChange={(e) => setSchedule({ ...schedule, time: e.currentTarget.value })} />}
            </Field>
            <button type="button" className="button button--ghost" disabled={form$.busy} onClick={() => void act('schedule', (next) => `${statusText(next, words)}. До этого времени посетители её не увидят.`)}>
              Запланировать
            </button>
          </div>
          <FormMessages look="admin" messages={place === 'publish' && !confirmDelete ? form$.problems.general : []} />
          <p className="admin-notice sp-notice" role="status">
            {place === 'publish' ? notice : null}
          </p>
          <p>
            <button type="button" className="sp-delete" onClick={() => setConfirmDelete(true)}>
              Удалить {isPost ? 'запись' : 'страницу'}
            </button>
          </p>
        </section>
      ) : null}

      {preview && saved ? (
        <section id="site-post-preview" className="school-preview sp-preview" aria-labelledby="site-post-preview-title">
          <h2 id="site-post-preview-title" className="school-subtitle">
            Предпросмотр{dirty ? ': сохранённая версия — сохраните, чтобы увидеть правки' : ''}
          </h2>
          <div className="sp-preview__page">
            <Preview page={saved.view} />
          </div>
        </section>
      ) : null}

      <Modal open={confirmDelete} onClose={() => setConfirmDelete(false)} title={`Удалить ${isPost ? 'запись' : 'страницу'}?`} className="admin-dialog">
        <div className="admin-dialog__body">
          <p>
            «{saved?.title}» исчезнет с сайта вместе с текстом и прежними адресами; вернуть её нельзя. Чтобы только убрать с сайта, снимите с
            публикации.
          </p>
          <FormMessages look="admin" messages={form$.problems.general} />
          <div className="admin-actions">
            <button type="button" className="button button--primary" disabled={form$.busy} onClick={() => void remove()}>
              Удалить
            </button>
            <button type="button" className="button button--ghost" data-autofocus onClick={() => setConfirmDelete(false)}>
              Отмена
            </button>
          </div>
        </div>
      </Modal>
      {guard.dialog}
    </section>
  );
}
