// Demo content for an empty database: a believable coffee school, so a newcomer sees a living
// site. Records in ./data refer to each other by slug or key; ids come from the inserts.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../client.ts';
import * as s from '../schema/index.ts';
import {
  attributes,
  categories,
  certificateLabels,
  formatLabels,
  levelLabels,
  subsections,
  teachers,
} from './data/catalog.ts';
import { configs } from './data/configs.ts';
import { baristaCourses } from './data/courses-barista.ts';
import { businessCourses } from './data/courses-business.ts';
import { kidsCourses } from './data/courses-kids.ts';
import { roastingCourses } from './data/courses-roasting.ts';
import { blogPosts, contentPages, type SeedPage } from './data/pages.ts';
import {
  banners,
  DEMO_PASSWORD,
  demoOwner,
  demoStudent,
  feedbackForms,
  menus,
  reviews,
  statisticsSources,
  type SeedMenuItem,
} from './data/site.ts';
import type { SeedCourse, SeedTest } from './data/types.ts';
import { teacherPhotoKey } from './media.ts';
import { hashPassword } from '../../modules/auth/passwords.ts';

/** Any constant shared by all Crema processes: whoever holds it seeds, the others wait and skip. */
const SEED_LOCK = 727_002;

const STUDIO_ADDRESS = 'Москва, ул. Покровка, д. 27, стр. 1, учебная студия Crema';
const DAY_MS = 86_400_000;
/** Moscow has been UTC+3 all year round since 2014. */
const MOSCOW_OFFSET = '+03:00';


/**
 * Seeds the demo school into an empty database, in one transaction. Returns seeded: false,
 * touching nothing, when there is content already (so it is safe on every start).
 */
export async function seedDatabase(db: Db): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const { rows } = await tx.execute<{ has_content: boolean }>(
      sql`select exists (select 1 from ${s.configs}) or exists (select 1 from ${s.categories}) as has_content`,
    );
    if (rows[0]?.has_content) return { seeded: false };
    await seed(tx, new Date());
    return { seeded: true };
  });
}

async function seed(tx: Executor, now: Date): Promise<void> {
  await tx.insert(s.configs).values(configs);

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [owner] = await tx.insert(s.users).values({ ...demoOwner, passwordHash }).returning({ id: s.users.id });
  const [student] = await tx
    .insert(s.users)
    .values({ ...demoStudent.profile, passwordHash })
    .returning({ id: s.users.id });
  const ownerId = required(owner).id;
  const studentId = required(student).id;

  const sourceIds = idsBy(
    await tx
      .insert(s.statisticsSources)
      .values(statisticsSources.map((source, sort) => ({ ...source, sort })))
      .returning({ id: s.statisticsSources.id, key: s.statisticsSources.key }),
    (r) => r.key,
  );
  const categoryIds = idsBy(
    await tx
      .insert(s.categories)
      .values(categories.map((category, sort) => ({ ...category, sort })))
      .returning({ id: s.categories.id, slug: s.categories.slug }),
    (r) => r.slug,
  );
  const attributeIds = await seedAttributes(tx);
  const teacherIds = new Map<string, number>();
  for (const [sort, { key, ...teacher }] of teachers.entries()) {
    const [row] = await tx
      .insert(s.teachers)
      .values({ ...teacher, photo: teacherPhotoKey(key), sort })
      .returning({ id: s.teachers.id });
    teacherIds.set(key, required(row).id);
  }
  const subsectionIds = idsBy(
    await tx
      .insert(s.subsections)
      .values(subsections.map((subsection, sort) => ({ ...subsection, sort })))
      .returning({ id: s.subsections.id, slug: s.subsections.slug }),
    (r) => r.slug,
  );

  const allCourses = [...baristaCourses, ...roastingCourses, ...businessCourses, ...kidsCourses];
  const seeded = new Map<string, SeededCourse>();
  for (const [i, course] of allCourses.entries()) {
    const result = await seedCourse(tx, course, {
      sort: i * 10,
      ownerId,
      categoryId: required(categoryIds.get(course.category), course.category),
      teacherIds: course.teachers.map((key) => required(teacherIds.get(key), `teacher ${key}`)),
      subsectionIds: course.subsections.map((slug) => required(subsectionIds.get(slug), slug)),
      attributeIds,
    });
    seeded.set(course.slug, result);
  }

  const groupIds = new Map<string, number[]>();
  for (const course of allCourses) {
    const seededCourse = required(seeded.get(course.slug));
    groupIds.set(course.slug, await seedGroups(tx, course, seededCourse, now));
  }

  await tx.insert(s.courseLinks).values({
    courseId: required(seeded.get('upravlenie-kofeinei')).id,
    title: 'Управляющие сети кофеен «Утро»',
    token: randomBytes(18).toString('base64url'),
    usesLimit: 5,
    createdById: ownerId,
  });

  const pagePaths = new Map<string, { id: number; path: string }>();
  for (const page of contentPages) pagePaths.set(page.slug, await seedPage(tx, page, now));
  for (const post of blogPosts) await seedPage(tx, post, now);

  for (const menu of menus) {
    const [row] = await tx.insert(s.menus).values({ key: menu.key, title: menu.title }).returning({ id: s.menus.id });
    await seedMenuItems(tx, required(row).id, null, menu.items, pagePaths);
  }

  const categoryLink = (link: string | undefined) =>
    link?.replace(/\{category:([a-z-]+)\}/, (_, slug: string) => `/courses/?category=${required(categoryIds.get(slug), slug)}`);
  await tx.insert(s.banners).values(banners.map((b, i) => ({ ...b, link: categoryLink(b.link), sort: i })));

  await tx.insert(s.reviews).values(
    reviews.map(({ course, daysAgo, ...review }) => ({
      ...review,
      courseId: course ? required(seeded.get(course), course).id : null,
      publishedAt: isoDate(new Date(now.getTime() - daysAgo * DAY_MS)),
    })),
  );

  for (const form of feedbackForms) {
    const { fields, ...rest } = form;
    const [row] = await tx.insert(s.feedbackForms).values(rest).returning({ id: s.feedbackForms.id });
    await tx.insert(s.feedbackFormFields).values(fields.map((f, i) => ({ ...f, formId: required(row).id, sort: i })));
  }

  await seedStudentLearning(tx, {
    now,
    userId: studentId,
    courses: seeded,
    groupIds,
    sourceId: required(sourceIds.get('search')),
  });
}

// ——— catalogue ———

type AttributeIds = Map<string, { id: number; values: Map<string, number> }>;

async function seedAttributes(tx: Executor): Promise<AttributeIds> {
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

interface SeededTest {
  id: number;
  /** Per question in order: its id and the ids of its right answers. */
  questions: { id: number; correct: number[] }[];
}

interface SeededCourse {
  id: number;
  priceKopecks: number | null;
  /** Lessons in study order. */
  lessons: { id: number; title: string }[];
  moduleTests: SeededTest[];
  finalTest: SeededTest | null;
  teacherIds: number[];
}

async function seedCourse(
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
    lessons.push(...lessonRows.map(({ id, title }) => ({ id, title })));
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

function courseAttributeRows(course: SeedCourse, courseId: number, attributeIds: AttributeIds) {
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

async function seedTest(
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
    .values(test.questions.map((q, sort) => ({ testId, type: q.type, text: q.text, sort })))
    .returning({ id: s.questions.id, sort: s.questions.sort });
  questionRows.sort((a, b) => a.sort - b.sort);
  const answerRows = await tx
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
    )
    .returning({ id: s.answers.id, questionId: s.answers.questionId, isCorrect: s.answers.isCorrect });
  return {
    id: testId,
    questions: questionRows.map((q) => ({
      id: q.id,
      correct: answerRows.filter((a) => a.questionId === q.id && a.isCorrect).map((a) => a.id),
    })),
  };
}

// ——— groups and schedule ———

const WEEKDAYS = { 'mon-wed': [1, 3], 'tue-thu': [2, 4], sat: [6] } as const;
const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];

/** Groups (mostly upcoming) with evening sessions in Moscow time, dated from the day the seed runs. */
async function seedGroups(tx: Executor, course: SeedCourse, seeded: SeededCourse, now: Date): Promise<number[]> {
  const ids: number[] = [];
  for (const [g, group] of (course.groups ?? []).entries()) {
    const days = sessionDays(moscowToday(now), group.startsInDays, WEEKDAYS[group.weekdays], group.sessions);
    const first = required(days[0]);
    const [row] = await tx
      .insert(s.groups)
      .values({
        courseId: seeded.id,
        title: `Группа с ${Number(first.slice(8, 10))} ${MONTHS_GENITIVE[Number(first.slice(5, 7)) - 1]}`,
        startsOn: first,
        endsOn: required(days.at(-1)),
        capacity: group.capacity ?? null,
        teacherId: seeded.teacherIds[g % seeded.teacherIds.length] ?? null,
        format: course.format,
        location: course.format === 'online' ? null : STUDIO_ADDRESS,
        isPublished: true,
      })
      .returning({ id: s.groups.id });
    const groupId = required(row).id;
    ids.push(groupId);
    const [start, end] = group.weekdays === 'sat' ? ['17:00', '19:30'] : ['19:00', '22:00'];
    await tx.insert(s.groupSchedules).values(
      days.map((day, i) => {
        const isLast = i === days.length - 1;
        const lesson = isLast && seeded.finalTest ? undefined : seeded.lessons[i];
        return {
          groupId,
          title: lesson
            ? `Занятие ${i + 1}. ${lesson.title}`
            : isLast && seeded.finalTest
              ? `Занятие ${i + 1}. Итоговое тестирование и вручение сертификатов`
              : `Занятие ${i + 1}. Практика за баром`,
          startsAt: new Date(`${day}T${start}:00${MOSCOW_OFFSET}`),
          endsAt: new Date(`${day}T${end}:00${MOSCOW_OFFSET}`),
          location: STUDIO_ADDRESS,
          lessonId: lesson?.id ?? null,
          testId: isLast ? (seeded.finalTest?.id ?? null) : null,
        };
      }),
    );
  }
  return ids;
}

/** Today's date in Moscow, 'YYYY-MM-DD'. */
function moscowToday(now: Date): string {
  return isoDate(new Date(now.getTime() + 3 * 3_600_000));
}

/** The first `count` dates on `weekdays` (0 = Sunday), from `offsetDays` after `today`. */
function sessionDays(today: string, offsetDays: number, weekdays: readonly number[], count: number): string[] {
  const days: string[] = [];
  let t = Date.parse(`${today}T00:00:00Z`) + offsetDays * DAY_MS;
  while (days.length < count) {
    const day = new Date(t);
    if (weekdays.includes(day.getUTCDay())) days.push(isoDate(day));
    t += DAY_MS;
  }
  return days;
}

// ——— pages and menus ———

async function seedPage(tx: Executor, page: SeedPage, now: Date): Promise<{ id: number; path: string }> {
  const publishFrom =
    page.publishedDaysAgo === undefined ? null : new Date(now.getTime() - page.publishedDaysAgo * DAY_MS);
  const [row] = await tx
    .insert(s.pages)
    .values({
      slug: page.slug,
      title: page.title,
      kind: page.kind,
      excerpt: page.excerpt,
      image: page.image ?? null,
      publishFrom,
      isPublished: page.isPublished ?? true,
      seoTitle: page.seoTitle,
      seoDescription: page.seoDescription,
      seoH1: page.title,
      seoKeywords: page.seoKeywords ?? null,
      ogTitle: page.title,
      ogDescription: page.excerpt,
      ogImage: page.image ?? null,
    })
    .returning({ id: s.pages.id });
  const pageId = required(row).id;
  await tx
    .insert(s.pageBlocks)
    .values(page.blocks.map((block, sort) => ({ pageId, sort, type: block.type, data: block.data })));
  return { id: pageId, path: page.kind === 'post' ? `/blog/${page.slug}/` : `/${page.slug}/` };
}

async function seedMenuItems(
  tx: Executor,
  menuId: number,
  parentId: number | null,
  items: SeedMenuItem[],
  pages: Map<string, { id: number; path: string }>,
): Promise<void> {
  for (const [sort, item] of items.entries()) {
    const page = item.page ? required(pages.get(item.page), `page ${item.page}`) : null;
    const [row] = await tx
      .insert(s.menuItems)
      .values({
        menuId,
        parentId,
        title: item.title,
        slug: item.slug,
        type: page ? 'page' : 'direct_link',
        url: page ? page.path : required(item.url, `url of ${item.slug}`),
        pageId: page?.id ?? null,
        target: item.target ?? '_self',
        sort,
      })
      .returning({ id: s.menuItems.id });
    if (item.children) await seedMenuItems(tx, menuId, required(row).id, item.children, pages);
  }
}

// ——— the demo student's learning ———

async function seedStudentLearning(
  tx: Executor,
  ctx: {
    now: Date;
    userId: number;
    courses: Map<string, SeededCourse>;
    groupIds: Map<string, number[]>;
    sourceId: number;
  },
): Promise<void> {
  const { now, userId } = ctx;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const course = (slug: string) => required(ctx.courses.get(slug), slug);
  const priceOf = (slug: string) => required(course(slug).priceKopecks, `price of ${slug}`);
  const { profile, child } = demoStudent;
  const payer = {
    payerLastName: profile.lastName,
    payerFirstName: profile.firstName,
    payerPatronymic: profile.patronymic,
    payerPhone: profile.phone,
    payerEmail: profile.email,
    consentPrivacy: true,
    consentPersonalData: true,
    statisticsSourceId: ctx.sourceId,
    userId,
  };
  const [selfSlug, freeSlug] = demoStudent.courses;

  // A paid order for the student's own course, a paid one for the child, one awaiting payment.
  const selfCourse = course(required(selfSlug));
  const selfAmount = priceOf(required(selfSlug));
  const [selfOrder] = await tx
    .insert(s.orders)
    .values({
      ...payer,
      code: orderCode(),
      courseId: selfCourse.id,
      groupId: ctx.groupIds.get(required(selfSlug))?.[0] ?? null,
      status: 'paid',
      amountKopecks: selfAmount,
      studyForSelf: true,
      consentAdvertising: true,
      createdAt: ago(6),
      confirmedAt: ago(6),
      paidAt: ago(6),
    })
    .returning({ id: s.orders.id });
  const selfOrderId = required(selfOrder).id;
  await tx.insert(s.payments).values({
    orderId: selfOrderId,
    provider: 'testbank',
    providerPaymentId: String(3_000_000_000 + randomBytes(3).readUIntBE(0, 3)),
    status: 'confirmed',
    amountKopecks: selfAmount,
    type: 'card',
    createdAt: ago(6),
  });

  const [childStudent] = await tx
    .insert(s.students)
    .values({ userId, studentType: 'child', ...child })
    .returning({ id: s.students.id });
  const childStudentId = required(childStudent).id;
  const childCourse = course(demoStudent.childCourse);
  const childAmount = priceOf(demoStudent.childCourse);
  const [childOrder] = await tx
    .insert(s.orders)
    .values({
      ...payer,
      code: orderCode(),
      courseId: childCourse.id,
      groupId: ctx.groupIds.get(demoStudent.childCourse)?.[0] ?? null,
      status: 'paid',
      amountKopecks: childAmount,
      studyForSelf: false,
      createdAt: ago(3),
      confirmedAt: ago(3),
      paidAt: ago(3),
    })
    .returning({ id: s.orders.id });
  const childOrderId = required(childOrder).id;
  await tx.insert(s.orderStudents).values({
    orderId: childOrderId,
    studentId: childStudentId,
    fullName: `${child.lastName} ${child.firstName} ${child.patronymic}`,
    birthDate: child.dateBirth,
  });
  await tx.insert(s.payments).values({
    orderId: childOrderId,
    provider: 'testbank',
    providerPaymentId: String(3_000_000_000 + randomBytes(3).readUIntBE(0, 3)),
    status: 'confirmed',
    amountKopecks: childAmount,
    type: 'card',
    createdAt: ago(3),
  });

  await tx.insert(s.orders).values({
    ...payer,
    code: orderCode(),
    courseId: course('latte-art-basic').id,
    status: 'awaiting_payment',
    amountKopecks: priceOf('latte-art-basic'),
    studyForSelf: true,
    createdAt: ago(1),
    confirmedAt: ago(1),
  });

  const enrolments = await tx
    .insert(s.userCourses)
    .values([
      { userId, courseId: selfCourse.id, orderId: selfOrderId, createdAt: ago(6) },
      { userId, courseId: course(required(freeSlug)).id, createdAt: ago(40) },
      { userId, courseId: childCourse.id, orderId: childOrderId, studentId: childStudentId, createdAt: ago(3) },
    ])
    .returning({ id: s.userCourses.id, courseId: s.userCourses.courseId });
  const enrolmentOf = (courseId: number) => required(enrolments.find((e) => e.courseId === courseId)).id;

  const selfGroup = ctx.groupIds.get(required(selfSlug))?.[0];
  const childGroup = ctx.groupIds.get(demoStudent.childCourse)?.[0];
  await tx.insert(s.groupMembers).values([
    ...(selfGroup ? [{ groupId: selfGroup, userCourseId: enrolmentOf(selfCourse.id) }] : []),
    ...(childGroup ? [{ groupId: childGroup, userCourseId: enrolmentOf(childCourse.id) }] : []),
  ]);

  // Progress in the paid course: two lessons done, the third started, the first module test passed.
  const selfEnrolment = enrolmentOf(selfCourse.id);
  const [l1, l2, l3] = selfCourse.lessons;
  await tx.insert(s.lessonProgress).values([
    { userCourseId: selfEnrolment, lessonId: required(l1).id, status: 'completed', completedAt: ago(5) },
    { userCourseId: selfEnrolment, lessonId: required(l2).id, status: 'completed', completedAt: ago(4) },
    { userCourseId: selfEnrolment, lessonId: required(l3).id, status: 'partially_completed', lastPage: 1 },
  ]);
  const firstTest = selfCourse.moduleTests[0];
  if (firstTest) {
    await tx.insert(s.testAttempts).values({
      userCourseId: selfEnrolment,
      testId: firstTest.id,
      questionIds: firstTest.questions.map((q) => q.id),
      selectedAnswers: Object.fromEntries(firstTest.questions.map((q) => [String(q.id), q.correct])),
      score: 100,
      isPassed: true,
      status: 'completed',
      startedAt: ago(4),
      finishedAt: new Date(ago(4).getTime() + 6 * 60_000),
    });
  }
}

// ——— helpers ———

/** Maps inserted rows' natural keys (slug, key) to their new ids. */
function idsBy<R extends { id: number }>(rows: R[], key: (row: R) => string): Map<string, number> {
  return new Map(rows.map((row) => [key(row), row.id]));
}

/** A random, unguessable order code for /courses/payment/{code}/. */
function orderCode(): string {
  return randomBytes(12).toString('base64url');
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function required<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`seed: missing ${what}`);
  return value;
}
