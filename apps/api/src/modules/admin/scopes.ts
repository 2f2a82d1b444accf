// What a course owner reaches in /api/admin/ (decision 0035): their own courses
// (catalog's `ownedBy`: staff every course) and everything inside them. Each condition goes into
// the query that reads the thing, so another owner's id answers 404 like a missing one.
import { and, eq, type SQL } from 'drizzle-orm';
import { courseModules, courses } from '../../db/schema/index.ts';
import type { Actor } from '../auth/actor.ts';
import { ownedBy } from '../catalog/scopes.ts';

export { ownedBy };

/** For a query over `course_modules ⋈ courses`: a module of a course the actor administers. */
export function ownedModules(actor: Actor): SQL {
  return and(ownedBy(actor), eq(courseModules.courseId, courses.id))!;
}

export const ADMIN_TEXTS = {
  courseNotFound: 'Курс не найден.',
  moduleNotFound: 'Модуль не найден.',
  categoryMissing: 'Нет такой категории.',
  slugTaken: 'Такой адрес уже занят другим курсом.',
  conflict:
    'Курс изменили в другом окне или это сделал другой человек. Обновите страницу, чтобы увидеть новую версию, — ваши изменения не сохранены.',
  hasLearners: (n: string) => `У курса ${n}: его можно снять с публикации, но нельзя удалить.`,
  hasOrders: 'По курсу есть заказы: его можно снять с публикации, но нельзя удалить.',
  orderMismatch: 'Список должен содержать каждый элемент ровно один раз — обновите страницу и попробуйте снова.',
  publish: {
    title: 'Укажите название курса.',
    price: 'Укажите цену курса (0 — бесплатный курс).',
    lesson: 'Добавьте хотя бы один опубликованный урок.',
  },
} as const;
