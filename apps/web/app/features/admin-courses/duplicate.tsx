import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminCourse, AdminCourseCard, AdminModule } from '@crema/contract';
import { Modal } from '../../ui/Modal.tsx';
import { useApiForm } from '../../api/useApiForm.ts';
import { problemsOf } from '../../api/problems.ts';
import { FormMessages } from '../../ui/FormMessages.tsx';
import { adminApi } from './ui.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { adminPaths } from './paths.ts';

// Copies in the course builder (decision 0040): a lesson or test into a module of any
// of the owner's courses ('Копировать в другой курс…'), and a whole course ('Дублировать курс').
// Duplicating a lesson or test next to the original is a plain button of the programme.

export type CopyItem = { type: 'lesson' | 'test'; id: number; title: string };
export type Copied = { text: string; href: string; moduleId: number; courseId: number };

const what = (type: CopyItem['type']) => (type === 'lesson' ? 'урока' : 'теста');

/**
 * The copy menu of a lesson or test row: 'Дублировать' (next to the original) and 'Копировать в
 * другой курс…'. A native disclosure (<details>): Enter or Space opens it, Tab walks its items,
 * Escape or a click elsewhere closes it.
 */
export function CopyMenu({ label, busy, onDuplicate, onCopyElsewhere }: { label: string; busy: boolean; onDuplicate: () => void; onCopyElsewhere: () => void }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) ref.current.open = false;
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const choose = (action: () => void) => () => {
    if (ref.current) ref.current.open = false;
    action();
  };
  return (
    <details
      ref={ref}
      className="admin-menu"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !ref.current?.open) return;
        event.stopPropagation();
        ref.current.open = false;
        ref.current.querySelector('summary')?.focus();
      }}
    >
      <summary className="admin-icon-button" aria-label={`Меню копирования: ${label}`}>
        Копировать ▾
      </summary>
      <div className="admin-menu__list">
        <button type="button" className="admin-menu__item" disabled={busy} aria-label={`Дублировать ${label}`} onClick={choose(onDuplicate)}>
          Дублировать
          <span className="admin-muted admin-small"> — копия сразу после оригинала</span>
        </button>
        <button type="button" className="admin-menu__item" aria-label={`Копировать ${label} в другой курс`} onClick={choose(onCopyElsewhere)}>
          Копировать в другой курс…
        </button>
      </div>
    </details>
  );
}

/** 'Копировать в другой курс…': a course and its module, then a copy at the end of that module. */
export function CopyToCourseDialog({
  item,
  currentCourseId,
  onClose,
  onCopied,
}: {
  item: CopyItem | null;
  currentCourseId: number;
  onClose: () => void;
  onCopied: (copied: Copied) => void;
}) {
  return (
    <Modal open={item !== null} onClose={onClose} title={item?.type === 'test' ? 'Копировать тест в другой курс' : 'Копировать урок в другой курс'} className="admin-dialog">
      {item ? <CopyForm key={`${item.type}-${item.id}`} item={item} currentCourseId={currentCourseId} onClose={onClose} onCopied={onCopied} /> : null}
    </Modal>
  );
}

function CopyForm({ item, currentCourseId, onClose, onCopied }: { item: CopyItem; currentCourseId: number; onClose: () => void; onCopied: (copied: Copied) => void }) {
  const id = useId();
  const [courses, setCourses] = useState<AdminCourseCard[] | null>(null);
  const [courseId, setCourseId] = useState<number | null>(null);
  const [modules, setModules] = useState<AdminModule[] | null>(null);
  const [moduleId, setModuleId] = useState<number | null>(null);
  const [loadProblems, setLoadProblems] = useState<string[]>([]);
  const form = useApiForm(['module_id']);
  // The course whose modules are wanted: an older answer arriving late is dropped.
  const wanted = useRef<number | null>(null);

  const loadModules = (courseToLoad: number) => {
    wanted.current = courseToLoad;
    return adminApi.modules(courseToLoad).then((list) => {
      if (wanted.current !== courseToLoad) return;
      setModules(list);
      setModuleId(list[0]?.id ?? null);
    });
  };
  const failed = (error: unknown) => setLoadProblems(problemsOf(error, []).general);

  // The owner's courses; another course than this one is chosen first.
  useEffect(() => {
    adminApi
      .courses({ page_size: 100 })
      .then((page) => {
        setCourses(page.results);
        const first = (page.results.find((c) => c.id !== currentCourseId) ?? page.results[0])?.id ?? null;
        setCourseId(first);
        return first === null ? undefined : loadModules(first);
      })
      .catch(failed);
    return () => {
      wanted.current = -1;
    };
    // Once per opening (the form is keyed by the item).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const course = courses?.find((c) => c.id === courseId);
  const module = modules?.find((m) => m.id === moduleId);
  const moduleErrors = form.errorsOf('module_id');

  return (
    <form
      className="admin-dialog__body"
      noValidate
      onSubmit={form.onSubmit(async () => {
        if (!course || !module) return;
        const copy = item.type === 'lesson' ? await adminApi.duplicateLesson(item.id, module.id) : await adminApi.duplicateTest(item.id, module.id);
        onCopied({
          text: `Копия ${what(item.type)} «${item.title}» добавлена в конец модуля «${module.title}» курса «${course.title}» как черновик.`,
          href: item.type === 'lesson' ? adminPaths.lesson(copy.id) : adminPaths.test(copy.id),
          moduleId: module.id,
          courseId: course.id,
        });
        onClose();
      })}
    >
      <p>
        Копия {what(item.type)} «{item.title}» со всем содержимым появится в конце выбранного модуля как черновик. Оригинал не изменится.
      </p>
      <FormMessages look="admin" messages={loadProblems} />
      {courses === null && !loadProblems.length ? <p className="admin-muted">Загружаем ваши курсы…</p> : null}
      {courses ? (
        <div className="admin-field">
          <label className="admin-field__label" htmlFor={`${id}-course`}>
            Курс
          </label>
          <select
            id={`${id}-course`}
            value={courseId ?? ''}
            data-autofocus
            onChange={(event) => {
              const next = Number(event.target.value);
              setCourseId(next);
              setModules(null);
              setModuleId(null);
              loadModules(next).catch(failed);
            }}
          >
            {courses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
                {c.id === currentCourseId ? ' (этот курс)' : ''}
                {c.is_published ? '' : ' — черновик'}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {courses && courseId !== null && modules === null && !loadProblems.length ? <p className="admin-muted">Загружаем модули…</p> : null}
      {modules ? (
        modules.length ? (
          <div className="admin-field">
            <label className="admin-field__label" htmlFor={`${id}-module`}>
              Модуль
            </label>
            <select
              id={`${id}-module`}
              value={moduleId ?? ''}
              onChange={(event) => setModuleId(Number(event.target.value))}
              aria-invalid={moduleErrors.length ? true : undefined}
            >
              {modules.map((m, index) => (
                <option key={m.id} value={m.id}>
                  Модуль {index + 1}. {m.title}
                </option>
              ))}
            </select>
            {moduleErrors.length ? <p className="admin-field__error">{moduleErrors.join(' ')}</p> : null}
          </div>
        ) : (
          <p className="admin-alert" role="alert">
            В этом курсе пока нет модулей. Добавьте модуль в его программе или выберите другой курс.
          </p>
        )
      ) : null}
      <FormMessages look="admin" messages={form.problems.general} />
      <div className="admin-actions">
        <button type="submit" className="button button--primary" disabled={!course || !module || form.busy} aria-busy={form.busy}>
          Копировать
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          Отмена
        </button>
      </div>
    </form>
  );
}

/** 'Дублировать курс': says what is and is not copied, makes the copy and opens its settings. */
export function DuplicateCourseButton({ course, className = 'button button--ghost button--small' }: { course: Pick<AdminCourse, 'id' | 'title'>; className?: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-label={`Дублировать курс «${course.title}»`}>
        Дублировать
      </button>
      <ConfirmDialog look="admin"
        open={open}
        title="Дублировать курс?"
        confirmLabel="Создать копию"
        onClose={() => setOpen(false)}
        action={async () => {
          const copy = await adminApi.duplicateCourse(course.id);
          await navigate(adminPaths.edit(copy.id));
        }}
      >
        <p>
          Будет создан новый курс «{course.title} (копия)» — черновик со всеми модулями, уроками и тестами в том же порядке,
          описанием и ценой. Учеников он не увидит, пока вы его не опубликуете.
        </p>
        <p className="admin-muted">Не копируются: ученики и их доступы, заказы, ссылки-приглашения, отзывы, группы и расписание, статистика.</p>
      </ConfirmDialog>
    </>
  );
}
