import type { HomeworkAnswer, HomeworkThread } from '@crema/contract';
import { json, type ApiFetch } from '../../api/client.ts';

// The learner's homework calls (decision 0087), through the one client: `id` is the enrolment (user
// course), as on the lesson pages. The answer makes something: an Idempotency-Key and a resend
// when its answer is lost (decision 0078), so a second press after a lost answer is one message.

export function homeworkApi(fetcher: ApiFetch) {
  const path = (id: number, blockId: number) => `/api/user/course/${id}/homework/${blockId}/`;
  return {
    thread: (id: number, blockId: number) => json<HomeworkThread>(fetcher, path(id, blockId)),
    answer: (id: number, blockId: number, body: HomeworkAnswer) => json<HomeworkThread>(fetcher, path(id, blockId), { method: 'POST', body, once: true }),
  };
}

/** The threads of a page's homework blocks by block id; one that fails to load is null (the block says so). */
export async function loadThreads(fetcher: ApiFetch, id: number, blocks: readonly { type: string; id: number }[]): Promise<Record<number, HomeworkThread | null>> {
  const api = homeworkApi(fetcher);
  const homework = blocks.filter((block) => block.type === 'homework');
  const threads = await Promise.all(homework.map((block) => api.thread(id, block.id).catch(() => null)));
  return Object.fromEntries(homework.map((block, index) => [block.id, threads[index] ?? null]));
}
