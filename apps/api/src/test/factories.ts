// Test data built per test, so API tests say what they need instead of leaning on the demo seed.
// Every builder takes the database (or a transaction) and overrides, fills the rest with valid,
// unique values, inserts, and returns the row as Drizzle reads it.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/client.ts';
import {
  attributes,
  attributeValues,
  banners,
  categories,
  certificateSettings,
  certificates,
  configs,
  courseAttributes,
  courseModules,
  courseSubsections,
  courses,
  courseTeachers,
  feedbackFormFields,
  feedbackForms,
  feedbackSubmissions,
  groupMembers,
  groups,
  groupSchedules,
  lessons,
  lessonBlocks,
  lessonProgress,
  questions,
  answers,
  menuItems,
  menus,
  orders,
  promoCodes,
  pageBlocks,
  pages,
  reviews,
  statisticsSources,
  students,
  subsections,
  teachers,
  testAttempts,
  tests,
  userCourses,
  users,
  type Attribute,
  type AttributeValue,
  type Category,
  type Course,
  type Order,
  type PromoCode,
  type Review,
  type Student,
  type Teacher,
  type User,
  type UserCourse,
} from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { csrfTokenFor } from '../modules/auth/plugin.ts';
import { AccessTokens, issueRefreshToken } from '../modules/auth/tokens.ts';
import { newCertificateNumber } from '../modules/certificates/numbers.ts';

let sequence = 0;
/** A value unique within the test run (and across files: the random part). */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}-${sequence}-${randomBytes(3).toString('hex')}`;
}

export interface UserOverrides extends Partial<typeof users.$inferInsert> {
  /** A password to sign in with (stored as its argon2id hash). */
  password?: string;
}

/** A person with an account (no password: code sign-in only unless `password` or `passwordHash` is given). */
export async function buildUser(db: Executor, overrides: UserOverrides = {}): Promise<User> {
  const { password, ...rest } = overrides;
  const passwordHash = password === undefined ? rest.passwordHash : await hashPassword(password);
  const [row] = await db
    .insert(users)
    .values({ email: `${unique('user')}@example.ru`, emailVerifiedAt: new Date(), ...rest, passwordHash })
    .returning();
  return row!;
}

/** A course owner: may use /api/admin/ for the courses they own. */
export function buildOwner(db: Executor, overrides: UserOverrides = {}): Promise<User> {
  return buildUser(db, { isCourseOwner: true, ...overrides });
}

/** A student of an account: an adult with phone and e-mail unless `studentType: 'child'` (then a birth date). */
export async function buildStudent(
  db: Executor,
  values: { userId: number } & Partial<typeof students.$inferInsert>,
): Promise<Student> {
  const child = values.studentType === 'child';
  const [row] = await db
    .insert(students)
    .values({
      studentType: 'adult',
      lastName: 'Петрова',
      firstName: 'Анна',
      ...(child ? { dateBirth: '2015-06-01' } : { phone: '79161234567', email: `${unique('student')}@example.ru` }),
      ...values,
    })
    .returning();
  return row!;
}

/** A "how did you hear about us" source (statistics source). */
export async function buildStatisticsSource(db: Executor, overrides: Partial<typeof statisticsSources.$inferInsert> = {}) {
  const key = overrides.key ?? unique('source');
  const [row] = await db.insert(statisticsSources).values({ key, title: `Источник ${key}`, ...overrides }).returning();
  return row!;
}

/** A catalogue category. */
export async function buildCategory(db: Executor, overrides: Partial<typeof categories.$inferInsert> = {}): Promise<Category> {
  const slug = overrides.slug ?? unique('category');
  const [row] = await db
    .insert(categories)
    .values({ name: `Категория ${slug}`, slug, audience: 'adult', ...overrides })
    .returning();
  return row!;
}

export interface CourseOverrides extends Partial<typeof courses.$inferInsert> {
  /** Shorthand for `isPublished` (default true: most tests look at public courses). */
  published?: boolean;
}

/** A course (published unless `published: false`), in a new category unless `categoryId` is given. */
export async function buildCourse(db: Executor, overrides: CourseOverrides = {}): Promise<Course> {
  const { published = true, ...rest } = overrides;
  const categoryId = rest.categoryId ?? (await buildCategory(db, { audience: rest.isKids ? 'kids' : 'adult' })).id;
  const slug = rest.slug ?? unique('course');
  const [row] = await db
    .insert(courses)
    .values({ title: `Курс ${slug}`, slug, isPublished: published, priceKopecks: 1_000_000, ...rest, categoryId })
    .returning();
  return row!;
}

/** Access of a user to a course (an enrolment), as a paid order or an invitation would grant it. */
export async function buildEnrolment(
  db: Executor,
  values: { userId: number; courseId: number } & Partial<typeof userCourses.$inferInsert>,
): Promise<UserCourse> {
  const [row] = await db.insert(userCourses).values(values).returning();
  return row!;
}

/** An attribute with its list values (given in order), e.g. `buildAttribute(db, { type: 'list', values: ['Онлайн', 'Очно'] })`. */
export async function buildAttribute(
  db: Executor,
  overrides: Partial<typeof attributes.$inferInsert> & { values?: string[] } = {},
): Promise<Attribute & { values: AttributeValue[] }> {
  const { values = [], ...rest } = overrides;
  const slug = rest.slug ?? unique('attribute');
  const [row] = await db
    .insert(attributes)
    .values({ name: `Атрибут ${slug}`, slug, type: values.length ? 'list' : 'text', ...rest })
    .returning();
  const valueRows = values.length
    ? await db
        .insert(attributeValues)
        .values(values.map((value, sort) => ({ attributeId: row!.id, value, sort })))
        .returning()
    : [];
  return { ...row!, values: valueRows };
}

/** Gives a course a list value (`value`) or a free text (`text`) of an attribute. */
export async function setCourseAttribute(
  db: Executor,
  courseId: number,
  attribute: Pick<Attribute, 'id'>,
  what: { value: Pick<AttributeValue, 'id'> } | { text: string },
  sort = 0,
): Promise<void> {
  await db.insert(courseAttributes).values({
    courseId,
    attributeId: attribute.id,
    ...('value' in what ? { attributeValueId: what.value.id } : { value: what.text }),
    sort,
  });
}

/** A teacher, optionally teaching `courseIds`. */
export async function buildTeacher(
  db: Executor,
  overrides: Partial<typeof teachers.$inferInsert> & { courseIds?: number[] } = {},
): Promise<Teacher> {
  const { courseIds = [], ...rest } = overrides;
  const [row] = await db
    .insert(teachers)
    .values({ lastName: unique('Фамилия'), firstName: 'Имя', position: 'Бариста', ...rest })
    .returning();
  if (courseIds.length) await db.insert(courseTeachers).values(courseIds.map((courseId) => ({ courseId, teacherId: row!.id })));
  return row!;
}

/** A published five-star review (of no course unless `courseId`). */
export async function buildReview(db: Executor, overrides: Partial<typeof reviews.$inferInsert> = {}): Promise<Review> {
  const [row] = await db
    .insert(reviews)
    .values({ name: unique('Автор'), rating: 5, text: 'Отличный курс.', publishedAt: '2024-01-15', ...overrides })
    .returning();
  return row!;
}

/** A subsection (a thematic selection) holding `courseIds`. */
export async function buildSubsection(
  db: Executor,
  overrides: Partial<typeof subsections.$inferInsert> & { courseIds?: number[] } = {},
) {
  const { courseIds = [], ...rest } = overrides;
  const slug = rest.slug ?? unique('subsection');
  const [row] = await db.insert(subsections).values({ title: `Подборка ${slug}`, slug, ...rest }).returning();
  if (courseIds.length) {
    await db.insert(courseSubsections).values(courseIds.map((courseId, sort) => ({ courseId, subsectionId: row!.id, sort })));
  }
  return row!;
}

/** A module of a course's program. */
export async function buildModule(db: Executor, values: { courseId: number } & Partial<typeof courseModules.$inferInsert>) {
  const [row] = await db.insert(courseModules).values({ title: unique('Модуль'), ...values }).returning();
  return row!;
}

/** A published lesson of a module. */
export async function buildLesson(db: Executor, values: { moduleId: number } & Partial<typeof lessons.$inferInsert>) {
  const [row] = await db.insert(lessons).values({ title: unique('Урок'), isPublished: true, ...values }).returning();
  return row!;
}

/** A published test of a course: of a module when `moduleId` is given, else a final test. */
export async function buildTest(db: Executor, values: { courseId: number } & Partial<typeof tests.$inferInsert>) {
  const [row] = await db.insert(tests).values({ name: unique('Тест'), isPublished: true, ...values }).returning();
  return row!;
}

/** A block of a lesson page (a text block on page 1 unless told). */
export async function buildLessonBlock(db: Executor, values: { lessonId: number } & Partial<typeof lessonBlocks.$inferInsert>) {
  const [row] = await db
    .insert(lessonBlocks)
    .values({ type: 'text', data: { html: `<p>${unique('Текст')}</p>` }, ...values })
    .returning();
  return row!;
}

/** A question of a test with its answers (`answers` in order; sort follows it). */
export async function buildQuestion(
  db: Executor,
  values: { testId: number; answers?: Partial<Omit<typeof answers.$inferInsert, 'questionId'>>[] } & Partial<typeof questions.$inferInsert>,
) {
  const { answers: list = [], ...rest } = values;
  const [question] = await db.insert(questions).values({ text: unique('Вопрос'), ...rest }).returning();
  const rows =
    list.length > 0
      ? await db
          .insert(answers)
          .values(list.map((a, sort) => ({ sort, text: `Ответ ${sort + 1}`, ...a, questionId: question!.id })))
          .returning()
      : [];
  return { ...question!, answers: rows };
}

/**
 * A finished attempt at a test (decision 0033's statistics read them): `score` and `finishedAt`
 * given, passed by the test's pass score unless told; numbered after the learner's earlier ones.
 */
export async function buildAttempt(
  db: Executor,
  values: { userCourseId: number; testId: number; score: number; finishedAt: Date; startedAt?: Date } & Partial<typeof testAttempts.$inferInsert>,
) {
  const [test] = await db.select({ passScore: tests.passScore }).from(tests).where(eq(tests.id, values.testId));
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(testAttempts)
    .where(and(eq(testAttempts.userCourseId, values.userCourseId), eq(testAttempts.testId, values.testId)));
  const [row] = await db
    .insert(testAttempts)
    .values({
      number: count + 1,
      status: 'completed',
      isPassed: values.score >= (test?.passScore ?? 70),
      startedAt: new Date(values.finishedAt.getTime() - 10 * 60_000),
      ...values,
    })
    .returning();
  return row!;
}

/** A learner's progress in a lesson, as opening its pages records it (first opened at `createdAt`). */
export async function buildLessonProgress(
  db: Executor,
  values: { userCourseId: number; lessonId: number } & Partial<typeof lessonProgress.$inferInsert>,
) {
  const [row] = await db.insert(lessonProgress).values({ status: 'completed', ...values }).returning();
  return row!;
}

export interface GroupOverrides extends Partial<typeof groups.$inferInsert> {
  courseId: number;
  /** Timetable sessions to add (title defaults to 'Занятие N'). */
  sessions?: ({ startsAt: Date; endsAt: Date } & Partial<typeof groupSchedules.$inferInsert>)[];
  /** Enrolments (user_courses ids) studying in the group. */
  memberIds?: number[];
}

/** A published study group of a course starting in a week (Moscow dates), with its sessions and members. */
export async function buildGroup(db: Executor, overrides: GroupOverrides) {
  const { sessions = [], memberIds = [], ...rest } = overrides;
  const startsOn = rest.startsOn ?? new Date(Date.now() + 7 * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10);
  const [row] = await db
    .insert(groups)
    .values({ title: unique('Группа'), isPublished: true, capacity: 10, ...rest, startsOn })
    .returning();
  const sessionRows = sessions.length
    ? await db
        .insert(groupSchedules)
        .values(sessions.map((session, i) => ({ title: `Занятие ${i + 1}`, ...session, groupId: row!.id })))
        .returning()
    : [];
  if (memberIds.length) await db.insert(groupMembers).values(memberIds.map((userCourseId) => ({ groupId: row!.id, userCourseId })));
  return { ...row!, sessions: sessionRows };
}

/** An order of a course (a new course unless `courseId` is given): confirmed and the user's when `userId` is given, else a guest's new one. */
export async function buildOrder(db: Executor, overrides: Partial<typeof orders.$inferInsert> = {}): Promise<Order> {
  const courseId = overrides.courseId ?? (await buildCourse(db)).id;
  const [row] = await db
    .insert(orders)
    .values({
      code: randomBytes(16).toString('base64url'),
      status: overrides.userId ? 'confirmed' : 'new',
      amountKopecks: 1_000_000,
      payerLastName: 'Иванова',
      payerFirstName: 'Анна',
      payerPatronymic: 'Сергеевна',
      payerPhone: '79161234567',
      payerEmail: `${unique('payer')}@example.ru`,
      consentPrivacy: true,
      consentPersonalData: true,
      ...overrides,
      courseId,
    })
    .returning();
  return row!;
}

/** A promo code (decision 0067): 10 % off every course, active, without limits, unless overridden. */
export async function buildPromo(db: Executor, overrides: Partial<typeof promoCodes.$inferInsert> = {}): Promise<PromoCode> {
  const [row] = await db
    .insert(promoCodes)
    .values({ code: unique('PROMO').toUpperCase(), kind: 'percent', percent: 10, ...overrides })
    .returning();
  return row!;
}

type PageBlockInsert = Omit<typeof pageBlocks.$inferInsert, 'pageId'>;

/** A published content page (/{slug}/) with its blocks, in order. */
export async function buildPage(
  db: Executor,
  overrides: Partial<typeof pages.$inferInsert> & { blocks?: PageBlockInsert[] } = {},
) {
  const { blocks = [], ...rest } = overrides;
  const slug = rest.slug ?? unique('page');
  const [row] = await db
    .insert(pages)
    .values({ slug, title: `Страница ${slug}`, kind: 'page', isPublished: true, ...rest })
    .returning();
  const blockRows = blocks.length
    ? await db
        .insert(pageBlocks)
        .values(blocks.map((block, sort) => ({ sort, ...block, pageId: row!.id })))
        .returning()
    : [];
  return { ...row!, blocks: blockRows };
}

/** A published blog post (/blog/{slug}/), published a day ago unless `publishFrom` says otherwise. */
export function buildPost(db: Executor, overrides: Parameters<typeof buildPage>[1] = {}) {
  const slug = overrides.slug ?? unique('post');
  return buildPage(db, { slug, title: `Запись ${slug}`, kind: 'post', publishFrom: new Date(Date.now() - 86_400_000), ...overrides });
}

type MenuItemOverrides = Partial<typeof menuItems.$inferInsert> & { children?: Partial<typeof menuItems.$inferInsert>[] };

/** A menu (`key` such as 'header_menu') with its links, each optionally with `children`. */
export async function buildMenu(db: Executor, overrides: Partial<typeof menus.$inferInsert> & { items?: MenuItemOverrides[] } = {}) {
  const { items = [], ...rest } = overrides;
  const key = rest.key ?? unique('menu');
  const [row] = await db.insert(menus).values({ key, title: `Меню ${key}`, ...rest }).returning();
  const itemRows: (typeof menuItems.$inferSelect)[] = [];
  const insertItems = async (list: MenuItemOverrides[], parentId: number | null) => {
    for (const [sort, { children = [], ...item }] of list.entries()) {
      const slug = item.slug ?? unique('item');
      const [itemRow] = await db
        .insert(menuItems)
        .values({ title: `Пункт ${slug}`, slug, url: `/${slug}/`, sort, parentId, ...item, menuId: row!.id })
        .returning();
      itemRows.push(itemRow!);
      await insertItems(children, itemRow!.id);
    }
  };
  await insertItems(items, null);
  return { ...row!, items: itemRows };
}

/** An active banner at a position ('header', 'discount', 'main'). */
export async function buildBanner(db: Executor, overrides: Partial<typeof banners.$inferInsert> = {}) {
  const [row] = await db
    .insert(banners)
    .values({ key: 'main', title: unique('Баннер'), ...overrides })
    .returning();
  return row!;
}

/** Sets site settings (configs rows), replacing existing values. */
export async function setConfig(db: Executor, values: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    await db.insert(configs).values({ key, value }).onConflictDoUpdate({ target: configs.key, set: { value } });
  }
}

export interface FeedbackFormOverrides extends Partial<typeof feedbackForms.$inferInsert> {
  /** The form's fields in order; by default a required name and phone and an optional e-mail. */
  fields?: Omit<typeof feedbackFormFields.$inferInsert, 'formId'>[];
}

/** A dynamic form (modules/feedback) with its fields. */
export async function buildFeedbackForm(db: Executor, overrides: FeedbackFormOverrides = {}) {
  const { fields, ...values } = overrides;
  const [form] = await db
    .insert(feedbackForms)
    .values({ key: unique('form').replace(/-/g, '_'), title: 'Записаться на курс', successMessage: 'Спасибо! Мы свяжемся с вами.', ...values })
    .returning();
  const list = fields ?? [
    { name: 'name', title: 'Имя', required: true, type: 'text' as const },
    { name: 'phone', title: 'Телефон', required: true, type: 'phone' as const },
    { name: 'email', title: 'Электронная почта', required: false, type: 'email' as const },
  ];
  const rows = list.length > 0 ? await db.insert(feedbackFormFields).values(list.map((f, i) => ({ sort: i, ...f, formId: form!.id }))).returning() : [];
  return { ...form!, fields: rows };
}

/** An application sent through a form (a new form unless `formId` is given), as the inbox lists it. */
export async function buildApplication(db: Executor, overrides: Partial<typeof feedbackSubmissions.$inferInsert> = {}) {
  const formId = overrides.formId ?? (await buildFeedbackForm(db)).id;
  const email = overrides.email ?? `${unique('lead')}@example.ru`;
  const [row] = await db
    .insert(feedbackSubmissions)
    .values({ name: 'Анна', phone: '79161234567', data: { name: overrides.name ?? 'Анна', phone: overrides.phone ?? '79161234567', email }, ...overrides, email, formId })
    .returning();
  return row!;
}

/** What `signInAs` returns: headers to spread into `app.inject` and the session's id. */
export interface TestSession {
  /** `JWT-ACCESS-TOKEN: Bearer …`, as API clients send it. */
  headers: Record<string, string>;
  /** The site's way: session cookies plus the CSRF header unsafe calls need. */
  cookieHeaders: Record<string, string>;
  sessionId: string;
  access: string;
  refresh: string;
}

/** Opens a real session for `user` (a refresh-token family and an access token), as a sign-in would. */
export async function signInAs(app: FastifyInstance, user: Pick<User, 'id'>): Promise<TestSession> {
  const { config, db } = app.deps;
  const refresh = await issueRefreshToken(db, user.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  const access = await new AccessTokens(config).issue({ userId: user.id, sessionId: refresh.familyId });
  const csrf = csrfTokenFor(config, refresh.familyId);
  return {
    headers: { 'jwt-access-token': `Bearer ${access}` },
    cookieHeaders: {
      cookie: `crema_access=${access}; crema_refresh=${refresh.token}; crema_csrf=${csrf}`,
      'x-csrf-token': csrf,
    },
    sessionId: refresh.familyId,
    access,
    refresh: refresh.token,
  };
}

/** A course's certificate switched on (rule all_done unless told), as the builder saves it. */
export async function buildCertificateSettings(db: Executor, values: { courseId: number } & Partial<typeof certificateSettings.$inferInsert>) {
  const [row] = await db.insert(certificateSettings).values({ enabled: true, ...values }).returning();
  return row!;
}

/** An issued certificate of an enrolment (a random number, the name given or 'Иванова Ирина'). */
export async function buildCertificate(
  db: Executor,
  values: { courseId: number; userId: number } & Partial<typeof certificates.$inferInsert>,
) {
  const [row] = await db
    .insert(certificates)
    .values({ number: newCertificateNumber(), lastName: 'Иванова', firstName: 'Ирина', courseTitle: 'Курс', title: 'Сертификат о прохождении курса', ...values })
    .returning();
  return row!;
}
