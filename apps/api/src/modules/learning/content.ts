// Course content as every learner of a course sees it — the published structure, the blocks of
// each lesson page and each test's questions with their answers — kept per process for CONTENT_CACHE_TTL_MS like the site's content (decision
// 0005). Nothing per learner goes through it: access, progress and attempts are read every time
// (decision 0028).
import { and, asc, eq } from 'drizzle-orm';
import type { LessonBlockView } from '@crema/contract';
import type { Db } from '../../db/client.ts';
import { lessonBlocks } from '../../db/schema/index.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { MediaService } from '../media/images.ts';
import { toLessonBlock } from './blocks.ts';
import type { GradedQuestion } from './grading.ts';
import { loadQuestions } from './questions.ts';
import { loadStructure, loadStructures, type CourseStructure, type StructureSource } from './outline.ts';

export class LearningContent {
  private readonly cache: TtlCache;

  constructor(
    private readonly db: Db,
    private readonly media: MediaService,
    ttlMs: number,
  ) {
    this.cache = new TtlCache(ttlMs, 2000);
  }

  /** Forgets every kept structure and page (the content changed, decision 0069). */
  clear(): void {
    this.cache.clear();
  }

  /**
   * The published modules, lessons (with page counts) and tests of a course; `many` of several
   * courses, the ones not kept loaded together in 3 queries (decision 0061).
   */
  readonly structure: StructureSource = Object.assign(
    (courseId: number): Promise<CourseStructure> => this.cache.get(`structure:${courseId}`, () => loadStructure(this.db, courseId)),
    { many: (courseIds: readonly number[]) => this.structures(courseIds) },
  );

  private async structures(courseIds: readonly number[]): Promise<Map<number, CourseStructure>> {
    // Every course asks the cache at once (synchronously); its misses join one load, started after
    // the last of them has asked, so N courses missing cost 3 queries, not 3 × N.
    const missing: number[] = [];
    let batch: Promise<Map<number, CourseStructure>> | undefined;
    const loadMissing = (courseId: number) => {
      missing.push(courseId);
      batch ??= Promise.resolve().then(() => loadStructures(this.db, missing));
      return batch.then((loaded) => loaded.get(courseId)!);
    };
    const ids = [...new Set(courseIds)];
    const structures = await Promise.all(ids.map((id) => this.cache.get(`structure:${id}`, () => loadMissing(id))));
    return new Map(ids.map((id, index) => [id, structures[index]!]));
  }

  /** The blocks of one lesson page, as the API answers them. */
  blocks(lessonId: number, page: number): Promise<LessonBlockView[]> {
    return this.cache.get(`blocks:${lessonId}:${page}`, async () => {
      const rows = await this.db
        .select({ id: lessonBlocks.id, type: lessonBlocks.type, data: lessonBlocks.data })
        .from(lessonBlocks)
        .where(and(eq(lessonBlocks.lessonId, lessonId), eq(lessonBlocks.page, page)))
        .orderBy(asc(lessonBlocks.sort), asc(lessonBlocks.id));
      return Promise.all(rows.map((row) => toLessonBlock(this.media, row)));
    });
  }

  /**
   * A test's questions with their answers, by id: what an answer save checks the answers against
   * and the quiz shows (decision 0084). Grading reads them afresh in its transaction.
   */
  questions(testId: number): Promise<Map<number, GradedQuestion & { probability: number }>> {
    return this.cache.get(`questions:${testId}`, () => loadQuestions(this.db, testId));
  }
}
