// The catalogue's attributes and the demo courses with their programs, tests and links.
import type { Executor } from '../client.ts';
import * as s from '../schema/index.ts';
import { attributes, categories, certificateLabels, formatLabels, levelLabels } from './data/catalog.ts';
import type { SeedCourse, SeedTest } from './data/types.ts';
import { required } from './helpers.ts';

export type AttributeIds = Map<string, { id: number; values: Map<string, number> }>;

export async function seedAttributes(tx: Executor): Promise<AttributeIds> {
  const result: AttributeIds = new Map();
  for (const [i, { values, ...attribute }] of attributes.entries()) {
    const [row] = await tx
      .insert(s.attributes)
      .values({ ...attribute, sort: i })
      .returning({ id: s.attributes.id });
    const id = required(row).id;
    const valueIds = new Map<string, number>();
    if (values) {
      const inserted = await tx
        .insert(s.attributeValues)
        .values(values.map((value, sort) => ({ attributeId: id, value, sort })))
        .returning({ id: s.attributeValues.id, value: s.attributeValues.value });
      for (const v of inserted) valueIds.set(v.value, v.id);
    }
    result.set(attribute.slug, { id, values: valueIds });
  }
  return result;
}

export interface SeededTest {
  id: number;
}

export interface SeededCourse {
  id: number;
  priceKopecks: number | null;
  /** Lessons in study order, with their page count. */
  lessons: { id: number; title: string; pages: number }[];
  moduleTests: SeededTest[];
  finalTest: SeededTest | null;
  teacherIds: number[];
}

export async function seedCourse(
  tx: Executor,
  course: SeedCourse,
  refs: {
    sort: number;
    ownerId: number;
    categoryId: number;
    teacherIds: number[];
    subsectionIds: number[];
    attributeIds: AttributeIds;
  },
): Promise<SeededCourse> {
  const category = required(categories.find((c) => c.slug === course.category));
  const [row] = await tx
    .insert(s.courses)
    .values({
      slug: course.slug,
      title: course.title,
      categoryId: refs.categoryId,
      isKids: category.audience === 'kids',
      shortDescription: course.shortDescription,
      description: course.description,
      priceKopecks: course.priceKopecks,
      oldPriceKopecks: course.oldPriceKopecks ?? null,
      durationHours: course.durationHours,
      durationText: course.durationText,
      format: course.format,
      level: course.level,
      ...ageRange(course.ages),
      image: course.image,
      isPublished: course.isPublished ?? true,
      isFeatured: course.isFeatured ?? false,
      sort: refs.sort,
      seoTitle: course.seoTitle,
      seoDescription: course.seoDescription,
      seoH1: course.title,
      seoKeywords: course.seoKeywords,
      ogTitle: course.title,
      ogDescription: course.shortDescription,
      ogImage: course.image,
      ownerId: refs.ownerId,
    })
    .returning({ id: s.courses.id });
  const courseId = required(row).id;

  await tx.insert(s.courseTeachers).values(refs.teacherIds.map((teacherId, sort) => ({ courseId, teacherId, sort })));
  await tx
    .insert(s.courseSubsections)
    .values(refs.subsectionIds.map((subsectionId, sort) => ({ courseId, subsectionId, sort })));
  await tx.insert(s.courseAttributes).values(courseAttributeRows(course, courseId, refs.attributeIds));

  const lessons: SeededCourse['lessons'] = [];
  const moduleTests: SeededTest[] = [];
  for (const [m, module] of course.modules.entries()) {
    const [moduleRow] = await tx
      .insert(s.courseModules)
      .values({ courseId, title: module.title, sort: m })
      .returning({ id: s.courseModules.id });
    const moduleId = required(moduleRow).id;
    const lessonRows = await tx
      .insert(s.lessons)
      .values(
        module.lessons.map((lesson, sort) => ({
          moduleId,
          title: lesson.title,
          sort,
          durationMinutes: lesson.minutes,
          isPublished: true,
        })),
      )
      .returning({ id: s.lessons.id, sort: s.lessons.sort, title: s.lessons.title });
    lessonRows.sort((a, b) => a.sort - b.sort);
    lessons.push(...lessonRows.map(({ id, title }, l) => ({ id, title, pages: module.lessons[l]?.page2?.length ? 2 : 1 })));
    await tx.insert(s.lessonBlocks).values(
      module.lessons.flatMap((lesson, l) => {
        const lessonId = required(lessonRows[l]).id;
        const pages = [lesson.blocks, lesson.page2 ?? []];
        return pages.flatMap((blocks, p) =>
          blocks.map((block, sort) => ({ lessonId, page: p + 1, sort, type: block.type, data: block.data })),
        );
      }),
    );
    if (module.test) moduleTests.push(await seedTest(tx, module.test, { courseId, moduleId, sort: module.lessons.length }));
  }
  const finalTest = course.finalTest ? await seedTest(tx, course.finalTest, { courseId, moduleId: null, sort: 0 }) : null;
  return { id: courseId, priceKopecks: course.priceKopecks, lessons, moduleTests, finalTest, teacherIds: refs.teacherIds };
}

/** The range of a kids' course's age text ('10–14 лет' → 10 and 14); no text is no limit. */
export function ageRange(ages: string | undefined): { ageMin: number | null; ageMax: number | null } {
  if (!ages) return { ageMin: null, ageMax: null };
  const match = /^(\d+)–(\d+) лет$/.exec(ages);
  if (!match) throw new Error(`seed: the age text ${ages} is not 'N–M лет'`);
  return { ageMin: Number(match[1]), ageMax: Number(match[2]) };
}

export function courseAttributeRows(course: SeedCourse, courseId: number, attributeIds: AttributeIds) {
  const attribute = (slug: string) => required(attributeIds.get(slug), `attribute ${slug}`);
  const listValue = (slug: string, value: string) => {
    const a = attribute(slug);
    return { courseId, attributeId: a.id, attributeValueId: required(a.values.get(value), `${slug}: ${value}`) };
  };
  const textValue = (slug: string, value: string) => ({ courseId, attributeId: attribute(slug).id, value });
  return [
    listValue('format', formatLabels[course.format]),
    listValue('level', levelLabels[course.level]),
    textValue('duration', course.durationText),
    ...(course.ages ? [listValue('age', course.ages)] : []),
    textValue('for-whom', `<p>${course.forWhom}</p>`),
    textValue('outcomes', `<ul>${course.outcomes.map((o) => `<li>${o}</li>`).join('')}</ul>`),
    listValue('certificate', certificateLabels[course.certificate]),
  ];
}

export async function seedTest(
  tx: Executor,
  test: SeedTest,
  place: { courseId: number; moduleId: number | null; sort: number },
): Promise<SeededTest> {
  const [row] = await tx
    .insert(s.tests)
    .values({
      courseId: place.courseId,
      moduleId: place.moduleId,
      name: test.name,
      description: test.description ?? null,
      passScore: test.passScore ?? 70,
      timeLimitMinutes: place.moduleId === null ? 20 : null,
      attemptsLimit: place.moduleId === null ? 3 : null,
      isPublished: true,
      sort: place.sort,
    })
    .returning({ id: s.tests.id });
  const testId = required(row).id;
  const questionRows = await tx
    .insert(s.questions)
    .values(test.questions.map((q, sort) => ({ testId, type: q.type, text: q.text, probability: q.probability ?? 100, sort })))
    .returning({ id: s.questions.id, sort: s.questions.sort });
  questionRows.sort((a, b) => a.sort - b.sort);
  await tx
    .insert(s.answers)
    .values(
      test.questions.flatMap((q, i) =>
        q.answers.map((a, sort) => ({
          questionId: required(questionRows[i]).id,
          text: a.text,
          isCorrect: a.isCorrect,
          connectId: a.connectId ?? null,
          sort,
        })),
      ),
    );
  return { id: testId };
}

