import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { AdminBlockData, AdminBlocks, AdminLesson, AdminUpload, LessonBlockView } from '@crema/contract';
import { ApiRequestError } from '../../api/client.ts';
import { browserFetch } from '../../api/browser.ts';
import { createAdminApi } from '../../api/admin.ts';
import { FormRejection, useApiForm } from '../../api/useApiForm.ts';
import { Modal } from '../../ui/Modal.tsx';
import { useUnsavedGuard } from '../../ui/UnsavedGuard.tsx';
import { MEASURE_ON_EVERY_MOVE, placeAnnouncements, useSortableSensors } from '../../ui/sortable.ts';
import { BlockFields } from './BlockFields.tsx';
import {
  BLOCK_TYPES,
  adoptSaved,
  blockErrorsOf,
  blockName,
  contentAsText,
  emptyBlock,
  hasContent,
  mediaUrls,
  moveToPage,
  newKey,
  pagesFrom,
  reorder,
  toPut,
  type BlockErrors,
  type BlockType,
  type DraftBlock,
  type DraftPage,
} from './content.ts';
import './lesson-editor.css';
import { useFocusFirstField } from '../../ui/focus-first-field.ts';

// /admin/lessons/{id}/ (decision 0037): a lesson's settings and its pages of blocks,
// edited in place and saved whole with one button (or Ctrl/Cmd+S) from the version loaded; a
// stale save (another tab, another teacher) shows the server's text and keeps everything on screen.
// 'Просмотр' shows the saved blocks through the learners' own renderer, which the route passes in
// (features/content/LessonBlocks.tsx: a feature does not import another).

/** Renders one page of blocks as learners see them. */
export type RenderBlocks = (blocks: readonly LessonBlockView[], lesson: AdminLesson) => ReactNode;

const adminApi = createAdminApi(browserFetch);

interface Settings {
  title: string;
  duration: string;
  is_published: boolean;
}
const settingsOf = (lesson: AdminLesson): Settings => ({
  title: lesson.title,
  duration: lesson.duration_minutes ? String(lesson.duration_minutes) : '',
  is_published: lesson.is_published,
});
const SETTINGS_FIELDS = ['title', 'duration_minutes', 'is_published'] as const;

/** Fields each block type shows under their inputs; other messages stand at the block's top. */
function shownField(type: BlockType, field: string): boolean {
  const own: Record<BlockType, string[]> = {
    text: ['html'],
    image: ['image', 'alt', 'caption'],
    video: ['url', 'title', 'poster'],
    file: ['file', 'title'],
    quote: ['text', 'author', 'author_role'],
    recipe: ['title', 'parameters', 'steps'],
    homework: ['title', 'html', 'accepts', 'accepts.text', 'accepts.photos', 'accepts.videos', 'accepts.files', 'max_file_mb', 'gate', 'deadline', 'deadline.at', 'deadline.days', 'deadline.type'],
  };
  return own[type].includes(field) || (type === 'recipe' && /^(parameters\.\d+\.(name|value)|steps\.\d+)$/.test(field));
}

/** What a screen reader hears while a block moves: which block, and its place among the page's blocks. */
function announcements(blocks: readonly DraftBlock[]) {
  return placeAnnouncements(
    blocks.map((block) => block.key),
    (id) => {
      const block = blocks.find((item) => item.key === id);
      return block ? `«${blockName(block.data.type)}»` : 'Блок';
    },
  );
}
const INSTRUCTIONS = 'Чтобы переставить блок, нажмите пробел, стрелками выберите место и нажмите пробел ещё раз.';

const timeNow = () => new Date().toLocaleTimeString('ru-RU', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });

type Confirm = { kind: 'block'; page: number; block: DraftBlock } | { kind: 'page'; page: number } | { kind: 'reload' } | null;

function SortableBlock({
  block,
  pageIndex,
  index,
  pageCount,
  errors,
  urls,
  onChange,
  onUploaded,
  onDelete,
  onMove,
  autoFocus,
}: {
  autoFocus: boolean;
  block: DraftBlock;
  pageIndex: number;
  index: number;
  pageCount: number;
  errors: Record<string, string[]>;
  urls: Record<string, string>;
  onChange: (data: AdminBlockData) => void;
  onUploaded: (uploaded: AdminUpload) => void;
  onDelete: () => void;
  onMove: (toPage: number) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: block.key });
  const name = blockName(block.data.type);
  const where = `блок ${index + 1} на странице ${pageIndex + 1}`;
  const general = Object.entries(errors)
    .filter(([field]) => !shownField(block.data.type, field))
    .flatMap(([, messages]) => messages);
  const invalid = Object.keys(errors).length > 0;
  const body = useRef<HTMLDivElement>(null);
  // A block just added: its first field takes the focus.
  useFocusFirstField(body, autoFocus, 'input, textarea, [contenteditable="true"]');
  return (
    <li
      ref={setNodeRef}
      className={`le-block${isDragging ? ' is-dragging' : ''}${invalid ? ' le-block--invalid' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-block-type={block.data.type}
      aria-label={`${name}, ${where}`}
    >
      <div className="le-block__head">
        <button type="button" ref={setActivatorNodeRef} className="le-block__handle" aria-label={`Переставить: ${name}, ${where}`} {...attributes} {...listeners}>
          <span aria-hidden="true">⠿</span>
        </button>
        <span className="le-block__name">{name}</span>
        {pageCount > 1 ? (
          <label className="le-block__move">
            <span className="visually-hidden">Перенести на страницу</span>
            <select
              className="le-input le-select"
              value={pageIndex}
              aria-label={`Страница блока: ${name}, ${where}`}
              onChange={(event) => onMove(Number(event.target.value))}
            >
              {Array.from({ length: pageCount }, (_, page) => (
                <option key={page} value={page}>
                  {page === pageIndex ? `Страница ${page + 1}` : `→ на страницу ${page + 1}`}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="button" className="le-block__delete" onClick={onDelete} aria-label={`Удалить: ${name}, ${where}`}>
          Удалить
        </button>
      </div>
      {general.length ? (
        <p className="le-field__error" role="alert">
          {general.join(' ')}
        </p>
      ) : null}
      <div className="le-block__body" ref={body}>
        <BlockFields data={block.data} onChange={onChange} errors={errors} urls={urls} onUploaded={onUploaded} where={where} />
      </div>
    </li>
  );
}

function PageBlocks({
  page,
  pageIndex,
  pageCount,
  errors,
  urls,
  onReorder,
  children,
}: {
  page: DraftPage;
  pageIndex: number;
  pageCount: number;
  errors: BlockErrors;
  urls: Record<string, string>;
  onReorder: (from: number, to: number) => void;
  children: (block: DraftBlock, index: number, extra: { errors: Record<string, string[]>; urls: Record<string, string>; pageCount: number }) => ReactNode;
}) {
  const sensors = useSortableSensors();
  const onDragEnd = (event: DragEndEvent) => {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const from = page.blocks.findIndex((block) => block.key === active.id);
    const to = page.blocks.findIndex((block) => block.key === over.id);
    if (from >= 0 && to >= 0) onReorder(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      // Blocks change height while a drag goes on: a keyboard drop must not land on stale positions.
      measuring={MEASURE_ON_EVERY_MOVE}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: announcements(page.blocks), screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={page.blocks.map((block) => block.key)} strategy={verticalListSortingStrategy}>
        <ol className="le-blocks" aria-label={`Блоки страницы ${pageIndex + 1}`}>
          {page.blocks.map((block, index) => children(block, index, { errors: errors.blocks[block.key] ?? {}, urls, pageCount }))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function Preview({ lesson, saved, dirty, render }: { lesson: AdminLesson; saved: AdminBlocks; dirty: boolean; render: RenderBlocks }) {
  const [page, setPage] = useState(0);
  const pages = saved.pages;
  const current = Math.min(page, Math.max(0, pages.length - 1));
  const views = pages[current]?.map((block) => block.view) ?? [];
  return (
    <section className="le-preview" aria-label="Просмотр урока глазами ученика">
      {dirty ? <p className="le-note">Просмотр показывает сохранённую версию урока. Сохраните, чтобы увидеть последние изменения.</p> : null}
      {pages.length > 1 ? (
        <nav className="le-preview__pages" aria-label="Страницы урока">
          {pages.map((_, index) => (
            <button key={index} type="button" className="le-tab" aria-pressed={index === current} onClick={() => setPage(index)}>
              Страница {index + 1}
            </button>
          ))}
        </nav>
      ) : null}
      <article className="lesson le-preview__lesson" aria-labelledby="le-preview-title">
        <p className="lesson__module">{lesson.module.title}</p>
        <h1 className="lesson__title" id="le-preview-title">
          {lesson.title}
        </h1>
        <p className="lesson__meta">
          {pages.length > 1 ? (
            <span>
              Страница {current + 1} из {pages.length}
            </span>
          ) : null}
          {lesson.duration_minutes ? <span>{lesson.duration_minutes} мин</span> : null}
        </p>
        {views.length ? (
          <div key={current}>{render(views, lesson)}</div>
        ) : (
          <p className="learn-note">На этой странице пока ничего нет.</p>
        )}
      </article>
    </section>
  );
}

export function LessonEditor({ lesson: loadedLesson, content, renderBlocks }: { lesson: AdminLesson; content: AdminBlocks; renderBlocks: RenderBlocks }) {
  const [lesson, setLesson] = useState(loadedLesson);
  const [pages, setPages] = useState<DraftPage[]>(() => pagesFrom(content));
  const pagesRef = useRef(pages);
  const [saved, setSaved] = useState(content);
  const [urls, setUrls] = useState<Record<string, string>>(() => mediaUrls(content));
  const version = useRef(content.updated_at);
  const revision = useRef(0);
  const savedRevision = useRef(0);
  const [blocksDirty, setBlocksDirty] = useState(false);
  const [blockErrors, setBlockErrors] = useState<BlockErrors>({ blocks: {}, general: [] });
  const [conflict, setConflict] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [copied, setCopied] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const form = useApiForm(SETTINGS_FIELDS);
  const settings = useForm<Settings>({ defaultValues: settingsOf(loadedLesson) });
  const settingsDirty = settings.formState.isDirty;
  const dirty = blocksDirty || settingsDirty;

  const change = useCallback((next: (pages: DraftPage[]) => DraftPage[]) => {
    const updated = next(pagesRef.current);
    pagesRef.current = updated;
    revision.current += 1;
    setPages(updated);
    setBlocksDirty(true);
  }, []);

  const save = useCallback(async () => {
    await form.run(async () => {
      setConflict(null);
      setCopied(false);
      setBlockErrors({ blocks: {}, general: [] });
      const refuse = (error: unknown): never => {
        if (error instanceof ApiRequestError && error.status === 409) {
          const detail = (error.body as { detail?: string } | null)?.detail ?? 'Урок изменили в другом месте.';
          setConflict(detail);
          throw new FormRejection({ fields: {}, general: [] });
        }
        throw error;
      };
      if (settings.formState.isDirty) {
        const values = settings.getValues();
        const duration = values.duration.trim();
        const updated = await adminApi
          .patchLesson(lesson.id, {
            title: values.title,
            duration_minutes: duration ? Number(duration) : null,
            is_published: values.is_published,
            updated_at: version.current,
          })
          .catch(refuse);
        version.current = updated.updated_at;
        setLesson(updated);
        settings.reset(settingsOf(updated));
      }
      if (revision.current !== savedRevision.current) {
        const sent = pagesRef.current;
        const sentRevision = revision.current;
        const result = await adminApi.putLessonBlocks(lesson.id, toPut(sent, version.current)).catch((error: unknown) => {
          if (error instanceof ApiRequestError && error.status === 400) {
            const found = blockErrorsOf(error.body, sent);
            setBlockErrors(found);
            const count = Object.keys(found.blocks).length;
            throw new FormRejection({
              fields: {},
              general: [...(count ? [`Не сохранено: проверьте отмеченные блоки (${count}).`] : []), ...found.general],
            });
          }
          return refuse(error);
        });
        version.current = result.updated_at;
        const adopted = adoptSaved(pagesRef.current, sent, result);
        pagesRef.current = adopted;
        setPages(adopted);
        setSaved(result);
        setUrls((known) => ({ ...known, ...mediaUrls(result) }));
        savedRevision.current = sentRevision;
        setBlocksDirty(revision.current !== sentRevision);
      }
      setSavedAt(timeNow());
    });
  }, [form, lesson.id, settings]);

  // Ctrl+S / Cmd+S saves (in any keyboard layout: by the key's place).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.code === 'KeyS') {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save]);

  // Unsaved changes: leaving by a link, the back button or closing the tab asks first.
  const guard = useUnsavedGuard(dirty, 'В уроке есть несохранённые изменения. Если уйти сейчас, они пропадут.');

  const addBlock = (pageIndex: number, type: BlockType) => {
    const key = newKey('b');
    setAdded(key);
    change((current) => current.map((page, index) => (index === pageIndex ? { ...page, blocks: [...page.blocks, { key, data: emptyBlock(type) }] } : page)));
  };
  const removeBlock = (blockKey: string) => change((current) => current.map((page) => ({ ...page, blocks: page.blocks.filter((block) => block.key !== blockKey) })));
  const removePage = (pageIndex: number) =>
    change((current) => {
      const rest = current.filter((_, index) => index !== pageIndex);
      return rest.length ? rest : [{ key: newKey('p'), blocks: [] }];
    });
  const onUploaded = useCallback((uploaded: AdminUpload) => setUrls((known) => ({ ...known, [uploaded.key]: uploaded.url })), []);

  const confirmText = (() => {
    if (!confirm) return '';
    if (confirm.kind === 'block') return `Удалить блок «${blockName(confirm.block.data.type)}» со страницы ${confirm.page + 1}? Всё, что в нём написано и загружено, пропадёт, когда вы сохраните урок.`;
    if (confirm.kind === 'page') {
      const count = pages[confirm.page]?.blocks.length ?? 0;
      return `Удалить страницу ${confirm.page + 1} вместе с её блоками (${count})? Их содержимое пропадёт, когда вы сохраните урок.`;
    }
    return 'Загрузить сохранённую версию урока? Изменения, которые вы не сохранили, пропадут — сначала скопируйте текст, если он нужен.';
  })();
  const doConfirm = () => {
    if (confirm?.kind === 'block') removeBlock(confirm.block.key);
    if (confirm?.kind === 'page') removePage(confirm.page);
    if (confirm?.kind === 'reload') {
      guard.release();
      window.location.reload();
    }
    setConfirm(null);
  };

  const copyContent = async () => {
    try {
      await navigator.clipboard.writeText(contentAsText(pagesRef.current));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const settingsError = (field: string) => form.errorsOf(field);
  const status = form.busy ? 'Сохраняем…' : dirty ? 'Есть несохранённые изменения' : savedAt ? `Сохранено в ${savedAt}` : 'Изменений нет';

  return (
    <div className="le">
      <p className="le-back">
        {/* The course's programme page (modules, lessons, tests), not its settings. */}
        <Link to={`/admin/courses/${lesson.course.id}/`}>← К программе курса «{lesson.course.title}»</Link>
      </p>
      <header className="le-head">
        <div>
          <p className="le-head__module">Модуль «{lesson.module.title}»</p>
          <h1 className="le-head__title">Урок «{lesson.title}»</h1>
        </div>
        <div className="le-tabs" role="group" aria-label="Режим">
          <button type="button" className="le-tab" aria-pressed={mode === 'edit'} onClick={() => setMode('edit')}>
            Редактор
          </button>
          <button type="button" className="le-tab" aria-pressed={mode === 'preview'} onClick={() => setMode('preview')}>
            Просмотр
          </button>
        </div>
      </header>

      <div className="le-savebar" role="region" aria-label="Сохранение">
        <button type="button" className="button button--primary" onClick={() => void save()} aria-busy={form.busy} disabled={form.busy}>
          Сохранить
        </button>
        <span className="le-savebar__status" role="status">
          {status}
        </span>
        <span className="le-savebar__hint">Ctrl+S (⌘S) — тоже сохранить</span>
      </div>
      {form.problems.general.length ? (
        <div className="le-alert" role="alert">
          {form.problems.general.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      {conflict ? (
        <div className="le-alert le-alert--conflict" role="alert">
          <p>
            <strong>{conflict}</strong>
          </p>
          <p>Ваши изменения остались на экране и не сохранены. Скопируйте текст урока, чтобы не потерять его, затем загрузите свежую версию.</p>
          <div className="le-actions">
            <button type="button" className="button button--ghost le-small" onClick={() => void copyContent()}>
              Скопировать текст урока
            </button>
            <button type="button" className="button button--ghost le-small" onClick={() => setConfirm({ kind: 'reload' })}>
              Загрузить свежую версию
            </button>
            {copied ? <span role="status">Текст скопирован.</span> : null}
          </div>
        </div>
      ) : null}

      {mode === 'preview' ? (
        <Preview lesson={lesson} saved={saved} dirty={dirty} render={renderBlocks} />
      ) : (
        <>
          <form
            className="le-settings"
            aria-label="Настройки урока"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <div className="le-field le-settings__title">
              <label className="le-field__label" htmlFor="le-title">
                Название урока
              </label>
              <input
                id="le-title"
                className="le-input"
                aria-invalid={settingsError('title').length ? true : undefined}
                aria-describedby={settingsError('title').length ? 'le-title-error' : undefined}
                {...settings.register('title')}
              />
              {settingsError('title').length ? (
                <p className="le-field__error" id="le-title-error" role="alert">
                  {settingsError('title').join(' ')}
                </p>
              ) : null}
            </div>
            <div className="le-field le-settings__duration">
              <label className="le-field__label" htmlFor="le-duration">
                Длительность, минут
              </label>
              <input
                id="le-duration"
                className="le-input"
                type="number"
                min={1}
                max={1440}
                inputMode="numeric"
                aria-invalid={settingsError('duration_minutes').length ? true : undefined}
                aria-describedby={settingsError('duration_minutes').length ? 'le-duration-error' : undefined}
                {...settings.register('duration')}
              />
              {settingsError('duration_minutes').length ? (
                <p className="le-field__error" id="le-duration-error" role="alert">
                  {settingsError('duration_minutes').join(' ')}
                </p>
              ) : null}
            </div>
            <label className="le-switch">
              <input type="checkbox" {...settings.register('is_published')} />
              <span>Урок опубликован (ученики его видят)</span>
            </label>
            {settingsError('is_published').length ? <p className="le-field__error">{settingsError('is_published').join(' ')}</p> : null}
          </form>

          {pages.map((page, pageIndex) => (
            <section key={page.key} className="le-page" aria-labelledby={`le-page-${page.key}`}>
              <div className="le-page__head">
                <h2 className="le-page__title" id={`le-page-${page.key}`}>
                  Страница {pageIndex + 1}
                </h2>
                <button
                  type="button"
                  className="le-block__delete"
                  onClick={() => (page.blocks.length ? setConfirm({ kind: 'page', page: pageIndex }) : removePage(pageIndex))}
                  disabled={pages.length === 1 && page.blocks.length === 0}
                >
                  Удалить страницу {pageIndex + 1}
                </button>
              </div>
              {page.blocks.length ? (
                <PageBlocks
                  page={page}
                  pageIndex={pageIndex}
                  pageCount={pages.length}
                  errors={blockErrors}
                  urls={urls}
                  onReorder={(from, to) => change((current) => reorder(current, pageIndex, from, to))}
                >
                  {(block, index, extra) => (
                    <SortableBlock
                      key={block.key}
                      block={block}
                      autoFocus={block.key === added}
                      pageIndex={pageIndex}
                      index={index}
                      pageCount={extra.pageCount}
                      errors={extra.errors}
                      urls={extra.urls}
                      onChange={(data) => change((current) => current.map((p) => ({ ...p, blocks: p.blocks.map((b) => (b.key === block.key ? { ...b, data } : b)) })))}
                      onUploaded={onUploaded}
                      onDelete={() => (hasContent(block.data) ? setConfirm({ kind: 'block', page: pageIndex, block }) : removeBlock(block.key))}
                      onMove={(toPage) => change((current) => moveToPage(current, block.key, toPage))}
                    />
                  )}
                </PageBlocks>
              ) : (
                <p className="le-note">На странице пока нет блоков. Пустая страница при сохранении не останется.</p>
              )}
              <div className="le-add" role="group" aria-label={`Добавить блок на страницу ${pageIndex + 1}`}>
                <span className="le-add__label">Добавить блок:</span>
                {BLOCK_TYPES.map(({ type, name }) => (
                  <button key={type} type="button" className="button button--ghost le-small" onClick={() => addBlock(pageIndex, type)}>
                    + {name}
                  </button>
                ))}
              </div>
            </section>
          ))}
          <button type="button" className="button button--ghost" onClick={() => change((current) => [...current, { key: newKey('p'), blocks: [] }])}>
            + Добавить страницу
          </button>
        </>
      )}

      <Modal open={confirm !== null} onClose={() => setConfirm(null)} title={confirm?.kind === 'reload' ? 'Загрузить свежую версию?' : 'Удаление'} className="learn-dialog">
        <div className="learn-dialog__body">
          <p>{confirmText}</p>
          <div className="learn-dialog__actions">
            <button type="button" className="button button--primary" onClick={doConfirm}>
              {confirm?.kind === 'reload' ? 'Загрузить' : 'Удалить'}
            </button>
            <button type="button" className="button button--ghost" data-autofocus onClick={() => setConfirm(null)}>
              Отмена
            </button>
          </div>
        </div>
      </Modal>
{guard.dialog}
    </div>
  );
}
