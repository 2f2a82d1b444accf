// Teachers and reviews of the site (decision 0073): staff edit teachers and moderate reviews under
// /admin/school/site/; a learner leaves a review of a course they study under /user/course/{id}/review/.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  detailErrorSchema,
  fieldErrorsSchema,
  learnerReviewBodySchema,
  learnerReviewSchema,
  siteParamsSchema,
  siteReviewReplySchema,
  siteReviewSchema,
  siteReviewsNewCountSchema,
  siteReviewsPageSchema,
  siteReviewsQuerySchema,
  siteReviewStateSchema,
  siteReviewUpdateSchema,
  siteTeacherCreateSchema,
  siteTeacherSchema,
  siteTeachersOrderSchema,
  siteTeachersSchema,
  siteTeacherUpdateSchema,
  userCourseParamsSchema,
} from '@crema/contract';
import { noStore } from '../auth/http.ts';
import { signedInActor, staffActor } from '../auth/plugin.ts';
import { createLearnerReview, getLearnerReview } from './learner.ts';
import { countNewReviews, getSiteReview, listSiteReviews, replyToReview, setReviewStatus, updateSiteReview } from './reviews.ts';
import { createSiteTeacher, deleteSiteTeacher, getSiteTeacher, listSiteTeachers, reorderSiteTeachers, updateSiteTeacher } from './teachers.ts';

const errors = { 400: fieldErrorsSchema, 500: detailErrorSchema } as const;
const conflict = { 409: detailErrorSchema.describe('Изменено в другом окне: версия не совпала') } as const;
const noTeacher = { 404: detailErrorSchema.describe('Такого преподавателя нет') } as const;
const noReview = { 404: detailErrorSchema.describe('Такого отзыва нет') } as const;
/** Every change here is something guests see: the catalogue's caches drop (decision 0069). */
const catalog = ['catalog'] as const;

export const siteReviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  // ------------------------------------------------------------ teachers (staff)
  {
    const tags = ['site-teachers'];
    app.get(
      '/admin/school/site/teachers/',
      {
        config: { access: 'staff' },
        onSend: noStore,
        schema: { summary: 'Преподаватели в порядке сайта, с их курсами и группами (сотрудники)', tags, response: { 200: siteTeachersSchema, ...errors } },
      },
      async () => listSiteTeachers(db),
    );
    app.get(
      '/admin/school/site/teachers/:id/',
      {
        config: { access: 'staff' },
        onSend: noStore,
        schema: { summary: 'Один преподаватель (сотрудники)', tags, params: siteParamsSchema, response: { 200: siteTeacherSchema, ...errors, ...noTeacher } },
      },
      async (request) => getSiteTeacher(db, request.params.id),
    );
    app.post(
      '/admin/school/site/teachers/',
      {
        config: { access: 'staff', audit: 'teacher.create', changes: catalog },
        onSend: noStore,
        schema: {
          summary: 'Добавить преподавателя: фото, имя, должность, рассказ, курсы, показ на главной',
          description: 'Новый преподаватель встаёт последним. Фото — ключ картинки из POST /api/admin/uploads/?kind=image.',
          tags,
          body: siteTeacherCreateSchema,
          response: { 201: siteTeacherSchema, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await createSiteTeacher(db, staffActor(request), request.body)),
    );
    app.put(
      '/admin/school/site/teachers/order/',
      {
        config: { access: 'staff', audit: 'teacher.reorder', changes: catalog },
        onSend: noStore,
        schema: {
          summary: 'Расставить преподавателей по порядку',
          description: 'ids — все преподаватели в новом порядке; если список с тех пор изменился — 409.',
          tags,
          body: siteTeachersOrderSchema,
          response: { 200: siteTeachersSchema, ...errors, ...conflict },
        },
      },
      async (request) => reorderSiteTeachers(db, staffActor(request), request.body.ids),
    );
    app.patch(
      '/admin/school/site/teachers/:id/',
      {
        config: { access: 'staff', audit: 'teacher.update', changes: catalog },
        onSend: noStore,
        schema: {
          summary: 'Сохранить преподавателя (вся форма с версией)',
          description: 'Если преподавателя изменили после того, как форму открыли (version не совпала), — 409, ничего не сохраняется.',
          tags,
          params: siteParamsSchema,
          body: siteTeacherUpdateSchema,
          response: { 200: siteTeacherSchema, ...errors, ...noTeacher, ...conflict },
        },
      },
      async (request) => updateSiteTeacher(db, staffActor(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/school/site/teachers/:id/',
      {
        config: { access: 'staff', audit: 'teacher.delete', changes: catalog },
        onSend: noStore,
        schema: {
          summary: 'Удалить преподавателя',
          description: 'Преподаватель на странице курса или в группе в расписании не удаляется — 409 со списком, где он указан. Ответ 204.',
          tags,
          params: siteParamsSchema,
          response: { 204: z.null().describe('Удалён'), ...errors, ...noTeacher, 409: detailErrorSchema.describe('Преподаватель указан в курсах или группах') },
        },
      },
      async (request, reply) => {
        await deleteSiteTeacher(db, staffActor(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  }

  // ------------------------------------------------------------ reviews (staff)
  {
    const tags = ['site-reviews'];
    app.get(
      '/admin/school/site/reviews/',
      {
        config: { access: 'staff' },
        onSend: noStore,
        schema: {
          summary: 'Отзывы на проверку и все остальные: фильтры по статусу, курсу, оценке, поиск (сотрудники)',
          description: 'Новые сверху, дальше — от новых к старым.',
          tags,
          querystring: siteReviewsQuerySchema,
          response: { 200: siteReviewsPageSchema, ...errors },
        },
      },
      async (request) => listSiteReviews(db, request.query, request.url),
    );
    app.get(
      '/admin/school/site/reviews/new-count/',
      {
        config: { access: 'staff' },
        onSend: noStore,
        schema: { summary: 'Сколько новых отзывов ждут проверки (для вкладки)', tags, response: { 200: siteReviewsNewCountSchema, ...errors } },
      },
      async () => countNewReviews(db),
    );
    app.get(
      '/admin/school/site/reviews/:id/',
      {
        config: { access: 'staff' },
        onSend: noStore,
        schema: { summary: 'Один отзыв (сотрудники)', tags, params: siteParamsSchema, response: { 200: siteReviewSchema, ...errors, ...noReview } },
      },
      async (request) => getSiteReview(db, request.params.id),
    );
    app.patch(
      '/admin/school/site/reviews/:id/',
      {
        config: { access: 'staff', audit: 'review.update', changes: catalog },
        onSend: noStore,
        schema: {
          summary: 'Исправить отзыв: опечатку в тексте или имени, показ на главной',
          description: 'Старый и новый текст остаются в журнале. Если отзыв изменили после того, как его открыли, — 409.',
          tags,
          params: siteParamsSchema,
          body: siteReviewUpdateSchema,
          response: { 200: siteReviewSchema, ...errors, ...noReview, ...conflict },
        },
      },
      async (request) => updateSiteReview(db, staffActor(request), request.params.id, request.body),
    );
    app.post(
      '/admin/school/site/reviews/:id/publish/',
      {
        config: { access: 'staff', audit: 'review.publish', changes: catalog },
        onSend: noStore,
        schema: {
          summary: 'Опубликовать отзыв: он появляется на сайте и входит в оценку курса',
          description: 'Новый отзыв получает сегодняшнюю дату. Уже опубликованный — 400; изменённый в другом окне — 409.',
          tags,
          params: siteParamsSchema,
          body: siteReviewStateSchema,
          response: { 200: siteReviewSchema, ...errors, ...noReview, ...conflict },
        },
      },
      async (request) => setReviewStatus(db, staffActor(request), request.params.id, request.body.version, 'published'),
    );
    app.post(
      '/admin/school/site/reviews/:id/hide/',
      {
        config: { access: 'staff', audit: 'review.hide', changes: catalog },
        onSend: noStore,
        schema: {
          summary: 'Скрыть отзыв: он пропадает с сайта и из оценки курса',
          description: 'Уже скрытый — 400; изменённый в другом окне — 409.',
          tags,
          params: siteParamsSchema,
          body: siteReviewStateSchema,
          response: { 200: siteReviewSchema, ...errors, ...noReview, ...conflict },
        },
      },
      async (request) => setReviewStatus(db, staffActor(request), request.params.id, request.body.version, 'hidden'),
    );
    app.post(
      '/admin/school/site/reviews/:id/reply/',
      {
        config: { access: 'staff', audit: 'review.reply', changes: catalog },
        onSend: noStore,
        schema: {
          summary: 'Ответить на отзыв от имени школы (пустой ответ — убрать)',
          description: 'Ответ виден под отзывом на сайте, когда отзыв опубликован. Изменённый в другом окне — 409.',
          tags,
          params: siteParamsSchema,
          body: siteReviewReplySchema,
          response: { 200: siteReviewSchema, ...errors, ...noReview, ...conflict },
        },
      },
      async (request) => replyToReview(db, staffActor(request), request.params.id, request.body),
    );
  }

  // ------------------------------------------------------------ a learner's review
  {
    const tags = ['learning'];
    const notFound = { 404: detailErrorSchema.describe('Нет такого курса пользователя, или доступ к нему закрыт') };
    app.get(
      '/user/course/:id/review/',
      {
        config: { access: 'user' },
        onSend: noStore,
        schema: {
          summary: 'Свой отзыв о курсе, который учишь, и подпись по умолчанию',
          tags,
          params: userCourseParamsSchema,
          response: { 200: learnerReviewSchema, ...notFound },
        },
      },
      async (request) => getLearnerReview(db, signedInActor(request), request.params.id),
    );
    app.post(
      '/user/course/:id/review/',
      {
        config: { access: 'user' },
        onSend: noStore,
        schema: {
          summary: 'Оставить отзыв о курсе, который учишь (один на курс)',
          description: 'Отзыв приходит школе как новый и появится на сайте после проверки. Второй отзыв о том же курсе — 409.',
          tags,
          params: userCourseParamsSchema,
          body: learnerReviewBodySchema,
          response: { 201: learnerReviewSchema, 400: fieldErrorsSchema, ...notFound, 409: detailErrorSchema.describe('Отзыв об этом курсе уже есть') },
        },
      },
      async (request, reply) => reply.code(201).send(await createLearnerReview(db, signedInActor(request), request.params.id, request.body)),
    );
  }
};
