// The audit trail for staff: GET /api/admin/school/audit/.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema, detailErrorSchema, fieldErrorsSchema } from '@crema/contract';
import { noStore } from '../auth/http.ts';
import { listAuditEvents } from './journal.ts';

const tags = ['audit'];

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/admin/school/audit/',
    {
      config: { access: 'staff' },
      onSend: noStore,
      schema: {
        summary: 'Журнал действий сотрудников и владельцев курсов (только сотрудники)',
        description:
          'Кто, когда, с какого адреса и что изменил: изменённые поля до и после, персональные данные скрыты. ' +
          'Фильтры — действие, вид записи и её id, курс, кто действовал, дни по Москве; поиск по e-mail и описанию. ' +
          'Записи хранятся AUDIT_RETENTION_DAYS дней.',
        tags,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, 400: fieldErrorsSchema, 500: detailErrorSchema },
      },
    },
    async (request) => listAuditEvents(db, request.query, request.url),
  );
};
