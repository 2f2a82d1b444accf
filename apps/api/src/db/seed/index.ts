// Demo content for an empty database: a believable coffee school, so a newcomer sees a living
// site. Records in ./data refer to each other by slug or key; ids come from the inserts. One file
// per area; this one takes the lock, checks the database is empty and runs them in one transaction.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { addDays, moscowIsoDate } from '@crema/contract/format';
import type { Db, Executor } from '../client.ts';
import * as s from '../schema/index.ts';
import { seedCatalog } from './catalog.ts';
import { seedMenuItems, seedPage } from './content.ts';
import { seedCourse, type SeededCourse } from './courses.ts';
import { configs } from './data/configs.ts';
import { baristaCourses } from './data/courses-barista.ts';
import { businessCourses } from './data/courses-business.ts';
import { kidsCourses } from './data/courses-kids.ts';
import { roastingCourses } from './data/courses-roasting.ts';
import { blogPosts, contentPages } from './data/pages.ts';
import { banners, demoApplications, demoOwner2Course, feedbackForms, menus, reviews, statisticsSources } from './data/site.ts';
import { seedGroups } from './groups.ts';
import { idsBy, required } from './helpers.ts';
import { seedStudentLearning } from './learning.ts';
import { DEMO_STAFF_EMAIL, seedSveden } from './sveden.ts';
import { seedLegalDocuments } from './legal.ts';
import { seedDemoAccounts, seedDemoPersonalData } from './users.ts';

/** Any constant shared by all Crema processes: whoever holds it seeds, the others wait and skip. */
const SEED_LOCK = 727_002;

/**
 * Seeds the demo school into an empty database, in one transaction. Returns seeded: false,
 * touching nothing, when there is content already (so it is safe on every start).
 */
export async function seedDatabase(db: Db, secretKey: string): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const { rows } = await tx.execute<{ has_content: boolean }>(
      sql`select exists (select 1 from ${s.configs}) or exists (select 1 from ${s.categories}) as has_content`,
    );
    if (rows[0]?.has_content) return { seeded: false };
    await seed(tx, new Date(), secretKey);
    return { seeded: true };
  });
}

/** `secretKey`: the app's SECRET_KEY, so the demo documents are sealed with the key the app opens them with. */
async function seed(tx: Executor, now: Date, secretKey: string): Promise<void> {
  await tx.insert(s.configs).values(configs);
  await seedLegalDocuments(tx);

  const { ownerId, owner2Id, studentId } = await seedDemoAccounts(tx);

  const sourceIds = idsBy(
    await tx
      .insert(s.statisticsSources)
      .values(statisticsSources.map((source, sort) => ({ ...source, sort })))
      .returning({ id: s.statisticsSources.id, key: s.statisticsSources.key }),
    (r) => r.key,
  );
  const { categoryIds, attributeIds, teacherIds, subsectionIds } = await seedCatalog(tx);

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
      publishedAt: addDays(moscowIsoDate(now), -daysAgo),
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
  await seedDemoPersonalData(tx, studentId, secretKey);
  await seedSveden(tx);
  await seedDemoApplications(tx, now);

  // The second owner's own course, a draft: no public list or count sees it.
  const { category, ...draft } = demoOwner2Course;
  await tx.insert(s.courses).values({
    ...draft,
    categoryId: required(categoryIds.get(category), category),
    ownerId: owner2Id,
    isPublished: false,
    sort: allCourses.length * 10,
  });
}

/** The demo inbox's applications, handled by the demo staff member (decision 0066). */
async function seedDemoApplications(tx: Executor, now: Date): Promise<void> {
  const [staff] = await tx.select({ id: s.users.id, lastName: s.users.lastName, firstName: s.users.firstName }).from(s.users).where(eq(s.users.email, DEMO_STAFF_EMAIL));
  for (const demo of demoApplications) {
    const [form] = await tx.select({ id: s.feedbackForms.id }).from(s.feedbackForms).where(eq(s.feedbackForms.key, demo.form));
    const [course] = demo.course ? await tx.select({ id: s.courses.id }).from(s.courses).where(eq(s.courses.slug, demo.course)) : [];
    const at = new Date(now.getTime() - demo.hoursAgo * 3_600_000);
    const data: Record<string, string> = demo.data;
    const [row] = await tx
      .insert(s.feedbackSubmissions)
      .values({
        formId: required(form).id,
        courseId: course?.id ?? null,
        data,
        consents: [{ kind: 'personal_data', version: 1 }],
        name: data.name ?? null,
        email: data.email ?? null,
        phone: data.phone ?? null,
        status: demo.status,
        assigneeId: staff?.id ?? null,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: s.feedbackSubmissions.id });
    await tx.insert(s.applicationNotes).values({
      submissionId: required(row).id,
      authorId: staff?.id ?? null,
      authorName: staff ? `${staff.lastName ?? ''} ${staff.firstName ?? ''}`.trim() : DEMO_STAFF_EMAIL,
      text: demo.note,
      createdAt: new Date(at.getTime() + 3_600_000),
    });
  }
}
