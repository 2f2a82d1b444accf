// The course builder's calls (decision 0035), one file per sub-resource
// under routes/, as the rules are one file each beside them. Every route is `owner` level (a
// student's token answers 403), and every query keeps to the actor's own courses, so another
// owner's ids answer 404 (scopes.ts). The only exception is the public `GET /api/invitations/{token}/`.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '../auth/http.ts';
import { UPLOAD_MAX_BYTES } from './uploads.ts';
import { adminAudienceRoutes } from './routes/audience.ts';
import { adminCourseRoutes } from './routes/courses.ts';
import { adminCatalogRoutes } from './routes/catalog.ts';
import { adminDuplicateRoutes } from './routes/duplicate.ts';
import { invitationRoutes } from './routes/invitations.ts';
import { adminLessonRoutes } from './routes/lessons.ts';
import { adminProgressRoutes } from './routes/progress.ts';
import { adminStructureRoutes } from './routes/structure.ts';
import { adminTestRoutes } from './routes/tests.ts';
import { adminUploadRoutes } from './routes/uploads.ts';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', noStore);
  // Uploads only: one file per request, streamed to disk (uploads.ts checks type and size).
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, fileSize: UPLOAD_MAX_BYTES + 1 } });
  // In this order, so the OpenAPI document lists the paths as before.
  await app.register(adminCourseRoutes);
  await app.register(adminStructureRoutes);
  await app.register(adminLessonRoutes);
  await app.register(adminTestRoutes);
  await app.register(adminDuplicateRoutes);
  await app.register(adminAudienceRoutes);
  await app.register(invitationRoutes);
  await app.register(adminUploadRoutes);
  await app.register(adminProgressRoutes);
  await app.register(adminCatalogRoutes);
};
