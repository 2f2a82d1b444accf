// What the catalogue's dictionaries share (decision 0072): their Russian refusals, the courses that
// use something named as people recognise them, the optimistic version check and whole-list orders.
import { asc, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type { DictionaryCourse } from '@crema/contract';
import type { Executor } from '../../db/client.ts';
import { courses } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';

export const DICTIONARY_TEXTS = {
  categoryNotFound: 'Направление не найдено.',
  collectionNotFound: 'Подборка не найдена.',
  attributeNotFound: 'Характеристика не найдена.',
  valueNotFound: 'Значение не найдено.',
  categorySlugTaken: 'Такой адрес уже у другого направления.',
  collectionSlugTaken: 'Такой адрес уже у другой подборки.',
  attributeSlugTaken: 'Такой адрес уже у другой характеристики.',
  valueTaken: 'Такое значение у характеристики уже есть.',
  valuesOnlyInLists: 'Значения бывают только у характеристики-списка.',
  conflict: (what: string) =>
    `${what} изменили в другом окне или это сделал другой сотрудник. Обновите страницу, чтобы увидеть новую версию, — ваши изменения не сохранены.`,
  orderMismatch: 'Список должен содержать каждый элемент ровно один раз — обновите страницу и попробуйте снова.',
  courseMissing: (ids: number[]) => `Нет таких курсов: ${ids.join(', ')}.`,
  imageNotYours: 'Эту картинку загрузил не вы: загрузите картинку заново.',
  categoryUsed: (courses: string) => `Направление нельзя удалить: в нём курсы ${courses}. Перенесите их в другое направление и повторите.`,
  audienceUsed: (courses: string) => `Аудиторию нельзя сменить, пока в направлении курсы ${courses}: перенесите их в другое направление.`,
  attributeUsed: (courses: string) => `Характеристику нельзя удалить: она задана у курсов ${courses}. Уберите её из настроек этих курсов и повторите.`,
  typeUsed: (courses: string) => `Тип нельзя сменить, пока характеристика задана у курсов ${courses}.`,
  valueUsed: (courses: string) => `Значение нельзя удалить: оно выбрано у курсов ${courses}. Выберите курсам другое значение и повторите.`,
} as const;

/** How many course titles a refusal names before 'и ещё N'. */
const NAMED = 3;

/**
 * The courses matching `where` as a refusal names them: '«Альтернатива», «Латте-арт» и ещё 4';
 * null when there are none.
 */
export async function coursesNamed(db: Executor, where: SQL): Promise<string | null> {
  const rows = await db
    .select({ title: courses.title, total: sql<number>`count(*) over ()::int` })
    .from(courses)
    .where(where)
    .orderBy(asc(courses.title), asc(courses.id))
    .limit(NAMED);
  if (rows.length === 0) return null;
  const total = rows[0]!.total;
  const titles = rows.map((row) => `«${row.title}»`).join(', ');
  return total > rows.length ? `${titles} и ещё ${total - rows.length}` : titles;
}

/** 409 unless the record is still the version the form was opened at (when the form says which). */
export function assertVersion(what: string, given: string | undefined, stored: Date): void {
  if (given !== undefined && new Date(given).getTime() !== stored.getTime()) throw new ApiError('conflict', DICTIONARY_TEXTS.conflict(what));
}

/** The next version of an edited row: later than the stored one even within one millisecond. */
export const nextVersion = (column: Column) => sql`greatest(now(), ${column} + interval '1 millisecond')`;

/** A whole new order must name every id of the list exactly once. */
export function assertWholeOrder(stored: readonly number[], given: readonly number[]): void {
  const known = new Set(stored);
  if (given.length !== stored.length || !given.every((id) => known.has(id))) throw ApiError.fields({ ids: [DICTIONARY_TEXTS.orderMismatch] });
}

/** Courses by id in the order given, or 400 under `field` naming the ids that do not exist. */
export async function coursesByIds(db: Executor, ids: readonly number[], field: string): Promise<DictionaryCourse[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: courses.id, title: courses.title, is_published: courses.isPublished }).from(courses).where(inArray(courses.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw ApiError.fields({ [field]: [DICTIONARY_TEXTS.courseMissing(missing)] });
  return ids.map((id) => byId.get(id)!);
}
