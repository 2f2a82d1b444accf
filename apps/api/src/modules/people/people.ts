// People for the school's staff: the list with search and filters, one person's card, their roles
// and blocking. Staff see what running the school needs — names, e-mail, phone, courses, orders,
// consents, sign-ins — and only whether passport and SNILS are filled, never their values.
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  AccountExport,
  Paginated,
  Person,
  PersonBlockBody,
  PersonCard,
  PersonCourseBody,
  PersonRequestBody,
  PersonRolesBody,
  peopleQuerySchema,
} from '@crema/contract';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import {
  accountDeletions,
  consents,
  courseModules,
  courses,
  lessonProgress,
  lessons,
  orders,
  refreshTokens,
  students,
  userCourses,
  userDocuments,
  users,
  type User,
} from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { pageLinks } from '../../lib/paging.ts';
import { clientOf, type StaffActor } from '../auth/actor.ts';
import { revokeUserSessions } from '../auth/tokens.ts';
import { maskEmail, recordAudit } from '../audit/record.ts';
import { sendTemplate } from '../mail/service.ts';
import type { SealedBox } from '../../lib/sealed.ts';
import type { AccountDeletionService } from '../user/deletion.ts';
import { exportAccount } from '../user/export.ts';

type PeopleQuery = z.output<typeof peopleQuerySchema>;

export const PEOPLE_TEXTS = {
  notFound: 'Такого человека нет.',
  lastStaff: 'Это последний сотрудник школы: назначьте сначала другого, иначе управлять школой будет некому.',
  selfBlock: 'Себя заблокировать нельзя.',
  alreadyBlocked: 'Аккаунт уже заблокирован.',
  notBlocked: 'Аккаунт не заблокирован.',
  courseMissing: 'Такого курса нет.',
  courseOpen: 'Этот курс у человека уже открыт.',
  pastDate: 'Дата окончания доступа должна быть в будущем.',
  selfDelete: 'Свой аккаунт удаляют в личном кабинете.',
  staffDelete: 'Это сотрудник школы: сначала снимите с него роль сотрудника.',
  alreadyDeleted: 'Аккаунт уже удалён.',
} as const;

const phoneOf = (digits: string | null) => (digits ? `+${digits}` : null);

/** The search's digits as stored phones hold them: a leading 8 of a Russian number is 7. */
function phoneDigits(search: string): string | null {
  const digits = search.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function personBase(user: User) {
  return {
    id: user.id,
    email: user.email,
    last_name: user.lastName,
    first_name: user.firstName,
    patronymic: user.patronymic,
    phone: phoneOf(user.phone),
    is_course_owner: user.isCourseOwner,
    is_staff: user.isStaff,
    blocked_at: user.blockedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
  };
}

/** GET /api/admin/school/people/: search by name, e-mail or phone; filter by role; sorted and paged on the server. */
export async function listPeople(db: Executor, _actor: StaffActor, query: PeopleQuery, url: string): Promise<Paginated<PersonCard>> {
  const search = query.search?.trim();
  const like = search ? `%${escapeLike(search)}%` : null;
  const digits = search ? phoneDigits(search) : null;
  const words = search ? search.split(/\s+/).filter(Boolean).slice(0, 3) : [];
  const activeCourses = sql<number>`(select count(*) from ${userCourses} where ${userCourses.userId} = ${users.id} and ${userCourses.isActive})`.mapWith(Number);
  const conditions: (SQL | undefined)[] = [
    like
      ? or(
          ilike(users.email, like),
          digits ? ilike(users.phone, `%${digits}%`) : undefined,
          // 'Иванова Мария' finds by both words, in any order.
          and(...words.map((word) => or(ilike(users.lastName, `%${escapeLike(word)}%`), ilike(users.firstName, `%${escapeLike(word)}%`), ilike(users.patronymic, `%${escapeLike(word)}%`)))),
        )
      : undefined,
    query.role === 'staff' ? eq(users.isStaff, true) : undefined,
    query.role === 'owner' ? eq(users.isCourseOwner, true) : undefined,
    query.role === 'blocked' ? isNotNull(users.blockedAt) : undefined,
    query.role === 'learner' ? sql`exists (select 1 from ${userCourses} where ${userCourses.userId} = ${users.id})` : undefined,
  ];
  const where = and(...conditions);
  const order = {
    '-created_at': [desc(users.createdAt), desc(users.id)],
    created_at: [asc(users.createdAt), asc(users.id)],
    email: [asc(sql`lower(${users.email})`), asc(users.id)],
    '-last_login_at': [sql`${users.lastLoginAt} desc nulls last`, desc(users.id)],
  }[query.sort];
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(users).where(where),
    db
      .select({
        user: users,
        courses: activeCourses,
        orders: sql<number>`(select count(*) from ${orders} where ${orders.userId} = ${users.id})`.mapWith(Number),
      })
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
  ]);
  return {
    count: total,
    ...pageLinks(url, query.page, query.page_size, total),
    results: rows.map((r) => ({ ...personBase(r.user), courses_count: r.courses, orders_count: r.orders })),
  };
}

function findPerson(db: Executor, personId: number, lock = false): Promise<User> {
  const query = db.select().from(users).where(eq(users.id, personId));
  return findOne(lock ? query.for('update') : query, PEOPLE_TEXTS.notFound);
}

/** GET /api/admin/school/people/{id}/: one person as staff need them. */
export async function getPerson(db: Executor, _actor: StaffActor, personId: number): Promise<Person> {
  const user = await findPerson(db, personId);
  // Independent reads outside a transaction: the pool runs them side by side.
  const [documents, studentRows, courseRows, orderRows, consentRows, sessionRows, deletions] = await Promise.all([
    db.select({ passport: userDocuments.passportNumber, snils: userDocuments.snils }).from(userDocuments).where(eq(userDocuments.userId, user.id)),
    db.select().from(students).where(eq(students.userId, user.id)).orderBy(asc(students.id)),
    db
      .select({
        id: userCourses.id,
        courseId: courses.id,
        courseTitle: courses.title,
        studentFirst: students.firstName,
        studentLast: students.lastName,
        source: userCourses.source,
        isActive: userCourses.isActive,
        accessUntil: userCourses.accessUntil,
        createdAt: userCourses.createdAt,
        done: sql<number>`(select count(*) from ${lessonProgress} join ${lessons} on ${lessons.id} = ${lessonProgress.lessonId}
          where ${lessonProgress.userCourseId} = ${userCourses.id} and ${lessons.isPublished})`.mapWith(Number),
        total: sql<number>`(select count(*) from ${lessons} join ${courseModules} on ${courseModules.id} = ${lessons.moduleId}
          where ${courseModules.courseId} = ${courses.id} and ${lessons.isPublished})`.mapWith(Number),
      })
      .from(userCourses)
      .innerJoin(courses, eq(courses.id, userCourses.courseId))
      .leftJoin(students, eq(students.id, userCourses.studentId))
      .where(eq(userCourses.userId, user.id))
      .orderBy(desc(userCourses.createdAt)),
    db
      .select({ id: orders.id, code: orders.code, course: courses.title, status: orders.status, amount: orders.amountKopecks, createdAt: orders.createdAt, paidAt: orders.paidAt })
      .from(orders)
      .innerJoin(courses, eq(courses.id, orders.courseId))
      .where(eq(orders.userId, user.id))
      .orderBy(desc(orders.createdAt))
      .limit(50),
    db.select().from(consents).where(eq(consents.userId, user.id)).orderBy(desc(consents.givenAt)),
    db
      .select({
        startedAt: sql<Date>`min(${refreshTokens.createdAt})`.mapWith((v: string) => new Date(v)),
        lastUsedAt: sql<Date>`max(${refreshTokens.createdAt})`.mapWith((v: string) => new Date(v)),
        ip: sql<string | null>`(array_agg(${refreshTokens.ip} order by ${refreshTokens.createdAt} desc))[1]`,
        userAgent: sql<string | null>`(array_agg(${refreshTokens.userAgent} order by ${refreshTokens.createdAt} desc))[1]`,
      })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)))
      .groupBy(refreshTokens.familyId)
      .having(sql`bool_or(${refreshTokens.usedAt} is null and ${refreshTokens.expiresAt} > now())`)
      .orderBy(sql`max(${refreshTokens.createdAt}) desc`),
    db.select({ deletedAt: accountDeletions.deletedAt }).from(accountDeletions).where(eq(accountDeletions.userId, user.id)).limit(1),
  ]);
  return {
    ...personBase(user),
    blocked_reason: user.blockedReason,
    deleted_at: deletions[0]?.deletedAt.toISOString() ?? null,
    email_verified: user.emailVerifiedAt !== null,
    birth_date: user.birthDate,
    documents: { passport: Boolean(documents[0]?.passport), snils: Boolean(documents[0]?.snils) },
    students: studentRows.map((s) => ({ id: s.id, first_name: s.firstName, last_name: s.lastName, type: s.studentType })),
    courses: courseRows.map((r) => ({
      user_course_id: r.id,
      course: { id: r.courseId, title: r.courseTitle },
      student: r.studentFirst === null ? null : `${r.studentLast ?? ''} ${r.studentFirst}`.trim(),
      source: r.source,
      is_active: r.isActive,
      access_until: r.accessUntil?.toISOString() ?? null,
      enrolled_at: r.createdAt.toISOString(),
      progress: { lessons_done: Math.min(r.done, r.total), lessons_total: r.total },
    })),
    orders: orderRows.map((o) => ({
      id: o.id,
      code: o.code,
      course: o.course,
      status: o.status,
      amount: o.amount,
      created_at: o.createdAt.toISOString(),
      paid_at: o.paidAt?.toISOString() ?? null,
    })),
    consents: consentRows.map((c) => ({ kind: c.kind, version: c.version, given_at: c.givenAt.toISOString(), withdrawn_at: c.withdrawnAt?.toISOString() ?? null })),
    sessions: sessionRows.map((s) => ({ started_at: s.startedAt.toISOString(), last_used_at: s.lastUsedAt.toISOString(), ip: s.ip, user_agent: s.userAgent })),
  };
}

/**
 * Locks the active staff rows (in id order, so two such changes never wait on each other crosswise)
 * and then the person's row; returns the person and how many active staff there are besides them.
 * Two staff demoting each other at once are thus one after the other: the school keeps one.
 */
async function lockWithStaff(tx: Executor, personId: number): Promise<{ person: User; otherStaff: number }> {
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isStaff, true), isNull(users.blockedAt)))
    .orderBy(asc(users.id))
    .for('update');
  const person = await findPerson(tx, personId, true);
  return { person, otherStaff: staff.filter((r) => r.id !== person.id).length };
}

/** PATCH /api/admin/school/people/{id}/roles/: the course-owner and staff roles; the last staff member keeps theirs. */
export async function setRoles(db: Executor, actor: StaffActor, personId: number, body: PersonRolesBody): Promise<Person> {
  await db.transaction(async (tx) => {
    const { person, otherStaff } = await lockWithStaff(tx, personId);
    if (body.is_staff === false && person.isStaff && !person.blockedAt && otherStaff === 0) {
      throw ApiError.fields({ is_staff: [PEOPLE_TEXTS.lastStaff] });
    }
    const [after] = await tx
      .update(users)
      .set({ isCourseOwner: body.is_course_owner, isStaff: body.is_staff })
      .where(eq(users.id, person.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'person.roles',
      entity: 'person',
      entityId: person.id,
      summary: maskEmail(person.email),
      before: { is_course_owner: person.isCourseOwner, is_staff: person.isStaff },
      after: { is_course_owner: after!.isCourseOwner, is_staff: after!.isStaff },
    });
    // A role taken away takes effect on the next call; sessions stay (they are the person's own).
  });
  return getPerson(db, actor, personId);
}

/**
 * POST /api/admin/school/people/{id}/block/: the account's sessions end at once (every call with
 * them answers 401) and every way of signing in answers 403 until staff unblock it. Nobody blocks
 * themselves, and the last active staff member cannot be blocked.
 */
export async function blockPerson(db: Executor, actor: StaffActor, personId: number, body: PersonBlockBody): Promise<Person> {
  await db.transaction(async (tx) => {
    const { person, otherStaff } = await lockWithStaff(tx, personId);
    if (person.id === actor.user.id) throw ApiError.fields({ non_field_errors: [PEOPLE_TEXTS.selfBlock] });
    if (person.blockedAt) throw ApiError.fields({ non_field_errors: [PEOPLE_TEXTS.alreadyBlocked] });
    if (person.isStaff && otherStaff === 0) throw ApiError.fields({ non_field_errors: [PEOPLE_TEXTS.lastStaff] });
    await tx.update(users).set({ blockedAt: sql`now()`, blockedReason: body.reason }).where(eq(users.id, person.id));
    await revokeUserSessions(tx, person.id);
    await recordAudit(tx, actor, { action: 'person.block', entity: 'person', entityId: person.id, summary: maskEmail(person.email), before: { blocked: false }, after: { blocked: true, reason: body.reason } });
  });
  return getPerson(db, actor, personId);
}

/** POST /api/admin/school/people/{id}/unblock/: signing in works again (earlier sessions stay ended). */
export async function unblockPerson(db: Executor, actor: StaffActor, personId: number): Promise<Person> {
  await db.transaction(async (tx) => {
    const person = await findPerson(tx, personId, true);
    if (!person.blockedAt) throw ApiError.fields({ non_field_errors: [PEOPLE_TEXTS.notBlocked] });
    await tx.update(users).set({ blockedAt: null, blockedReason: null }).where(eq(users.id, person.id));
    await recordAudit(tx, actor, {
      action: 'person.unblock',
      entity: 'person',
      entityId: person.id,
      summary: maskEmail(person.email),
      before: { blocked: true, reason: person.blockedReason },
      after: { blocked: false, reason: null },
    });
  });
  return getPerson(db, actor, personId);
}

/**
 * POST /api/admin/school/people/{id}/courses/: opens a course to the person by hand (their own
 * enrolment, not a child's), until `access_until` or for good, and tells them by letter. A course
 * they have with access ended opens again; one open already is refused.
 */
export async function giveCourse(db: Executor, actor: StaffActor, personId: number, body: PersonCourseBody, publicUrl: string): Promise<Person> {
  const accessUntil = body.access_until ? new Date(body.access_until) : null;
  if (accessUntil && accessUntil.getTime() <= Date.now()) throw ApiError.fields({ access_until: [PEOPLE_TEXTS.pastDate] });
  await db.transaction(async (tx) => {
    const person = await findPerson(tx, personId, true);
    const [course] = await tx.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.id, body.course_id));
    if (!course) throw ApiError.fields({ course_id: [PEOPLE_TEXTS.courseMissing] });
    const [existing] = await tx
      .select()
      .from(userCourses)
      .where(and(eq(userCourses.userId, person.id), eq(userCourses.courseId, course.id), isNull(userCourses.studentId)))
      .for('update');
    if (existing && existing.isActive && (existing.accessUntil === null || existing.accessUntil > new Date())) {
      throw ApiError.fields({ course_id: [PEOPLE_TEXTS.courseOpen] });
    }
    const [enrolment] = existing
      ? await tx.update(userCourses).set({ isActive: true, accessUntil, grantedById: actor.user.id }).where(eq(userCourses.id, existing.id)).returning()
      : await tx.insert(userCourses).values({ userId: person.id, courseId: course.id, source: 'manual', grantedById: actor.user.id, accessUntil }).returning();
    await recordAudit(tx, actor, {
      action: 'person.course',
      entity: 'enrolment',
      entityId: enrolment!.id,
      courseId: course.id,
      summary: `${course.title} — ${maskEmail(person.email)}`,
      before: existing ? { is_active: existing.isActive, access_until: existing.accessUntil } : null,
      after: { is_active: true, access_until: accessUntil },
    });
    await sendTemplate(tx, { to: person.email, template: 'course_access', data: { courseTitle: course.title, url: `${publicUrl}/user/courses/`, hasAccount: true } });
  });
  return getPerson(db, actor, personId);
}

/** Whether the account was deleted already (its personal data are gone). */
async function deletedAlready(db: Executor, personId: number): Promise<boolean> {
  const [row] = await db.select({ id: accountDeletions.id }).from(accountDeletions).where(eq(accountDeletions.userId, personId)).limit(1);
  return row !== undefined;
}

/**
 * POST /api/admin/school/people/{id}/export/: a person's data request carried out by staff — the
 * same file the person downloads from their account, with passport and SNILS, so the download is
 * recorded in the journal (with the request it answers) before the file is handed over.
 */
export async function exportPerson(db: Db, box: SealedBox, actor: StaffActor, personId: number, body: PersonRequestBody): Promise<AccountExport> {
  const person = await findPerson(db, personId);
  if (await deletedAlready(db, person.id)) throw ApiError.fields({ non_field_errors: [PEOPLE_TEXTS.alreadyDeleted] });
  await db.transaction((tx) =>
    recordAudit(tx, actor, { action: 'person.export', entity: 'person', entityId: person.id, summary: maskEmail(person.email), before: null, after: { reason: body.reason } }),
  );
  return exportAccount(db, box, person.id);
}

/**
 * POST /api/admin/school/people/{id}/delete/: a person's deletion request carried out by staff —
 * the same anonymisation as deleting the account oneself, in one transaction with its journal
 * entry. Not for oneself, not for a staff member (the role goes first), not for the owner of courses.
 */
export async function deletePerson(
  db: Db,
  deletion: AccountDeletionService,
  actor: StaffActor,
  personId: number,
  body: PersonRequestBody,
): Promise<Person> {
  await db.transaction(async (tx) => {
    const person = await findPerson(tx, personId, true);
    if (person.id === actor.user.id) throw ApiError.fields({ non_field_errors: [PEOPLE_TEXTS.selfDelete] });
    if (person.isStaff) throw ApiError.fields({ non_field_errors: [PEOPLE_TEXTS.staffDelete] });
    if (await deletedAlready(tx, person.id)) throw ApiError.fields({ non_field_errors: [PEOPLE_TEXTS.alreadyDeleted] });
    await deletion.anonymise(tx, person.id, clientOf(actor));
    await recordAudit(tx, actor, {
      action: 'person.delete',
      entity: 'person',
      entityId: person.id,
      summary: maskEmail(person.email),
      before: { email: person.email },
      after: { deleted: true, reason: body.reason },
    });
  });
  return getPerson(db, actor, personId);
}
