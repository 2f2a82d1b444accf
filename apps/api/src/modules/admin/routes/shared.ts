// What the course builder's routes have in common: their tag, access and the answers they share.
import { detailErrorSchema, fieldErrorsSchema } from '@crema/contract';

export const tags = ['admin'];
export const owner = { access: 'owner' as const };
export const invalid = { 400: fieldErrorsSchema };
export const courseMissing = { 404: detailErrorSchema.describe('Нет такого курса среди ваших') };
export const moduleMissing = { 404: detailErrorSchema.describe('Нет такого модуля в ваших курсах') };
export const lessonMissing = { 404: detailErrorSchema.describe('Нет такого урока в ваших курсах') };
export const stale = (what: string) => ({ 409: detailErrorSchema.describe(`${what} изменили после того, как его открыли: ничего не записано`) });
export const testMissing = { 404: detailErrorSchema.describe('Нет такого теста (вопроса, ответа) в ваших курсах') };
/** A call without a body is the same as `{}` (the copy goes next to the original). */
export const emptyBodyIsEmptyObject = async (request: { body: unknown }) => {
  request.body ??= {};
};
export const ORDER_NOTE = 'Полный новый порядок: каждый id списка ровно один раз; иначе 400 под `order`, и ничего не меняется.';
