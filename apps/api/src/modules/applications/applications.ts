// The applications inbox (decision 0066): what people sent through the site's forms, as the
// school's staff handle it — the list with filters, search, sort and paging on the server; one
// application with its fields as sent, the account and orders of the same e-mail, the staff's
// notes; its status, who handles it and the notes, each change in the audit trail.
import { and, asc, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  APPLICATION_TEXTS,
  moscowInstant,
  type Application,
  type ApplicationAssignBody,
  type ApplicationCard,
  type ApplicationNoteBody,
  type ApplicationStatusBody,
  type Paginated,
  type applicationsQuerySchema,
} from '@crema/contract';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import { applicationNotes, courses, feedbackFormFields, feedbackForms, feedbackSubmissions, orders, users, type User } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { pageLinks } from '../../lib/paging.ts';
import type { StaffActor } from '../auth/actor.ts';
import { maskEmail, recordAudit } from '../audit/record.ts';
import { assignableStaff } from './scopes.ts';

type ApplicationsQuery = z.output<typeof applicationsQuerySchema>;

const DAY_MS = 86_400_000;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const phoneOf = (digits: string | null) => (digits ? `+${digits}` : null);

/** The search's digits as stored phones hold them: a leading 8 of a Russian number is 7. */
function phoneDigits(search: string): string | null {
  const digits = search.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
}

/** A staff member's name as the inbox shows it: surname and name, the e-mail when there is none. */
export function staffName(user: Pick<User, 'lastName' | 'firstName' | 'email'>): string {
  return [user.lastName, user.firstName].filter(Boolean).join(' ') || user.email;
}

const assignees = alias(users, 'assignee');
const cardColumns = {
  id: feedbackSubmissions.id,
  formKey: feedbackForms.key,
  formTitle: feedbackForms.title,
  courseId: courses.id,
  courseTitle: courses.title,
  courseSlug: courses.slug,
  name: feedbackSubmissions.name,
  email: feedbackSubmissions.email,
  phone: feedbackSubmissions.phone,
  status: feedbackSubmissions.status,
  assigneeId: feedbackSubmissions.assigneeId,
  assigneeLast: assignees.lastName,
  assigneeFirst: assignees.firstName,
  assigneeEmail: assignees.email,
  createdAt: feedbackSubmissions.createdAt,
};
interface CardRow {
  id: number;
  formKey: string;
  formTitle: string;
  courseId: number | null;
  courseTitle: string | null;
  courseSlug: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  status: ApplicationCard['status'];
  assigneeId: number | null;
  assigneeLast: string | null;
  assigneeFirst: string | null;
  assigneeEmail: string | null;
  createdAt: Date;
};

function cards(db: Executor) {
  return db
    .select(cardColumns)
    .from(feedbackSubmissions)
    .innerJoin(feedbackForms, eq(feedbackForms.id, feedbackSubmissions.formId))
    .leftJoin(courses, eq(courses.id, feedbackSubmissions.courseId))
    .leftJoin(assignees, eq(assignees.id, feedbackSubmissions.assigneeId));
}

function toCard(row: CardRow): ApplicationCard {
  return {
    id: row.id,
    form: { key: row.formKey, title: row.formTitle },
    course: row.courseId === null ? null : { id: row.courseId, title: row.courseTitle!, slug: row.courseSlug! },
    name: row.name,
    email: row.email,
    phone: phoneOf(row.phone),
    status: row.status,
    assignee:
      row.assigneeId === null ? null : { id: row.assigneeId, name: staffName({ lastName: row.assigneeLast, firstName: row.assigneeFirst, email: row.assigneeEmail ?? '' }) },
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /api/admin/school/applications/: filtered, searched, sorted and paged on the server. */
export async function listApplications(db: Executor, actor: StaffActor, query: ApplicationsQuery, url: string): Promise<Paginated<ApplicationCard>> {
  const search = query.search?.trim();
  const like = search ? `%${escapeLike(search)}%` : null;
  const digits = search ? phoneDigits(search) : null;
  const conditions: (SQL | undefined)[] = [
    like
      ? or(ilike(feedbackSubmissions.name, like), ilike(feedbackSubmissions.email, like), digits ? ilike(feedbackSubmissions.phone, `%${digits}%`) : undefined)
      : undefined,
    query.status ? eq(feedbackSubmissions.status, query.status) : undefined,
    query.form ? eq(feedbackForms.key, query.form) : undefined,
    query.course ? eq(feedbackSubmissions.courseId, query.course) : undefined,
    query.assignee === 'me' ? eq(feedbackSubmissions.assigneeId, actor.user.id) : undefined,
    query.assignee === 'none' ? isNull(feedbackSubmissions.assigneeId) : undefined,
    typeof query.assignee === 'number' ? eq(feedbackSubmissions.assigneeId, query.assignee) : undefined,
    query.from ? gte(feedbackSubmissions.createdAt, moscowInstant(query.from, '00:00')) : undefined,
    query.to ? lt(feedbackSubmissions.createdAt, new Date(moscowInstant(query.to, '00:00').getTime() + DAY_MS)) : undefined,
  ];
  const where = and(...conditions);
  const order = {
    '-created_at': [desc(feedbackSubmissions.createdAt), desc(feedbackSubmissions.id)],
    created_at: [asc(feedbackSubmissions.createdAt), asc(feedbackSubmissions.id)],
    // New first, then in work, done, spam (the enum's order); the newest first within each.
    status: [asc(feedbackSubmissions.status), desc(feedbackSubmissions.createdAt), desc(feedbackSubmissions.id)],
  }[query.sort];
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db
      .select({ total: count() })
      .from(feedbackSubmissions)
      .innerJoin(feedbackForms, eq(feedbackForms.id, feedbackSubmissions.formId))
      .where(where),
    cards(db)
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
  ]);
  return { count: total, ...pageLinks(url, query.page, query.page_size, total), results: rows.map((r) => toCard(r as CardRow)) };
}

/** GET /api/admin/school/applications/new-count/: one indexed count, for the admin menu. */
export async function countNewApplications(db: Executor): Promise<{ count: number }> {
  const [row] = await db.select({ total: count() }).from(feedbackSubmissions).where(eq(feedbackSubmissions.status, 'new'));
  return { count: row?.total ?? 0 };
}

async function findSubmission(db: Executor, id: number, lock = false) {
  const query = db.select().from(feedbackSubmissions).where(eq(feedbackSubmissions.id, id));
  return findOne(lock ? query.for('update') : query, APPLICATION_TEXTS.notFound);
}

/** GET /api/admin/school/applications/{id}/: the fields as sent, the same e-mail's account and orders, the notes. */
export async function getApplication(db: Executor, _actor: StaffActor, id: number): Promise<Application> {
  const submission = await findSubmission(db, id);
  const [[card], fields, notes, staff, [byId], [byEmail], orderRows] = await Promise.all([
    cards(db).where(eq(feedbackSubmissions.id, id)),
    db.select().from(feedbackFormFields).where(eq(feedbackFormFields.formId, submission.formId)).orderBy(asc(feedbackFormFields.sort), asc(feedbackFormFields.id)),
    db.select().from(applicationNotes).where(eq(applicationNotes.submissionId, id)).orderBy(asc(applicationNotes.createdAt), asc(applicationNotes.id)),
    db
      .select({ id: users.id, lastName: users.lastName, firstName: users.firstName, email: users.email })
      .from(users)
      .where(assignableStaff)
      .orderBy(asc(users.lastName), asc(users.id)),
    submission.userId === null ? Promise.resolve([]) : db.select().from(users).where(eq(users.id, submission.userId)),
    submission.email ? db.select().from(users).where(eq(sql`lower(${users.email})`, submission.email.toLowerCase())) : Promise.resolve([]),
    submission.email
      ? db
          .select({ id: orders.id, code: orders.code, course: courses.title, status: orders.status, amount: orders.amountKopecks, createdAt: orders.createdAt })
          .from(orders)
          .innerJoin(courses, eq(courses.id, orders.courseId))
          .where(eq(sql`lower(${orders.payerEmail})`, submission.email.toLowerCase()))
          .orderBy(desc(orders.createdAt))
          .limit(20)
      : Promise.resolve([]),
  ]);
  const person = byEmail ?? byId ?? null;
  const known = new Set(fields.map((f) => f.name));
  return {
    ...toCard(card as CardRow),
    fields: [
      ...fields.filter((f) => submission.data[f.name] !== undefined).map((f) => ({ name: f.name, title: f.title, type: f.type, value: submission.data[f.name]! })),
      // A field the form no longer has keeps its value, under its own name.
      ...Object.entries(submission.data)
        .filter(([name]) => !known.has(name))
        .map(([name, value]) => ({ name, title: name, type: 'text', value })),
    ],
    consents: submission.consents.map((c) => ({ kind: c.kind, version: c.version })),
    sender_id: submission.userId,
    person: person ? { id: person.id, email: person.email, name: [person.lastName, person.firstName, person.patronymic].filter(Boolean).join(' ') || person.email } : null,
    orders: orderRows.map((o) => ({ id: o.id, code: o.code, course: o.course, status: o.status, amount: o.amount, created_at: o.createdAt.toISOString() })),
    notes: notes.map((n) => ({ id: n.id, text: n.text, author: n.authorName, created_at: n.createdAt.toISOString() })),
    staff: staff.map((s) => ({ id: s.id, name: staffName(s) })),
    updated_at: submission.updatedAt.toISOString(),
  };
}

const summaryOf = (submission: { id: number; email: string | null }) => `Заявка №${submission.id}${submission.email ? ` — ${maskEmail(submission.email)}` : ''}`;

/** POST /api/admin/school/applications/{id}/status/ */
export async function setApplicationStatus(db: Executor, actor: StaffActor, id: number, body: ApplicationStatusBody): Promise<Application> {
  await db.transaction(async (tx) => {
    const submission = await findSubmission(tx, id, true);
    if (submission.status === body.status) throw ApiError.fields({ status: [APPLICATION_TEXTS.sameStatus] });
    // Taken in work by nobody in particular: it becomes the taker's.
    const takes = body.status === 'in_work' && submission.assigneeId === null;
    await tx
      .update(feedbackSubmissions)
      .set({ status: body.status, ...(takes ? { assigneeId: actor.user.id } : {}) })
      .where(eq(feedbackSubmissions.id, id));
    await recordAudit(tx, actor, {
      action: 'application.status',
      entity: 'application',
      entityId: id,
      courseId: submission.courseId,
      summary: summaryOf(submission),
      before: { status: submission.status, ...(takes ? { assignee_id: null } : {}) },
      after: { status: body.status, ...(takes ? { assignee_id: actor.user.id } : {}) },
    });
  });
  return getApplication(db, actor, id);
}

/** POST /api/admin/school/applications/{id}/assign/: to a staff member (oneself included), or to nobody. */
export async function assignApplication(db: Executor, actor: StaffActor, id: number, body: ApplicationAssignBody): Promise<Application> {
  await db.transaction(async (tx) => {
    const submission = await findSubmission(tx, id, true);
    if (body.assignee_id !== null) {
      const [staff] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, body.assignee_id), assignableStaff));
      if (!staff) throw ApiError.fields({ assignee_id: [APPLICATION_TEXTS.notStaff] });
    }
    if (submission.assigneeId === body.assignee_id) return;
    await tx.update(feedbackSubmissions).set({ assigneeId: body.assignee_id }).where(eq(feedbackSubmissions.id, id));
    await recordAudit(tx, actor, {
      action: 'application.assign',
      entity: 'application',
      entityId: id,
      courseId: submission.courseId,
      summary: summaryOf(submission),
      before: { assignee_id: submission.assigneeId },
      after: { assignee_id: body.assignee_id },
    });
  });
  return getApplication(db, actor, id);
}

/** POST /api/admin/school/applications/{id}/notes/: a staff-only note with its author and time. */
export async function addApplicationNote(db: Executor, actor: StaffActor, id: number, body: ApplicationNoteBody): Promise<Application> {
  await db.transaction(async (tx) => {
    const submission = await findSubmission(tx, id, true);
    const [note] = await tx
      .insert(applicationNotes)
      .values({ submissionId: id, authorId: actor.user.id, authorName: staffName(actor.user), text: body.text })
      .returning({ id: applicationNotes.id });
    // Touches the application, so the list's order by change and the card's time move.
    await tx.update(feedbackSubmissions).set({ updatedAt: new Date() }).where(eq(feedbackSubmissions.id, id));
    // The note's words may hold personal data: the journal keeps that one was written, and its length.
    await recordAudit(tx, actor, {
      action: 'application.note',
      entity: 'application',
      entityId: id,
      courseId: submission.courseId,
      summary: summaryOf(submission),
      after: { note_id: note!.id, length: body.text.length },
    });
  });
  return getApplication(db, actor, id);
}
