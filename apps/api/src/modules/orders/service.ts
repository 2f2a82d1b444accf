// Orders (decision 0023): the order form,
// the order code that confirms a guest's e-mail, payment links at the provider, the provider's
// notifications, reconciliation of payments left pending, and the payer's list of orders.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  ACCOUNT_TEXTS,
  CONSENT_TEXTS,
  ORDER_TEXTS,
  formatPrice,
  isEmailAddress,
  moscowIsoDate,
  nameProblem,
  normaliseEmail,
  ERROR_TEXTS,
  INT4_MAX,
  normaliseName,
  orderStatusTitle,
  storedPhone,
  studentCreateBodySchema,
  type CodeSent,
  type FieldErrors,
  type OrderNextStep,
  type OrderPayment,
  type OrderRequestResult,
  type OrderSummary,
  type PaymentType,
  type UserOrder,
} from '@crema/contract';
import type { AppDeps, Logger } from '../../deps.ts';
import { requireCaptcha, type CaptchaVerifier } from '../captcha/verifier.ts';
import type { Executor } from '../../db/client.ts';
import {
  courses,
  groups,
  orderStudents,
  orders,
  paymentNotifications,
  payments,
  statisticsSources,
  students,
  type Course,
  type Order,
  type Payment,
  userCourses,
  type User,
} from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { checkbox } from '../../lib/form-body.ts';
import { hitRateLimit, hitRateLimits, networkOf, type RateRule } from '../../lib/rate-limit.ts';
import { isSignedIn, type Actor, type SignedInActor } from '../auth/actor.ts';
import type { AuthService } from '../auth/service.ts';
import { clientOf } from '../auth/service.ts';
import type { ClientInfo } from '../auth/tokens.ts';
import { buildReceipt, PaymentProviderError, PaymentRefusedError, type PaymentProvider } from '../payments/index.ts';
import { publishedCourses } from '../catalog/scopes.ts';
import { publishedGroups } from '../schedule/scopes.ts';
import { recordConsent } from '../user/consents.ts';
import { NO_STUDENT, checkStudent, laidOver, toRow } from '../user/students.ts';
import {
  CANCELLABLE,
  PAYABLE,
  applyPaymentState,
  learnerCount,
  markOrderPaid,
  openPayments,
  returnSeats,
  takeSeats,
  type ApplyOutcome,
} from './transitions.ts';

/**
 * Orders one sender (an account, else a guest's session key) may place per hour. With the per-address
 * budget (ORDERS_PER_IP_HOUR) it keeps a script from holding a group's seats with unconfirmed orders.
 */
const ORDERS_PER_SENDER: RateRule = { limit: 10, windowS: 3600 };

/** At most this many learners in one order (a receipt holds 100 items; a group is smaller anyway). */
const MAX_LEARNERS = 20;
/** Reconciliation leaves alone attempts older than this: the provider has long expired them. */
const RECONCILE_MAX_AGE_DAYS = 3;

/** The fields of the order form (JSON or multipart: values may arrive as strings). */
export type OrderRequestBody = Record<string, unknown>;

const STUDENT_FIELDS = ['student_type', 'student_last_name', 'student_first_name', 'student_patronymic', 'student_phone', 'student_email', 'student_birthdate'] as const;

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** A ticked checkbox (anything not clearly ticked counts as not ticked). */
function ticked(value: unknown): boolean {
  return checkbox(value) === true;
}

/** `students` as ids: a JSON array, repeated multipart fields, '1,2' or '[1,2]'; null when malformed. */
function studentIds(value: unknown): number[] | null {
  if (value === undefined || value === null || value === '') return [];
  let list: unknown[];
  if (Array.isArray(value)) list = value;
  else if (typeof value === 'number') list = [value];
  else if (typeof value === 'string') list = value.replace(/^\[|\]$/g, '').split(',').map((part) => part.trim()).filter(Boolean);
  else return null;
  const ids = list.map((item) => (typeof item === 'number' ? item : /^[1-9][0-9]{0,9}$/.test(String(item).trim()) ? Number(String(item).trim()) : NaN));
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647)) return null;
  return [...new Set(ids)];
}

function orderCode(): string {
  return randomBytes(16).toString('base64url');
}

/** The site's Russian order-form errors, collected per field. */
class Problems {
  readonly fields: FieldErrors = {};
  add(field: string, message: string) {
    (this.fields[field] ??= []).push(message);
  }
  get any() {
    return Object.keys(this.fields).length > 0;
  }
}

export interface OrdersServiceOptions {
  deps: AppDeps;
  auth: AuthService;
  provider: PaymentProvider | null;
  /** The captcha check of the order form (action orderForm); off unless configured. */
  captcha: CaptchaVerifier;
  log: Logger;
  /**
   * How often the payment pages may ask the bank about one attempt (default 12 times a minute:
   * enough for a person's views and checks; a reload loop is cut off).
   */
  getStateLimit?: RateRule;
  /**
   * The same for the payer's way back from the bank (the callback page), a budget of its own (default
   * 6 a minute) so that a payment page left open and polling can never leave the return unchecked.
   */
  returnGetStateLimit?: RateRule;
}

export class OrdersService {
  private readonly deps: AppDeps;
  private readonly auth: AuthService;
  readonly provider: PaymentProvider | null;
  private readonly captcha: CaptchaVerifier;
  private readonly log: Logger;
  private readonly getStateRule: RateRule;
  private readonly returnGetStateRule: RateRule;

  constructor(options: OrdersServiceOptions) {
    this.getStateRule = options.getStateLimit ?? { limit: 12, windowS: 60 };
    this.returnGetStateRule = options.returnGetStateLimit ?? { limit: 6, windowS: 60 };
    this.deps = options.deps;
    this.auth = options.auth;
    this.provider = options.provider;
    this.captcha = options.captcha;
    this.log = options.log;
  }

  private get db() {
    return this.deps.db;
  }

  private get publicUrl() {
    return this.deps.config.publicUrl;
  }

  // ------------------------------------------------------------------ the order form

  /**
   * POST /api/order/request/. A guest's order waits for the e-mail code (next: confirm_email, the
   * code is mailed at once); a signed-in person's order is theirs and goes to payment (next: pay),
   * or, for a free course, enrols at once (next: enrolled). The amount is the course's price times
   * the learners, computed here only; a group's seats are taken in the same transaction.
   */
  async request(body: OrderRequestBody, actor: Actor): Promise<OrderRequestResult> {
    const problems = new Problems();
    const signedIn = isSignedIn(actor) ? actor : null;

    const slug = text(body.course_slug).trim();
    const [course] = slug ? await this.db.select().from(courses).where(and(eq(courses.slug, slug), publishedCourses)) : [];
    if (!course) problems.add('course_slug', ORDER_TEXTS.courseNotFound);

    const name = (field: 'last_name' | 'first_name' | 'patronymic', required: string) => {
      const value = normaliseName(text(body[field]));
      if (!value) problems.add(field, required);
      else {
        const problem = nameProblem(value);
        if (problem) problems.add(field, problem);
      }
      return value;
    };
    const lastName = name('last_name', ACCOUNT_TEXTS.lastNameRequired);
    const firstName = name('first_name', ACCOUNT_TEXTS.firstNameRequired);
    const patronymic = name('patronymic', ORDER_TEXTS.patronymicRequired);
    const phoneRaw = text(body.phone).trim();
    const phone = phoneRaw ? storedPhone(phoneRaw) : null;
    if (!phoneRaw) problems.add('phone', ACCOUNT_TEXTS.phoneRequired);
    else if (!phone) problems.add('phone', ACCOUNT_TEXTS.phoneInvalid);
    const email = normaliseEmail(text(body.email));
    if (!email) problems.add('email', EMAIL_REQUIRED);
    else if (!isEmailAddress(email)) problems.add('email', EMAIL_INVALID);
    const privacy = ticked(body.consent_privacy);
    const personalData = ticked(body.consent_personal_data);
    if (!privacy) problems.add('consent_privacy', ORDER_TEXTS.privacyRequired);
    if (!personalData) problems.add('consent_personal_data', ORDER_TEXTS.personalDataRequired);

    // Who studies: the payer, saved students of the caller, or a new student (student_* fields).
    const forSelf = ticked(body.study_for_self);
    const ids = studentIds(body.students);
    if (ids === null) problems.add('students', ORDER_TEXTS.studentNotFound);
    const newStudentSent = STUDENT_FIELDS.some((field) => text(body[field]).trim() !== '');
    if (forSelf && (ids?.length || newStudentSent)) problems.add('students', ORDER_TEXTS.studentsOrSelf);
    if (!forSelf && !ids?.length && !newStudentSent && ids !== null) problems.add('students', ORDER_TEXTS.studentsRequired);
    if (ids?.length && !signedIn) problems.add('students', ORDER_TEXTS.studentsSignIn);
    const learnerCountSent = forSelf ? 1 : (ids?.length ?? 0) + (newStudentSent ? 1 : 0);
    if (learnerCountSent > MAX_LEARNERS) problems.add('students', ORDER_TEXTS.studentsTooMany);
    const newStudent = !forSelf && newStudentSent ? this.newStudent(body, problems) : null;
    // A new child is written to the account: the payer consents for them as the legal representative.
    const childConsent = ticked(body.consent_child_personal_data);
    if (newStudent?.studentType === 'child' && !childConsent) problems.add('consent_child_personal_data', CONSENT_TEXTS.childConsentRequired);

    // The group (start date), when the course runs in groups: an id or the start date.
    let groupId: number | null = null;
    if (course) {
      const open = await this.db
        .select({ id: groups.id, startsOn: groups.startsOn })
        .from(groups)
        .where(and(eq(groups.courseId, course.id), publishedGroups, gte(groups.startsOn, moscowIsoDate(new Date()))));
      if (open.length > 0) {
        const wanted = text(body.group).trim();
        const found = open.find((g) => String(g.id) === wanted || g.startsOn === wanted);
        if (!wanted) problems.add('group', ORDER_TEXTS.groupRequired);
        else if (!found) problems.add('group', ORDER_TEXTS.groupNotFound);
        else groupId = found.id;
      }
      if (course.priceKopecks === null) problems.add('__all__', ORDER_TEXTS.priceOnRequest);
    }
    // The total is computed here only, and must fit the amount columns (int4 kopecks) and the bank's Amount.
    if (course?.priceKopecks && course.priceKopecks * learnerCountSent > INT4_MAX) problems.add('students', ORDER_TEXTS.totalTooLarge);
    // A second order for a learner already studying the course, or already ordered and unpaid, is a
    // mistake of the form (checked again under the lock below, against parallel requests).
    if (signedIn && course && !problems.any) {
      const refusal = await this.duplicateOf(this.db, { userId: signedIn.user.id, courseId: course.id, self: forSelf, studentIds: ids ?? [] });
      if (refusal) problems.add('students', refusal);
    }
    const sourceId = await this.statisticsSource(body.statistics_source ?? body.utm_source);
    if (problems.any || !course) throw ApiError.fields(problems.fields);

    // Counted after the field checks (a form with mistakes holds nothing) and before the captcha and
    // the seats, outside the transaction: a refused or failed attempt stays counted.
    const sessionKey = text(body.session_key).trim().slice(0, 100) || null;
    const sender = signedIn ? `user:${signedIn.user.id}` : sessionKey ? `session:${sessionKey}` : null;
    const limits = await hitRateLimits(this.db, [
      { key: `order:ip:${networkOf(actor.ip)}`, rule: { limit: this.deps.config.ordersPerIpHour, windowS: 3600 } },
      ...(sender ? [{ key: `order:sender:${sender}`, rule: ORDERS_PER_SENDER }] : []),
    ]);
    if (!limits.allowed) throw new ApiError('too_many_requests', ORDER_TEXTS.tooMany, { retryAfterS: limits.state.retryAfterS });

    // The captcha (decision 0022): after the cheap checks, before anything is written.
    await requireCaptcha(this.captcha, body['g-recaptcha-response'] === undefined ? undefined : text(body['g-recaptcha-response']), {
      action: 'orderForm',
      ip: actor.ip,
    });

    const client = clientOf(actor);
    const order = await this.db.transaction(async (tx) => {
      // A learner studies a course once: no second open or paid order of the same account for the
      // same learner and course (serialised per account and course, so parallel requests make one).
      if (signedIn) {
        await lockLearnerOrders(tx, signedIn.user.id, course.id);
        const refusal = await this.duplicateOf(tx, { userId: signedIn.user.id, courseId: course.id, self: forSelf, studentIds: ids ?? [] });
        if (refusal) throw ApiError.fields({ students: [refusal] });
      }
      const own = ids?.length
        ? await tx
            .select()
            .from(students)
            .where(and(inArray(students.id, ids), eq(students.userId, signedIn!.user.id)))
            .orderBy(asc(students.id))
            .for('update')
        : [];
      if (own.length !== (ids?.length ?? 0)) throw ApiError.fields({ students: [ORDER_TEXTS.studentNotFound] });
      const learners = forSelf ? 1 : own.length + (newStudent ? 1 : 0);
      if (groupId !== null && !(await takeSeats(tx, groupId, learners))) throw ApiError.fields({ group: [ORDER_TEXTS.groupFull] });
      const [created] = await tx
        .insert(orders)
        .values({
          code: orderCode(),
          userId: null,
          sessionKey,
          courseId: course.id,
          groupId,
          seatsHeld: groupId !== null ? learners : 0,
          // Seats are held for a bounded time; the sweep cancels the order when it is still unpaid then.
          heldUntil: groupId !== null ? sql`now() + make_interval(secs => ${this.deps.config.orderHoldMs / 1000})` : null,
          status: 'new',
          amountKopecks: (course.priceKopecks ?? 0) * learners,
          payerLastName: lastName,
          payerFirstName: firstName,
          payerPatronymic: patronymic,
          payerPhone: phone!,
          payerEmail: email,
          studyForSelf: forSelf,
          consentPrivacy: privacy,
          consentPersonalData: personalData,
          consentAdvertising: ticked(body.consent_advertising),
          consentChildPersonalData: newStudent?.studentType === 'child' && childConsent,
          statisticsSourceId: sourceId,
        })
        .returning();
      const snapshots: (typeof orderStudents.$inferInsert)[] = own.map((s) => ({
        orderId: created!.id,
        studentId: s.id,
        fullName: [s.lastName, s.firstName, s.patronymic].filter(Boolean).join(' '),
        phone: s.phone,
        email: s.email,
        birthDate: s.dateBirth,
      }));
      if (newStudent) {
        snapshots.push({
          orderId: created!.id,
          // A guest's student is created in the account once the e-mail is confirmed (attach).
          studentId: null,
          fullName: [newStudent.lastName, newStudent.firstName, newStudent.patronymic].filter(Boolean).join(' '),
          phone: newStudent.phone,
          email: newStudent.email,
          birthDate: newStudent.dateBirth,
          studentType: newStudent.studentType,
          lastName: newStudent.lastName,
          firstName: newStudent.firstName,
          patronymic: newStudent.patronymic,
        });
      }
      if (snapshots.length) await tx.insert(orderStudents).values(snapshots);
      if (signedIn) return this.attach(tx, created!.id, signedIn.user, client);
      return created!;
    });

    let resendAfter: number | null = null;
    let next: OrderNextStep;
    if (!signedIn) {
      next = 'confirm_email';
      try {
        resendAfter = (await this.auth.sendOrderCode(order.id, email, actor)).resend_after;
      } catch (error) {
        // The order is kept; the person asks for the code again once the wait is over.
        if (!(error instanceof ApiError) || error.code !== 'too_many_requests') throw error;
        resendAfter = error.options.retryAfterS ?? null;
      }
    } else {
      next = order.status === 'paid' ? 'enrolled' : 'pay';
    }
    const messages: Record<OrderNextStep, string> = {
      confirm_email: ORDER_TEXTS.successConfirm,
      pay: ORDER_TEXTS.successPay,
      enrolled: ORDER_TEXTS.successEnrolled,
    };
    return { success_message: messages[next], order: await this.summary(this.db, order), next, resend_after: resendAfter };
  }

  /** The student_* fields checked with the account's student rules (errors keyed student_*). */
  private newStudent(body: OrderRequestBody, problems: Problems) {
    const sent: Record<string, string> = {};
    const map = {
      student_type: 'student_type',
      student_last_name: 'last_name',
      student_first_name: 'first_name',
      student_patronymic: 'patronymic',
      student_phone: 'phone',
      student_email: 'email',
      student_birthdate: 'date_birth',
    } as const;
    for (const [from, to] of Object.entries(map)) {
      const value = text(body[from]).trim();
      if (value) sent[to] = value;
    }
    const parsed = studentCreateBodySchema.safeParse(sent);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = Object.entries(map).find(([, to]) => to === issue.path[0])?.[0] ?? 'students';
        problems.add(field, issue.message);
      }
      return null;
    }
    const values = laidOver(NO_STUDENT, parsed.data);
    const rules = checkStudent(values);
    for (const [field, messages] of Object.entries(rules)) {
      const from = Object.entries(map).find(([, to]) => to === field)?.[0] ?? 'students';
      for (const message of messages) problems.add(from, message);
    }
    return Object.keys(rules).length ? null : toRow(values);
  }

  /** A statistics source by its key (utm_source) or id; unknown ones are ignored. */
  private async statisticsSource(value: unknown): Promise<number | null> {
    const key = text(value).trim();
    if (!key || key.length > 100) return null;
    const [row] = await this.db
      .select({ id: statisticsSources.id })
      .from(statisticsSources)
      .where(/^[1-9][0-9]{0,8}$/.test(key) ? eq(statisticsSources.id, Number(key)) : eq(statisticsSources.key, key));
    return row?.id ?? null;
  }

  /**
   * Why an account may not order (or pay) the course for these learners again, or null: a learner
   * already enrolled (not refunded, access not over), or another open order for the same learner
   * and course (`except` — the order being paid). Call with lockLearnerOrders held.
   */
  private async duplicateOf(
    tx: Executor,
    who: { userId: number; courseId: number; self: boolean; studentIds: readonly number[]; except?: number; paying?: boolean },
  ): Promise<string | null> {
    if (!who.self && who.studentIds.length === 0) return null;
    const learner = (column: typeof userCourses.studentId | typeof orderStudents.studentId) =>
      who.self ? sql`${column} is null` : inArray(column, [...who.studentIds]);
    const [enrolled] = await tx
      .select({ id: userCourses.id })
      .from(userCourses)
      .leftJoin(orders, eq(orders.id, userCourses.orderId))
      .where(
        and(
          eq(userCourses.userId, who.userId),
          eq(userCourses.courseId, who.courseId),
          learner(userCourses.studentId),
          sql`(${userCourses.accessUntil} is null or ${userCourses.accessUntil} > now())`,
          sql`(${orders.id} is null or ${orders.status} <> 'refunded')`,
          ...(who.except ? [sql`${userCourses.orderId} is distinct from ${who.except}`] : []),
        ),
      )
      .limit(1);
    if (enrolled) return who.paying ? ORDER_TEXTS.duplicatePaid : who.self ? ORDER_TEXTS.alreadyStudyingSelf : ORDER_TEXTS.alreadyStudying;
    const open = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(
        and(
          eq(orders.userId, who.userId),
          eq(orders.courseId, who.courseId),
          inArray(orders.status, who.paying ? ['awaiting_payment'] : ['new', 'confirmed', 'awaiting_payment']),
          ...(who.except ? [sql`${orders.id} <> ${who.except}`] : []),
          who.self
            ? eq(orders.studyForSelf, true)
            : sql`exists (select 1 from ${orderStudents} where ${orderStudents.orderId} = ${orders.id} and ${learner(orderStudents.studentId)})`,
        ),
      );
    if (!who.paying) return open.length ? ORDER_TEXTS.openOrderExists : null;
    // Paying an order made before these checks while the bank processes a duplicate of it: its outcome first.
    for (const other of open) if ((await openPayments(tx, other.id)).some((p) => p.status === 'pending')) return ORDER_TEXTS.duplicatePaying;
    return null;
  }

  /**
   * Makes order `orderId` the account's (the order form of a signed-in person, a confirmed code, a
   * claim): a guest's new student becomes a student of the account (with the account's rules, as
   * checked on ordering), the order form's consents become consent records of the account, and the
   * order moves to 'confirmed' — or for a free course to 'paid' with the learners enrolled.
   * Another account's order is a 404; the account's own order already confirmed is left as it is.
   */
  private async attach(tx: Executor, orderId: number, user: User, client: ClientInfo): Promise<Order> {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || (order.userId !== null && order.userId !== user.id)) throw ApiError.notFound(ORDER_TEXTS.orderNotFound);
    if (order.status !== 'new') return order;
    const pending = await tx
      .select()
      .from(orderStudents)
      .where(and(eq(orderStudents.orderId, order.id), isNull(orderStudents.studentId), isNotNull(orderStudents.studentType)));
    for (const row of pending) {
      const [student] = await tx
        .insert(students)
        .values({
          userId: user.id,
          studentType: row.studentType as 'child' | 'adult',
          lastName: row.lastName ?? '',
          firstName: row.firstName ?? '',
          patronymic: row.patronymic,
          phone: row.phone,
          email: row.email,
          dateBirth: row.birthDate,
        })
        .returning({ id: students.id });
      await tx.update(orderStudents).set({ studentId: student!.id }).where(eq(orderStudents.id, row.id));
      if (row.studentType === 'child' && order.consentChildPersonalData) {
        const name = [row.lastName, row.firstName, row.patronymic].filter(Boolean).join(' ');
        await recordConsent(tx, user.id, 'child_personal_data', client, { id: student!.id, name });
      }
    }
    if (order.consentPersonalData) await recordConsent(tx, user.id, 'personal_data', client);
    if (order.consentPrivacy) await recordConsent(tx, user.id, 'privacy_policy', client);
    if (order.consentAdvertising) await recordConsent(tx, user.id, 'advertising', client);
    const [confirmed] = await tx
      .update(orders)
      .set({ userId: user.id, status: 'confirmed', confirmedAt: sql`now()` })
      .where(eq(orders.id, order.id))
      .returning();
    if (confirmed!.amountKopecks === 0) {
      await markOrderPaid(tx, order.id, this.publicUrl);
      const [paid] = await tx.select().from(orders).where(eq(orders.id, order.id));
      return paid!;
    }
    return confirmed!;
  }

  // ------------------------------------------------------------------ the order code

  private async byCode(db: Executor, code: string): Promise<Order> {
    const [order] = await db.select().from(orders).where(eq(orders.code, code));
    if (!order) throw ApiError.notFound(ORDER_TEXTS.orderNotFound);
    return order;
  }

  /** POST /api/order/{code}/send_code/: the code again to the payer's address (once per 30 s). */
  async sendCode(code: string, actor: Actor): Promise<CodeSent> {
    const order = await this.byCode(this.db, code);
    if (order.status !== 'new') throw notWaitingForCode(order);
    return this.auth.sendOrderCode(order.id, order.payerEmail, actor);
  }

  /**
   * POST /api/order/{code}/confirm/: the mailed code signs the payer in (registering a new address)
   * and makes the order theirs, in one transaction. Guesses count like sign-in codes.
   */
  async confirm(code: string, digits: string, actor: Actor, deviceMark: string | undefined) {
    const order = await this.byCode(this.db, code);
    if (order.status !== 'new') throw notWaitingForCode(order);
    const client = clientOf(actor);
    const signedIn = await this.auth.signInWithOrderCode(order.payerEmail, digits, order.id, actor, deviceMark, (tx, user) =>
      this.attach(tx, order.id, user, client),
    );
    return { signedIn, result: await this.afterAttach(signedIn.value) };
  }

  /**
   * POST /api/order/{code}/claim/ (LoginOrder): a person who signed in with a password instead of
   * the code takes the order when the account's address is the payer's address.
   */
  async claim(code: string, actor: SignedInActor) {
    const order = await this.byCode(this.db, code);
    // Another account's order, or a guest's order for another address: not this caller's (404).
    if (order.userId !== null && order.userId !== actor.user.id) throw ApiError.notFound(ORDER_TEXTS.orderNotFound);
    if (order.userId === null && normaliseEmail(actor.user.email) !== normaliseEmail(order.payerEmail)) throw ApiError.notFound(ORDER_TEXTS.orderNotFound);
    const attached = await this.db.transaction((tx) => this.attach(tx, order.id, actor.user, clientOf(actor)));
    return this.afterAttach(attached);
  }

  private async afterAttach(order: Order) {
    const next: OrderNextStep = order.status === 'paid' ? 'enrolled' : 'pay';
    return {
      success_message: next === 'enrolled' ? ORDER_TEXTS.successEnrolled : ORDER_TEXTS.successPay,
      order: await this.summary(this.db, order),
      next,
      resend_after: null,
    } satisfies OrderRequestResult;
  }

  // ------------------------------------------------------------------ views

  async summary(db: Executor, order: Order): Promise<OrderSummary> {
    return (await this.summaries(db, [order]))[0]!;
  }

  /** Summaries of several orders in three queries (course, group, learners), whatever their number. */
  async summaries(db: Executor, list: readonly Order[]): Promise<OrderSummary[]> {
    if (list.length === 0) return [];
    const courseIds = [...new Set(list.map((order) => order.courseId))];
    const groupIds = [...new Set(list.flatMap((order) => (order.groupId ? [order.groupId] : [])))];
    const studentOrders = list.filter((order) => !order.studyForSelf).map((order) => order.id);
    const [courseRows, groupRows, learnerRows] = await Promise.all([
      db.select({ id: courses.id, slug: courses.slug, title: courses.title, image: courses.image }).from(courses).where(inArray(courses.id, courseIds)),
      groupIds.length
        ? db.select({ id: groups.id, title: groups.title, starts_on: groups.startsOn }).from(groups).where(inArray(groups.id, groupIds))
        : Promise.resolve([]),
      studentOrders.length
        ? db
            .select({ orderId: orderStudents.orderId, name: orderStudents.fullName })
            .from(orderStudents)
            .where(inArray(orderStudents.orderId, studentOrders))
            .orderBy(asc(orderStudents.id))
        : Promise.resolve([]),
    ]);
    const courseById = new Map(courseRows.map((row) => [row.id, row]));
    const groupById = new Map(groupRows.map((row) => [row.id, row]));
    const learnersOf = new Map<number, string[]>();
    for (const row of learnerRows) learnersOf.set(row.orderId, [...(learnersOf.get(row.orderId) ?? []), row.name]);
    return list.map((order) => {
      const course = courseById.get(order.courseId);
      return {
        code: order.code,
        status: order.status,
        status_title: orderStatusTitle(order.status),
        amount: order.amountKopecks,
        amount_text: formatPrice(order.amountKopecks),
        course: { slug: course?.slug ?? '', title: course?.title ?? '', image: course?.image ? this.imageUrl(course.image) : null },
        group: (order.groupId ? groupById.get(order.groupId) : undefined) ?? null,
        study_for_self: order.studyForSelf,
        students: learnersOf.get(order.id) ?? [],
        created_at: order.createdAt.toISOString(),
        held_until: order.heldUntil?.toISOString() ?? null,
      };
    });
  }

  private imageUrl(image: string): string {
    return /^https?:\/\//.test(image) || image.startsWith('/') ? image : `/media/${image}`;
  }

  private latestPayment(db: Executor, orderId: number): Promise<Payment | undefined> {
    return db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(desc(payments.id))
      .limit(1)
      .then((rows) => rows[0]);
  }

  /**
   * GET /api/order/payment/{code}/: the order and its payment state. While the last attempt is open
   * the provider is asked (GetState) and its answer applied, so the callback page never trusts the
   * query string (docs/product/payments.md). `returned` marks the payer's way back from the bank,
   * which asks within a budget of its own.
   */
  async paymentInfo(code: string, { returned = false }: { returned?: boolean } = {}): Promise<OrderPayment> {
    const found = await this.byCode(this.db, code);
    let payment = await this.latestPayment(this.db, found.id);
    if (
      payment &&
      (payment.status === 'new' || payment.status === 'pending') &&
      payment.providerPaymentId &&
      // A bounded number of times a minute per attempt, however often the page is reloaded (the bank's API is not ours to hammer).
      (returned
        ? await hitRateLimit(this.db, `getstate-return:${payment.id}`, this.returnGetStateRule)
        : await hitRateLimit(this.db, `getstate:${payment.id}`, this.getStateRule)
      ).allowed
    ) {
      const asked = payment;
      await this.refreshPayment(asked).catch((error: unknown) => this.log.warn({ err: error, payment: asked.id }, 'GetState failed'));
      payment = await this.latestPayment(this.db, found.id);
    }
    // The order is read again after its payment: a notification may have paid it since the first read
    // (an order and its payment change in one transaction), and an order older than a confirmed
    // payment would send the payer back to pay it again.
    const order = await this.byCode(this.db, code);
    return {
      order: await this.summary(this.db, order),
      can_pay: this.provider !== null && PAYABLE.includes(order.status) && order.amountKopecks > 0,
      payments_enabled: this.provider !== null,
      payment: payment
        ? {
            status: payment.status,
            provider_status: payment.providerStatus,
            failure_reason: payment.status === 'rejected' ? this.failureReason(payment) : null,
            created_at: payment.createdAt.toISOString(),
          }
        : null,
    };
  }

  /** The payer's explanation of a declined attempt (the provider knows its own codes). */
  private failureReason(payment: Payment): string {
    return this.provider?.failureReason(payment) ?? 'Оплата не прошла. Попробуйте ещё раз позже.';
  }

  // ------------------------------------------------------------------ payments

  /**
   * POST /api/{bank}/order/payment_link/: the open attempt's link, or a new attempt at the provider.
   * The order row is locked while the provider's Init runs, so concurrent clicks wait and then
   * reuse the one attempt.
   */
  async paymentLink(code: string, type: PaymentType): Promise<{ url: string }> {
    const provider = this.provider;
    const settings = this.deps.config.payments;
    if (!provider || !settings) throw new ApiError('unavailable', ORDER_TEXTS.paymentsOff);
    if (type !== 'card') throw ApiError.fields({ type: [ORDER_TEXTS.sbpUnavailable] });
    const first = await this.byCode(this.db, code);
    const outcome = await this.db.transaction(async (tx) => {
      // Locks in the one order: the account's orders of the course, then the order row, then its payments.
      if (first.userId !== null) await lockLearnerOrders(tx, first.userId, first.courseId);
      const [order] = await tx.select().from(orders).where(eq(orders.code, code)).for('update');
      if (!order) throw ApiError.notFound(ORDER_TEXTS.orderNotFound);
      if (order.status === 'new') throw new ApiError('conflict', ORDER_TEXTS.notConfirmed);
      if (order.status === 'paid') throw new ApiError('conflict', ORDER_TEXTS.alreadyPaid);
      if (order.status === 'cancelled') throw new ApiError('conflict', ORDER_TEXTS.cancelled);
      if (order.status === 'refunded') throw new ApiError('conflict', ORDER_TEXTS.refunded);
      // The hold ran out before the sweep came by: the order ends here (unless the bank is processing it).
      if (order.heldUntil && order.heldUntil.getTime() <= Date.now()) {
        const dropped = (await cancelUnpaid(tx, order))?.dropped ?? null;
        if (dropped) return { expired: dropped } as const;
      }
      // A second paid or paying order for the same learner and course (one made before the order checks).
      if (order.userId !== null) {
        const learners = order.studyForSelf
          ? []
          : (await tx.select({ id: orderStudents.studentId }).from(orderStudents).where(and(eq(orderStudents.orderId, order.id), isNotNull(orderStudents.studentId)))).map((row) => row.id!);
        const refusal = await this.duplicateOf(tx, { userId: order.userId, courseId: order.courseId, self: order.studyForSelf, studentIds: learners, except: order.id, paying: true });
        if (refusal) throw new ApiError('conflict', refusal);
      }
      const open = (await openPayments(tx, order.id)).find((p) => p.paymentUrl && p.amountKopecks === order.amountKopecks);
      if (open?.paymentUrl) return { url: open.paymentUrl };
      const [course] = await tx.select().from(courses).where(eq(courses.id, order.courseId));
      const learners = await learnerCount(tx, order);
      const attemptId = randomUUID();
      const back = `${this.publicUrl}/tbank-payment-callback/?code=${encodeURIComponent(order.code)}`;
      let created;
      try {
        created = await provider.createPayment({
          attemptId,
          amountKopecks: order.amountKopecks,
          description: `Курс «${(course as Course).title}», заказ ${order.code}`,
          receipt: buildReceipt({
            title: (course as Course).title,
            amountKopecks: order.amountKopecks,
            learners,
            email: order.payerEmail,
            phone: order.payerPhone,
            taxation: settings.receipt.taxation,
            tax: settings.receipt.tax,
          }),
          notificationUrl: `${this.publicUrl}/api/tbank/notification/`,
          successUrl: back,
          failUrl: back,
          // The link stops working when the seats are no longer held (a minute at least, for the bank).
          ...(order.heldUntil ? { expiresAt: new Date(Math.max(order.heldUntil.getTime(), Date.now() + 60_000)) } : {}),
          data: { order: order.code },
        });
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        this.log.error({ err: error, order: order.id }, 'payment Init failed');
        throw new ApiError('unavailable', error instanceof PaymentRefusedError ? ORDER_TEXTS.bankRefused : ORDER_TEXTS.bankUnavailable);
      }
      await tx.insert(payments).values({
        orderId: order.id,
        provider: provider.name,
        attemptId,
        providerPaymentId: created.providerPaymentId,
        status: created.state,
        providerStatus: created.providerStatus,
        amountKopecks: order.amountKopecks,
        paymentUrl: created.paymentUrl,
        extraCode: order.code,
        type,
      });
      await tx.update(orders).set({ status: 'awaiting_payment' }).where(eq(orders.id, order.id));
      return { url: created.paymentUrl };
    });
    if (outcome.expired) {
      await this.cancelAtProvider(outcome.expired);
      throw new ApiError('conflict', ORDER_TEXTS.holdExpired);
    }
    return { url: outcome.url };
  }


  /** Cancels at the bank attempts we cancelled (a failure is only logged: a late payment still pays the order). */
  private async cancelAtProvider(dropped: readonly Payment[]): Promise<void> {
    for (const payment of dropped) {
      if (!payment.providerPaymentId || !this.provider) continue;
      await this.provider.cancelPayment(payment.providerPaymentId).catch((error: unknown) => this.log.warn({ err: error, payment: payment.id }, 'Cancel at the provider failed'));
    }
  }

  /**
   * POST /api/tbank/notification/. Only a notification whose Token and terminal verify is kept
   * (verbatim, with what was done) and applied, once its OrderId, PaymentId and Amount match our
   * attempt. Any other body is neither stored nor logged: it is counted (`payment-notification:refused`,
   * per hour) and the log gets its summary. `accepted` true means answer the provider's OK.
   */
  async notification(body: unknown, network: string): Promise<{ accepted: boolean; outcome: string }> {
    const provider = this.provider;
    const summary = notificationSummary(body);
    const parsed = provider?.parseNotification(body) ?? null;
    if (!provider || !parsed) {
      // Only what fails the signature (checked without the database) spends the network's budget:
      // the bank's own notifications are never slowed or refused by it.
      const counted = await hitRateLimit(this.db, `payment-notification:ip:${network}`, {
        limit: this.deps.config.paymentNotificationsPerMinute,
        windowS: 60,
      });
      this.log.warn({ notification: { ...summary, verified: false }, refusedThisMinute: counted.count }, 'payment notification refused: bad token or terminal');
      if (!counted.allowed) throw new ApiError('too_many_requests', ERROR_TEXTS.tooManyRequests, { retryAfterS: counted.retryAfterS });
      return { accepted: false, outcome: 'bad_token' };
    }
    const keep = (tx: Executor, outcome: string, paymentId: number | null = null) =>
      tx.insert(paymentNotifications).values({ provider: provider.name, paymentId, body: parsed.raw, outcome });
    const logged = { ...summary, verified: true };
    return this.db.transaction(async (tx) => {
      // Read without a lock: applyPaymentState locks the order, then the payment (one lock order).
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider.name), eq(payments.attemptId, parsed.attemptId)));
      if (!payment) {
        await keep(tx, 'unknown_order');
        this.log.warn({ notification: logged }, 'payment notification refused: unknown order');
        return { accepted: false, outcome: 'unknown_order' };
      }
      if (payment.providerPaymentId !== parsed.providerPaymentId || payment.amountKopecks !== parsed.amountKopecks) {
        await keep(tx, 'mismatch', payment.id);
        this.log.warn({ notification: logged, payment: payment.id }, 'payment notification refused: PaymentId or Amount do not match');
        return { accepted: false, outcome: 'mismatch' };
      }
      const outcome: ApplyOutcome = await applyPaymentState(tx, payment.id, parsed.state, parsed.providerStatus, {
        raw: parsed.raw,
        publicUrl: this.publicUrl,
        onOverbooked: this.overbooked,
      });
      await keep(tx, outcome, payment.id);
      this.log.info({ notification: logged, payment: payment.id, outcome }, 'payment notification');
      return { accepted: true, outcome };
    });
  }

  /** A late payment for an order whose hold ran out, into a group that filled meanwhile: the school must act. */
  private readonly overbooked = (order: Order) =>
    this.log.error(
      { order: order.id, group: order.groupId },
      'a payment came for an order whose seat hold had ended and the group is full: the learners are enrolled beyond the capacity; move them to another group or refund',
    );

  /** Asks the provider for one attempt's state (GetState) and applies it like a notification. */
  async refreshPayment(payment: Pick<Payment, 'id' | 'providerPaymentId' | 'attemptId' | 'amountKopecks'>): Promise<ApplyOutcome> {
    if (!this.provider || !payment.providerPaymentId) return 'unchanged';
    const state = await this.provider.getPayment(payment.providerPaymentId);
    if (state.attemptId !== payment.attemptId || state.amountKopecks !== payment.amountKopecks) {
      this.log.error({ payment: payment.id }, 'GetState answered for another OrderId or Amount');
      return 'unchanged';
    }
    return this.db.transaction((tx) => applyPaymentState(tx, payment.id, state.state, state.providerStatus, { publicUrl: this.publicUrl, onOverbooked: this.overbooked }));
  }

  /**
   * The reconciliation job's run: every attempt still new or pending, untouched for `olderThanMs`
   * (and not older than a few days), is asked about; a lost notification cannot lose a paid order.
   * Returns how many attempts changed.
   */
  async reconcile(olderThanMs: number): Promise<number> {
    if (!this.provider) return 0;
    const due = await this.db
      .select({ id: payments.id, providerPaymentId: payments.providerPaymentId, attemptId: payments.attemptId, amountKopecks: payments.amountKopecks })
      .from(payments)
      .where(
        and(
          eq(payments.provider, this.provider.name),
          inArray(payments.status, ['new', 'pending']),
          isNotNull(payments.providerPaymentId),
          sql`${payments.updatedAt} <= now() - make_interval(secs => ${olderThanMs / 1000})`,
          sql`${payments.createdAt} > now() - make_interval(days => ${RECONCILE_MAX_AGE_DAYS})`,
        ),
      )
      .orderBy(asc(payments.id))
      .limit(100);
    let changed = 0;
    for (const payment of due) {
      try {
        if ((await this.refreshPayment(payment)) === 'applied') changed += 1;
      } catch (error) {
        this.log.warn({ err: error, payment: payment.id }, 'reconciliation: GetState failed');
      }
    }
    return changed;
  }

  /**
   * Guests' orders never confirmed by the e-mail code within `olderThanMs` are cancelled, so the
   * seats they hold return to their groups (run by the reconciliation job). Returns how many.
   */
  async expireUnconfirmed(olderThanMs: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const stale = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.status, 'new'), sql`${orders.createdAt} <= now() - make_interval(secs => ${olderThanMs / 1000})`))
        .orderBy(asc(orders.id))
        .limit(100)
        .for('update', { skipLocked: true });
      for (const order of stale) await cancelUnpaid(tx, order);
      return stale.length;
    });
  }

  /**
   * Unpaid orders whose seat hold ran out (orders.held_until) are cancelled and their seats return
   * (run by the reconciliation job). An order with an attempt open at the bank is asked about first
   * (GetState, applied like a notification): one paid meanwhile is paid, one the bank is still
   * processing is left for the next run, one it cannot answer about is too. Returns how many ended.
   */
  async expireHolds(): Promise<number> {
    const due = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.status, ['new', 'confirmed', 'awaiting_payment']), sql`${orders.heldUntil} <= now()`))
      .orderBy(asc(orders.heldUntil))
      .limit(100);
    let expired = 0;
    for (const { id } of due) {
      try {
        const asked = (await openPayments(this.db, id)).filter((p) => p.providerPaymentId);
        for (const payment of asked) await this.refreshPayment(payment);
        const dropped = await this.db.transaction(async (tx) => {
          const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update', { skipLocked: true });
          if (!order || !CANCELLABLE.includes(order.status) || !order.heldUntil || order.heldUntil.getTime() > Date.now()) return null;
          // An attempt opened since the question above was not asked about: the next run asks.
          const open = await openPayments(tx, id);
          if (open.some((p) => p.providerPaymentId && !asked.some((a) => a.id === p.id))) return null;
          return (await cancelUnpaid(tx, order))?.dropped ?? null;
        });
        if (dropped) {
          expired += 1;
          await this.cancelAtProvider(dropped);
        }
      } catch (error) {
        // The bank did not answer: the order is not ended without knowing whether it is being paid.
        this.log.warn({ err: error, order: id }, 'hold sweep: the order is left for the next run');
      }
    }
    return expired;
  }

  // ------------------------------------------------------------------ my orders

  private toUserOrder(summary: OrderSummary, order: Order): UserOrder {
    return {
      ...summary,
      can_pay: this.provider !== null && PAYABLE.includes(order.status) && order.amountKopecks > 0,
      can_cancel: CANCELLABLE.includes(order.status),
      receipt_url: null,
    };
  }

  /** GET /api/user/orders/: the payer's orders, newest first. */
  async listForUser(userId: number): Promise<UserOrder[]> {
    const rows = await this.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
    const summaries = await this.summaries(this.db, rows);
    return rows.map((order, index) => this.toUserOrder(summaries[index]!, order));
  }

  /**
   * POST /api/user/orders/{code}/cancel/: an unpaid order of the caller is cancelled and its seats
   * return; attempts not yet started at the provider are cancelled there too. An attempt the bank is
   * processing (pending) blocks the cancel: its outcome decides.
   */
  async cancel(userId: number, code: string): Promise<UserOrder> {
    const { order, dropped } = await this.db.transaction(async (tx) => {
      const [found] = await tx.select().from(orders).where(and(eq(orders.code, code), eq(orders.userId, userId))).for('update');
      if (!found) throw ApiError.notFound(ORDER_TEXTS.orderNotFound);
      if (found.status === 'cancelled') return { order: found, dropped: [] as Payment[] };
      if (!CANCELLABLE.includes(found.status)) throw new ApiError('conflict', ORDER_TEXTS.cancelPaid);
      const ended = await cancelUnpaid(tx, found);
      if (!ended) throw new ApiError('conflict', ORDER_TEXTS.cancelPending);
      return ended;
    });
    await this.cancelAtProvider(dropped);
    return this.toUserOrder(await this.summary(this.db, order), order);
  }
}

/**
 * Cancels an unpaid order in the caller's transaction, its row locked: its attempts not started at
 * the bank are marked cancelled (returned as `dropped`, to be cancelled at the bank after the
 * commit), its seats and hold return. An attempt the bank is processing (pending) keeps the order:
 * null, nothing changed — its outcome decides.
 */
async function cancelUnpaid(tx: Executor, order: Order): Promise<{ order: Order; dropped: Payment[] } | null> {
  const open = await openPayments(tx, order.id);
  if (open.some((p) => p.status === 'pending')) return null;
  if (open.length) await tx.update(payments).set({ status: 'rejected', providerStatus: 'CANCELED' }).where(inArray(payments.id, open.map((p) => p.id)));
  await returnSeats(tx, order);
  const [cancelled] = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, heldUntil: null })
    .where(eq(orders.id, order.id))
    .returning();
  return { order: cancelled!, dropped: open };
}

/** Why an order's code cannot be sent or entered: confirmed already, or cancelled (its seat hold ran out). */
function notWaitingForCode(order: Order): ApiError {
  if (order.status !== 'cancelled') return new ApiError('conflict', ORDER_TEXTS.alreadyConfirmed);
  return new ApiError('conflict', order.groupId ? ORDER_TEXTS.holdExpired : ORDER_TEXTS.cancelled);
}

/**
 * Serialises the checks and writes of one account's orders of one course (a transaction-scoped
 * lock, taken before any row lock), so that parallel requests or payments see each other.
 */
async function lockLearnerOrders(tx: Executor, userId: number, courseId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order-learner:${userId}:${courseId}`}, 0))`);
}

/** A field of a notification for the log: a short string, number or boolean, else absent. */
function scalar(value: unknown): string | number | boolean | undefined {
  if (typeof value === 'string') return value.slice(0, 64);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return undefined;
}

/**
 * What the log keeps of a notification: OrderId, Status, PaymentId, Success and the amount, never
 * the body (no Token, no card fields, nothing a caller could make large).
 */
export function notificationSummary(body: unknown): Record<string, string | number | boolean | undefined> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { shape: body === null ? 'null' : Array.isArray(body) ? 'array' : typeof body };
  const fields = body as Record<string, unknown>;
  return {
    OrderId: scalar(fields.OrderId),
    Status: scalar(fields.Status),
    PaymentId: scalar(fields.PaymentId),
    Success: scalar(fields.Success),
    Amount: scalar(fields.Amount),
  };
}
