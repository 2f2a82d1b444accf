import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DndContext, closestCenter, type Announcements, type DragEndEvent, type ScreenReaderInstructions } from '@dnd-kit/core';
import { SortableContext, arrayMove, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { AdminCourse, AdminModule } from '@crema/contract';
import { formatCount } from '@crema/contract/format';
import { useApiForm } from '../../api/useApiForm.ts';
import { problemsOf } from '../../api/problems.ts';
import type { ContentItem } from '../../api/admin.ts';
import { useSortableSensors } from '../../ui/sortable.ts';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { adminApi } from './ui.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { adminPaths } from './paths.ts';
import { CopyMenu, CopyToCourseDialog, type Copied, type CopyItem } from './duplicate.tsx';
import './admin.css';

// /admin/courses/{id}/ 'Программа' (decision 0036): modules with their lessons and tests in one
// sequence. Added, renamed and deleted in place; reordered by dragging the handle or by the
// keyboard (focus the handle, Space, arrows, Space), each move saved at once as the whole order.

const QUESTION_FORMS = ['вопрос', 'вопроса', 'вопросов'] as const;
const BLOCK_FORMS = ['блок', 'блока', 'блоков'] as const;

type Item = { type: 'lesson' | 'test'; id: number; title: string; is_published: boolean; sort: number; note: string };

/** A module's lessons and tests as the outline shows them: one sequence by `sort`, lessons first on a tie. */
export function moduleItems(module: AdminModule): Item[] {
  const lessons: Item[] = module.lessons.map((lesson) => ({
    type: 'lesson',
    id: lesson.id,
    title: lesson.title,
    is_published: lesson.is_published,
    sort: lesson.sort,
    note: formatCount(lesson.blocks_count, BLOCK_FORMS),
  }));
  const tests: Item[] = module.tests.map((test) => ({
    type: 'test',
    id: test.id,
    title: test.title,
    is_published: test.is_published,
    sort: test.sort,
    note: formatCount(test.questions_count, QUESTION_FORMS),
  }));
  return [...lessons, ...tests].sort((a, b) => a.sort - b.sort || (a.type === b.type ? a.id - b.id : a.type === 'lesson' ? -1 : 1));
}

const itemKey = (item: Pick<Item, 'type' | 'id'>) => `${item.type}-${item.id}`;

const INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'Чтобы переставить, нажмите пробел, затем стрелками вверх и вниз выберите место и нажмите пробел ещё раз. Escape — отменить.',
};
function announcements(nameOf: (id: string | number) => string): Announcements {
  return {
    onDragStart: ({ active }) => `Взят элемент «${nameOf(active.id)}».`,
    onDragOver: ({ active, over }) => (over ? `«${nameOf(active.id)}» над местом «${nameOf(over.id)}».` : `«${nameOf(active.id)}» вне списка.`),
    onDragEnd: ({ active, over }) => (over ? `«${nameOf(active.id)}» поставлен на место «${nameOf(over.id)}».` : `«${nameOf(active.id)}» оставлен на месте.`),
    onDragCancel: ({ active }) => `Перестановка «${nameOf(active.id)}» отменена.`,
  };
}


function Sortable({ id, label, className, children }: { id: string; label: string; className: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button type="button" className="admin-handle" aria-label={`Переставить: ${label}`} {...attributes} {...listeners}>
      ⠿
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={`${className}${isDragging ? ` ${className}--dragging` : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      {children(handle)}
    </li>
  );
}

/** A title edited in place: Enter or 'Сохранить' saves, Escape or 'Отмена' leaves it as it was. */
function InlineTitle({ label, initial, submitLabel, onSave, onDone }: { label: string; initial: string; submitLabel: string; onSave: (title: string) => Promise<unknown>; onDone: () => void }) {
  const [value, setValue] = useState(initial);
  const form = useApiForm(['title', 'name']);
  const errors = [...form.errorsOf('title'), ...form.errorsOf('name'), ...form.problems.general];
  return (
    <form
      className="admin-inline"
      noValidate
      onSubmit={form.onSubmit(async () => {
        await onSave(value);
        onDone();
      })}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onDone();
        }
      }}
    >
      <input aria-label={label} value={value} maxLength={200} autoFocus onChange={(event) => setValue(event.target.value)} aria-invalid={errors.length ? true : undefined} />
      <button type="submit" className="admin-icon-button" disabled={form.busy} aria-busy={form.busy}>
        {submitLabel}
      </button>
      <button type="button" className="admin-icon-button" onClick={onDone}>
        Отмена
      </button>
      {errors.length ? (
        <p className="admin-field__error" role="alert" style={{ flexBasis: '100%' }}>
          {errors.join(' ')}
        </p>
      ) : null}
    </form>
  );
}

type Removal =
  | { kind: 'module'; module: AdminModule }
  | { kind: 'lesson' | 'test'; item: Item };

export function ProgrammeScreen({ course, modules: loaded }: { course: Pick<AdminCourse, 'id' | 'title'>; modules: AdminModule[] }) {
  const [modules, setModules] = useState(loaded);
  const [editing, setEditing] = useState<string | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [orderProblems, setOrderProblems] = useState<string[]>([]);
  // Copies (decision 0040): the last one's notice, shown under its module, and the copy marked.
  const [copied, setCopied] = useState<(Copied & { key: string }) | null>(null);
  const [copying, setCopying] = useState<CopyItem | null>(null);
  const duplication = useApiForm();
  const moduleSensors = useSortableSensors();
  const itemSensors = useSortableSensors();

  const refresh = async () => setModules(await adminApi.modules(course.id));

  /** 'Дублировать': a draft copy right after the original. */
  const duplicate = (item: Item, module: AdminModule) =>
    duplication.run(async () => {
      setCopied(null);
      const copy = item.type === 'lesson' ? await adminApi.duplicateLesson(item.id) : await adminApi.duplicateTest(item.id);
      await refresh();
      setCopied({
        key: `${item.type}-${copy.id}`,
        text: `Копия ${item.type === 'lesson' ? 'урока' : 'теста'} «${item.title}» добавлена сразу после оригинала как черновик.`,
        href: item.type === 'lesson' ? adminPaths.lesson(copy.id) : adminPaths.test(copy.id),
        moduleId: module.id,
        courseId: course.id,
      });
    });

  const moduleName = (id: string | number) => modules.find((module) => `module-${module.id}` === id)?.title ?? '';
  const itemName = (id: string | number) =>
    modules.flatMap(moduleItems).find((item) => itemKey(item) === id)?.title ?? '';

  async function saveOrder(before: AdminModule[], next: AdminModule[], call: () => Promise<unknown>) {
    setModules(next);
    setOrderProblems([]);
    try {
      await call();
    } catch (error) {
      setModules(before);
      const problems = problemsOf(error, []);
      setOrderProblems(['Порядок не сохранён.', ...problems.general]);
    }
  }

  function onModulesDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = modules.findIndex((module) => `module-${module.id}` === active.id);
    const to = modules.findIndex((module) => `module-${module.id}` === over.id);
    if (from < 0 || to < 0) return;
    const next = arrayMove(modules, from, to);
    void saveOrder(modules, next, () => adminApi.setModuleOrder(course.id, next.map((module) => module.id)));
  }

  function onItemsDragEnd(module: AdminModule, { active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const items = moduleItems(module);
    const from = items.findIndex((item) => itemKey(item) === active.id);
    const to = items.findIndex((item) => itemKey(item) === over.id);
    if (from < 0 || to < 0) return;
    const moved = arrayMove(items, from, to).map((item, index) => ({ ...item, sort: index + 1 }));
    const sortOf = new Map(moved.map((item) => [itemKey(item), item.sort]));
    const nextModule: AdminModule = {
      ...module,
      lessons: module.lessons.map((lesson) => ({ ...lesson, sort: sortOf.get(`lesson-${lesson.id}`) ?? lesson.sort })),
      tests: module.tests.map((test) => ({ ...test, sort: sortOf.get(`test-${test.id}`) ?? test.sort })),
    };
    const order: ContentItem[] = moved.map((item) => ({ type: item.type, id: item.id }));
    void saveOrder(
      modules,
      modules.map((each) => (each.id === module.id ? nextModule : each)),
      () => adminApi.setContentOrder(module.id, order),
    );
  }

  return (
    <section aria-labelledby="admin-programme-title">
      <div className="admin-head">
        <h1 id="admin-programme-title">Программа курса</h1>
        <span className="admin-head__actions">
          <Link className="button button--ghost" to={adminPaths.preview(course.id)}>
            Просмотр как ученик
          </Link>
          <Link className="button button--ghost" to={adminPaths.finalTests(course.id)}>
            Итоговые тесты
          </Link>
        </span>
      </div>
      <p className="admin-muted">
        Перетаскивайте модули, уроки и тесты за значок ⠿ или с клавиатуры: фокус на значок, пробел, стрелки, пробел. Порядок
        сохраняется сразу.
      </p>
      <FormMessages look="admin" messages={[...orderProblems, ...duplication.problems.general]} />
      {copied && copied.courseId !== course.id ? (
        <p className="admin-notice" role="status">
          {copied.text} <Link to={copied.href}>Открыть копию</Link>
        </p>
      ) : null}
      {modules.length === 0 ? <p className="admin-empty">В курсе пока нет модулей. Добавьте первый модуль, а в нём — уроки и тесты.</p> : null}
      <DndContext
        sensors={moduleSensors}
        collisionDetection={closestCenter}
        onDragEnd={onModulesDragEnd}
        accessibility={{ announcements: announcements(moduleName), screenReaderInstructions: INSTRUCTIONS }}
      >
        <SortableContext items={modules.map((module) => `module-${module.id}`)} strategy={verticalListSortingStrategy}>
          <ol className="admin-modules" aria-label="Модули">
            {modules.map((module, index) => {
              const items = moduleItems(module);
              return (
                <Sortable key={module.id} id={`module-${module.id}`} label={`модуль «${module.title}»`} className="admin-module">
                  {(handle) => (
                    <>
                      <div className="admin-module__head">
                        {handle}
                        {editing === `module-${module.id}` ? (
                          <InlineTitle
                            label="Название модуля"
                            initial={module.title}
                            submitLabel="Сохранить"
                            onSave={async (title) => {
                              await adminApi.renameModule(module.id, title);
                              await refresh();
                            }}
                            onDone={() => setEditing(null)}
                          />
                        ) : (
                          <>
                            <h2>
                              <span className="admin-muted">Модуль {index + 1}.</span> {module.title}
                            </h2>
                            <button type="button" className="admin-icon-button" onClick={() => setEditing(`module-${module.id}`)}>
                              Переименовать
                            </button>
                            <button type="button" className="admin-icon-button" onClick={() => setRemoval({ kind: 'module', module })}>
                              Удалить
                            </button>
                          </>
                        )}
                      </div>
                      <DndContext
                        sensors={itemSensors}
                        collisionDetection={closestCenter}
                        onDragEnd={(event) => onItemsDragEnd(module, event)}
                        accessibility={{ announcements: announcements(itemName), screenReaderInstructions: INSTRUCTIONS }}
                      >
                        <SortableContext items={items.map(itemKey)} strategy={verticalListSortingStrategy}>
                          <ol className="admin-items" aria-label={`Уроки и тесты модуля «${module.title}»`}>
                            {items.map((item) => (
                              <Sortable
                                key={itemKey(item)}
                                id={itemKey(item)}
                                label={`${item.type === 'lesson' ? 'урок' : 'тест'} «${item.title}»`}
                                className={copied?.key === itemKey(item) ? 'admin-item admin-item--fresh' : 'admin-item'}
                              >
                                {(handle) =>
                                  editing === itemKey(item) ? (
                                    <>
                                      {handle}
                                      <InlineTitle
                                        label={item.type === 'lesson' ? 'Название урока' : 'Название теста'}
                                        initial={item.title}
                                        submitLabel="Сохранить"
                                        onSave={async (title) => {
                                          await (item.type === 'lesson' ? adminApi.renameLesson(item.id, title) : adminApi.renameTest(item.id, title));
                                          await refresh();
                                        }}
                                        onDone={() => setEditing(null)}
                                      />
                                    </>
                                  ) : (
                                    <>
                                      {handle}
                                      <span className="admin-item__kind">{item.type === 'lesson' ? 'Урок' : 'Тест'}</span>
                                      <span className="admin-item__title">
                                        <Link to={item.type === 'lesson' ? adminPaths.lesson(item.id) : adminPaths.test(item.id)}>{item.title}</Link>{' '}
                                        <span className="admin-muted admin-small">
                                          {item.note}
                                          {item.is_published ? '' : ', черновик'}
                                        </span>
                                      </span>
                                      <button type="button" className="admin-icon-button" onClick={() => setEditing(itemKey(item))}>
                                        Переименовать
                                      </button>
                                      <CopyMenu
                                        label={`${item.type === 'lesson' ? 'урок' : 'тест'} «${item.title}»`}
                                        busy={duplication.busy}
                                        onDuplicate={() => void duplicate(item, module)}
                                        onCopyElsewhere={() => setCopying({ type: item.type, id: item.id, title: item.title })}
                                      />
                                      <button type="button" className="admin-icon-button" onClick={() => setRemoval({ kind: item.type, item })}>
                                        Удалить
                                      </button>
                                    </>
                                  )
                                }
                              </Sortable>
                            ))}
                          </ol>
                        </SortableContext>
                      </DndContext>
                      {copied && copied.courseId === course.id && copied.moduleId === module.id ? (
                        <p className="admin-notice" role="status">
                          {copied.text} <Link to={copied.href}>Открыть копию</Link>
                        </p>
                      ) : null}
                      {editing === `add-lesson-${module.id}` || editing === `add-test-${module.id}` ? (
                        <InlineTitle
                          label={editing.startsWith('add-lesson') ? 'Название нового урока' : 'Название нового теста'}
                          initial=""
                          submitLabel="Добавить"
                          onSave={async (title) => {
                            await (editing.startsWith('add-lesson') ? adminApi.createLesson(module.id, title) : adminApi.createTest(module.id, title));
                            await refresh();
                          }}
                          onDone={() => setEditing(null)}
                        />
                      ) : (
                        <div className="admin-actions">
                          <button type="button" className="admin-icon-button" onClick={() => setEditing(`add-lesson-${module.id}`)}>
                            + Урок
                          </button>
                          <button type="button" className="admin-icon-button" onClick={() => setEditing(`add-test-${module.id}`)}>
                            + Тест
                          </button>
                        </div>
                      )}
                    </>
                  )}
                </Sortable>
              );
            })}
          </ol>
        </SortableContext>
      </DndContext>
      <div style={{ marginTop: 16 }}>
        {editing === 'add-module' ? (
          <InlineTitle
            label="Название нового модуля"
            initial=""
            submitLabel="Добавить"
            onSave={async (title) => {
              await adminApi.createModule(course.id, title);
              await refresh();
            }}
            onDone={() => setEditing(null)}
          />
        ) : (
          <button type="button" className="button button--primary" onClick={() => setEditing('add-module')}>
            Добавить модуль
          </button>
        )}
      </div>
      <RemoveDialog removal={removal} onClose={() => setRemoval(null)} onRemoved={refresh} />
      <CopyToCourseDialog
        item={copying}
        currentCourseId={course.id}
        onClose={() => setCopying(null)}
        onCopied={(done) => {
          setCopied({ ...done, key: '' });
          if (done.courseId === course.id) void refresh();
        }}
      />
    </section>
  );
}

/** '1 уроком', '3 уроками' (after «вместе с»); '' for none. */
function withCount(n: number, one: string, many: string): string {
  if (n === 0) return '';
  return `${n}\u00a0${n % 10 === 1 && n % 100 !== 11 ? one : many}`;
}

/** WarningDelete: what goes with the module, lesson or test. */
function RemoveDialog({ removal, onClose, onRemoved }: { removal: Removal | null; onClose: () => void; onRemoved: () => Promise<unknown> }) {
  let title = '';
  let text = '';
  if (removal?.kind === 'module') {
    const { module } = removal;
    const parts = [withCount(module.lessons.length, 'уроком', 'уроками'), withCount(module.tests.length, 'тестом', 'тестами')].filter(Boolean).join(' и ');
    title = 'Удалить модуль?';
    text = `Модуль «${module.title}» будет удалён${parts ? ` вместе с ${parts}` : ''}, прогрессом учеников и их попытками тестов в нём. Вернуть это будет нельзя.`;
  } else if (removal?.kind === 'lesson') {
    title = 'Удалить урок?';
    text = `Урок «${removal.item.title}» будет удалён вместе со всем содержимым (${removal.item.note}) и отметками учеников о его прохождении. Вернуть это будет нельзя.`;
  } else if (removal?.kind === 'test') {
    title = 'Удалить тест?';
    text = `Тест «${removal.item.title}» будет удалён вместе с вопросами (${removal.item.note}) и всеми попытками учеников. Вернуть это будет нельзя.`;
  }
  return (
    <ConfirmDialog look="admin"
      open={removal !== null}
      title={title}
      confirmLabel="Удалить"
      onClose={onClose}
      action={async () => {
        if (!removal) return;
        if (removal.kind === 'module') await adminApi.deleteModule(removal.module.id);
        else if (removal.kind === 'lesson') await adminApi.deleteLesson(removal.item.id);
        else await adminApi.deleteTest(removal.item.id);
        await onRemoved();
      }}
    >
      <p>{text}</p>
    </ConfirmDialog>
  );
}
