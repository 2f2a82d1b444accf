// Homework's calls (decision 0087), one file per side under routes/: the curator's queue, card,
// claim and review; the course owner's curators.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeworkCuratorRoutes } from './routes/curator.ts';
import { courseCuratorRoutes } from './routes/curators.ts';

export const homeworkRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(homeworkCuratorRoutes);
  await app.register(courseCuratorRoutes);
};
