// Homework's calls (decision 0087), one file per side under routes/: the learner's thread and
// answer, the tus uploads, the access-checked files; the curator's queue, card, claim and review;
// the course owner's curators.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeworkCuratorRoutes } from './routes/curator.ts';
import { courseCuratorRoutes } from './routes/curators.ts';
import { homeworkFileRoutes } from './routes/files.ts';
import { homeworkLearnerRoutes } from './routes/learner.ts';
import { homeworkUploadRoutes } from './routes/uploads.ts';

export const homeworkRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(homeworkLearnerRoutes);
  await app.register(homeworkUploadRoutes);
  await app.register(homeworkFileRoutes);
  await app.register(homeworkCuratorRoutes);
  await app.register(courseCuratorRoutes);
};
