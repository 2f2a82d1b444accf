// Certificates of completion (decision 0085): the course builder's settings, preview and list
// (owners, staff every course), the learner's certificates and PDFs, the public verification.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { create as contentDisposition } from 'content-disposition';
import { z } from 'zod';
import {
  certificateIdParams,
  certificateListQuerySchema,
  certificateNumberParams,
  certificateRevokeFormSchema,
  certificateSettingsFormSchema,
  certificateSettingsSchema,
  certificateVerificationSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  idParamSchema,
  issuedCertificatePageSchema,
  issuedCertificateSchema,
  myCertificatesSchema,
} from '@crema/contract';
import { signedInActor } from '../auth/plugin.ts';
import { noStore } from '../auth/http.ts';
import { getSettings, previewPdf, saveSettings } from './settings.ts';
import { listCertificates, reissueCertificate, revokeCertificate } from './registry.ts';
import { myCertificatePdf, myCertificates, verifyCertificate } from './public.ts';
import { checkCourse } from './issue.ts';

const adminTags = ['admin'];
const owner = { access: 'owner' as const };
const courseMissing = { 404: detailErrorSchema.describe('Нет такого курса среди ваших') };
const certificateMissing = { 404: detailErrorSchema.describe('Нет такого курса среди ваших или такого сертификата в нём') };
const conflict = { 409: detailErrorSchema.describe('Сертификат уже отозван или заменён (перевыпуск: ФИО не изменилось или не указано)') };
const pdf = z.any().describe('Файл PDF (application/pdf)');

export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const links = { publicUrl: app.deps.config.publicUrl };
  const storage = app.media.storage;

  app.get(
    '/admin/courses/:id/certificate/',
    {
      config: owner,
      schema: { summary: 'Настройки сертификата курса', tags: adminTags, params: idParamSchema, response: { 200: certificateSettingsSchema, ...courseMissing } },
    },
    async (request) => getSettings(db, signedInActor(request), request.params.id),
  );

  app.put(
    '/admin/courses/:id/certificate/',
    {
      config: { ...owner, audit: 'certificate.settings' },
      schema: {
        summary: 'Включить сертификат и задать условие, тексты и картинки',
        description:
          'rule: all_done — пройдены все опубликованные уроки и итоговые тесты; tests_share — пройдено не меньше min_share % опубликованных тестов курса. ' +
          'Картинки — ключи загрузок POST /api/admin/uploads/?kind=image.',
        tags: adminTags,
        params: idParamSchema,
        body: certificateSettingsFormSchema,
        response: { 200: certificateSettingsSchema, 400: fieldErrorsSchema, ...courseMissing },
      },
    },
    async (request) => {
      const saved = await saveSettings(db, signedInActor(request), request.params.id, request.body);
      // Learners who already meet the rule get theirs now, not at their next step.
      if (saved.enabled) await checkCourse(db, links, request.params.id);
      return saved;
    },
  );

  app.get(
    '/admin/courses/:id/certificate/preview/',
    {
      config: owner,
      onSend: noStore,
      schema: {
        summary: 'Образец сертификата (PDF) с примерным ФИО',
        description: 'Сохранённые настройки курса, ФИО «Иванова Ирина Петровна» и номер-образец, которого нет ни у одного сертификата.',
        tags: adminTags,
        params: idParamSchema,
        response: { 200: pdf, ...courseMissing },
      },
    },
    async (request, reply) => {
      const bytes = await previewPdf(db, storage, links, signedInActor(request), request.params.id);
      return reply.type('application/pdf').header('content-disposition', contentDisposition('certificate-sample.pdf', { type: 'inline' })).send(Buffer.from(bytes));
    },
  );

  app.get(
    '/admin/courses/:id/certificates/',
    {
      config: owner,
      schema: {
        summary: 'Выданные сертификаты курса',
        description: 'Сначала новые, по 20 на странице; search — часть номера или ФИО.',
        tags: adminTags,
        params: idParamSchema,
        querystring: certificateListQuerySchema,
        response: { 200: issuedCertificatePageSchema, 400: fieldErrorsSchema, ...courseMissing },
      },
    },
    async (request) => listCertificates(db, signedInActor(request), request.params.id, request.query, request.url),
  );

  app.post(
    '/admin/courses/:id/certificates/:certificateId/revoke/',
    {
      config: { ...owner, audit: 'certificate.revoke', changes: ['pages'] },
      schema: {
        summary: 'Отозвать сертификат',
        description: 'Причина видна владельцу и сотрудникам (и в журнале), но не на странице проверки: там — «Сертификат отозван» и дата.',
        tags: adminTags,
        params: certificateIdParams,
        body: certificateRevokeFormSchema,
        response: { 200: issuedCertificateSchema, 400: fieldErrorsSchema, ...certificateMissing, ...conflict },
      },
    },
    async (request) => revokeCertificate(db, signedInActor(request), request.params.id, request.params.certificateId, request.body.reason),
  );

  app.post(
    '/admin/courses/:id/certificates/:certificateId/reissue/',
    {
      config: { ...owner, audit: 'certificate.reissue', changes: ['pages'] },
      schema: {
        summary: 'Перевыпустить сертификат после смены ФИО',
        description: 'Новый номер и ФИО из личных данных; старый помечается заменённым, его страница проверки говорит только «заменён».',
        tags: adminTags,
        params: certificateIdParams,
        response: { 200: issuedCertificateSchema, ...certificateMissing, ...conflict },
      },
    },
    async (request) => reissueCertificate(db, links, signedInActor(request), request.params.id, request.params.certificateId),
  );

  app.get(
    '/user/certificates/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Мои сертификаты',
        description: 'Сначала проверяет курсы с сертификатом: выдаёт заработанные; name_needed — курсы, где сертификат ждёт фамилию и имя в личных данных.',
        tags: ['user'],
        response: { 200: myCertificatesSchema },
      },
    },
    async (request) => myCertificates(db, links, signedInActor(request)),
  );

  app.get(
    '/user/certificates/:number/pdf/',
    {
      config: { access: 'user' },
      onSend: noStore,
      schema: {
        summary: 'Скачать свой сертификат (PDF)',
        tags: ['user'],
        params: certificateNumberParams,
        response: { 200: pdf, 404: detailErrorSchema.describe('Нет такого действующего сертификата у вас') },
      },
    },
    async (request, reply) => {
      const { certificate, pdf: bytes } = await myCertificatePdf(db, storage, links, signedInActor(request), request.params.number);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`certificate-${certificate.number}.pdf`))
        .send(Buffer.from(bytes));
    },
  );

  app.get(
    '/certificates/:number/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Проверить сертификат по номеру',
        description:
          'Действителен, отозван или заменён; курс, дата выдачи, инициалы и фамилия. Неизвестный и неверно записанный номер — одинаковый 404. ' +
          'С одной сети — не больше 30 проверок за 10 минут, затем 429.',
        tags: ['certificates'],
        params: certificateNumberParams,
        response: { 200: certificateVerificationSchema, 404: detailErrorSchema, 429: detailErrorSchema },
      },
    },
    async (request) => verifyCertificate(db, request.ip, request.params.number),
  );
};
