// The order form (POST /api/order/request/): the contract's form schema (orderRequestBodySchema)
// reads the fields; here are the rules that need the database or the caller — the course, its
// groups and price, who studies, duplicates — answered with the fields' problems in one 400, then
// the budgets, the captcha, the seats and the order itself.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  CONSENT_TEXTS,
  INT4_MAX,
  ORDER_TEXTS,
  PROMO_TEXTS,
  ageProblem,
  hasAgeRange,
  moscowIsoDate,
  studentCreateBodySchema,
  type FieldErrors,
  type OrderNextStep,
  type OrderRequest,
  type OrderRequestResult,
} from '@crema/contract';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { courses, groups, orderStudents, orders, statisticsSources, students, type Order } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import type { FormRead } from '../../lib/form-body.ts';
import { hitRateLimits, networkOf, type RateRule } from '../../lib/rate-limit.ts';
import { isSignedIn, type Actor } from '../auth/actor.ts';
import { clientOf, type AuthService } from '../auth/service.ts';
import { requireCaptcha, type CaptchaVerifier } from '../captcha/verifier.ts';
import { publishedCourses } from '../catalog/scopes.ts';
import { publishedGroups } from '../schedule/scopes.ts';
import { NO_STUDENT, checkStudent, laidOver, toRow } from '../user/students.ts';
import { attachOrder } from './confirmation.ts';
import { duplicateOf, lockLearnerOrders } from './duplicates.ts';
import { promoPrice, usablePromo } from '../promo/promo.ts';
import { takeSeats } from './transitions.ts';
import { orderSummary } from './views.ts';

/**
 * Orders one sender (an account, else a guest's session key) may place per hour. With the per-address
 * budget (ORDERS_PER_IP_HOUR) it keeps a script from holding a group's seats with unconfirmed orders.
 */
const ORDERS_PER_SENDER: RateRule = { limit: 10, windowS: 3600 };

/** At most this many learners in one order (a receipt holds 100 items; a group is smaller anyway). */
const MAX_LEARNERS = 20;

/** The new student's fields of the order form and the account's student fields they are checked as. */
const STUDENT_FIELDS = {
  student_type: 'student_type',
  student_last_name: 'last_name',
  student_first_name: 'first_name',
  student_patronymic: 'patronymic',
  student_phone: 'phone',
  student_email: 'email',
  student_birthdate: 'date_birth',
} as const;
type StudentField = keyof typeof STUDENT_FIELDS;

function orderCode(): string {
  return randomBytes(16).toString('base64url');
}

/** The form's Russian errors per field: the schema's first, then the checks here, in their order. */
class Problems {
  readonly fields: FieldErrors;
  constructor(initial: FieldErrors) {
    this.fields = { ...initial };
  }
  add(field: string, message: string) {
    (this.fields[field] ??= []).push(message);
  }
  get any() {
    return Object.keys(this.fields).length > 0;
  }
}

export class OrderForm {
  constructor(
    private readonly deps: AppDeps,
    private readonly auth: AuthService,
    private readonly captcha: CaptchaVerifier,
  ) {}

  private get db() {
    return this.deps.db;
  }

  /**
   * POST /api/order/request/. A guest's order waits for the e-mail code (next: confirm_email, the
   * code is mailed at once); a signed-in person's order is theirs and goes to payment (next: pay),
   * or, for a free course, enrols at once (next: enrolled). The amount is the course's price times
   * the learners, computed here only; a group's seats are taken in the same transaction.
   * `form` is the body read by the contract's schema: the fields that passed and the problems of the rest.
   */
  async request(form: FormRead<OrderRequest>, actor: Actor, idempotencyKey: string | null = null): Promise<OrderRequestResult> {
    const { values } = form;
    const problems = new Problems(form.problems);
    const signedIn = isSignedIn(actor) ? actor : null;
    // A retry of a request whose order was made (its answer lost with its process): that order,
    // not a second one. The key is the caller's own (scoped by plugins/idempotency.ts).
    const made = idempotencyKey ? await this.keyedOrder(this.db, idempotencyKey) : null;
    if (made) return this.answer(made, actor);

    const slug = values.course_slug ?? '';
    const [course] = slug ? await this.db.select().from(courses).where(and(eq(courses.slug, slug), publishedCourses)) : [];
    // An empty or missing slug is the schema's problem already.
    if (!course && slug) problems.add('course_slug', ORDER_TEXTS.courseNotFound);

    // Who studies: the payer, saved students of the caller, or a new student (student_* fields).
    const forSelf = values.study_for_self ?? false;
    // null: not a list of ids (the schema's problem under `students`).
    const ids = values.students ?? null;
    const newStudentSent = (Object.keys(STUDENT_FIELDS) as StudentField[]).some((field) => (values[field] ?? '') !== '');
    if (forSelf && (ids?.length || newStudentSent)) problems.add('students', ORDER_TEXTS.studentsOrSelf);
    if (!forSelf && !ids?.length && !newStudentSent && ids !== null) problems.add('students', ORDER_TEXTS.studentsRequired);
    if (ids?.length && !signedIn) problems.add('students', ORDER_TEXTS.studentsSignIn);
    const learnerCountSent = forSelf ? 1 : (ids?.length ?? 0) + (newStudentSent ? 1 : 0);
    if (learnerCountSent > MAX_LEARNERS) problems.add('students', ORDER_TEXTS.studentsTooMany);
    const newStudent = !forSelf && newStudentSent ? this.newStudent(values, problems) : null;
    // A new child is written to the account: the payer consents for them as the legal representative.
    const childConsent = values.consent_child_personal_data ?? false;
    if (newStudent?.studentType === 'child' && !childConsent) problems.add('consent_child_personal_data', CONSENT_TEXTS.childConsentRequired);

    // The group (start date), when the course runs in groups: an id or the start date.
    let groupId: number | null = null;
    // The chosen group's start (the day a learner's age is counted on); undefined: a group is due but none is chosen.
    let groupStartsOn: string | null | undefined = null;
    if (course) {
      const open = await this.db
        .select({ id: groups.id, startsOn: groups.startsOn })
        .from(groups)
        .where(and(eq(groups.courseId, course.id), publishedGroups, gte(groups.startsOn, moscowIsoDate(new Date()))));
      if (open.length > 0) {
        const wanted = values.group ?? '';
        const found = open.find((g) => String(g.id) === wanted || g.startsOn === wanted);
        groupStartsOn = found?.startsOn;
        if (!wanted) problems.add('group', ORDER_TEXTS.groupRequired);
        else if (!found) problems.add('group', ORDER_TEXTS.groupNotFound);
        else groupId = found.id;
      }
      if (course.priceKopecks === null) problems.add('__all__', ORDER_TEXTS.priceOnRequest);
      // The course's age range: each learner's age on the group's start (else today). Without a
      // chosen group the day is not known yet — the group's own problem is answered first.
      if (groupStartsOn !== undefined) await this.checkAges(course, groupStartsOn, newStudent, forSelf ? [] : (ids ?? []), signedIn, problems);
    }
    // The total is computed here only, and must fit the amount columns (int4 kopecks) and the bank's Amount.
    if (course?.priceKopecks && course.priceKopecks * learnerCountSent > INT4_MAX) problems.add('students', ORDER_TEXTS.totalTooLarge);
    // A second order for a learner already studying the course, or already ordered and unpaid, is a
    // mistake of the form (checked again under the lock below, against parallel requests).
    if (signedIn && course && !problems.any) {
      const refusal = await duplicateOf(this.db, { userId: signedIn.user.id, courseId: course.id, self: forSelf, studentIds: ids ?? [] });
      if (refusal) problems.add('students', refusal);
    }
    // A promo code (decision 0067): checked here for the form's answer, and again under its row's lock below.
    const promoTyped = (values.promo_code ?? '').trim();
    const buyer = { userId: signedIn?.user.id ?? null, email: values.email ?? null };
    if (promoTyped && course && !problems.any) {
      if (!course.priceKopecks) problems.add('promo_code', PROMO_TEXTS.noPrice);
      else await usablePromo(this.db, promoTyped, course, buyer, 'promo_code').catch((error: unknown) => {
        if (!(error instanceof ApiError) || !error.options.fields) throw error;
        for (const message of error.options.fields.promo_code ?? []) problems.add('promo_code', message);
      });
    }
    const sourceId = await this.statisticsSource(values.statistics_source ?? values.utm_source);
    if (problems.any || !course) throw ApiError.fields(problems.fields);
    // Every field passed its rules: the values are whole.
    const { last_name: lastName, first_name: firstName, patronymic, phone, email, consent_privacy: privacy, consent_personal_data: personalData } = values as OrderRequest;

    // Counted after the field checks (a form with mistakes holds nothing) and before the captcha and
    // the seats, outside the transaction: a refused or failed attempt stays counted.
    const sessionKey = (values.session_key ?? '').slice(0, 100) || null;
    const sender = signedIn ? `user:${signedIn.user.id}` : sessionKey ? `session:${sessionKey}` : null;
    const limits = await hitRateLimits(this.db, [
      { key: `order:ip:${networkOf(actor.ip)}`, rule: { limit: this.deps.config.ordersPerIpHour, windowS: 3600 } },
      ...(sender ? [{ key: `order:sender:${sender}`, rule: ORDERS_PER_SENDER }] : []),
    ]);
    if (!limits.allowed) throw new ApiError('too_many_requests', ORDER_TEXTS.tooMany, { retryAfterS: limits.state.retryAfterS });

    // The captcha (decision 0022): after the cheap checks, before anything is written.
    await requireCaptcha(this.captcha, values['g-recaptcha-response'], { action: 'orderForm', ip: actor.ip });

    const client = clientOf(actor);
    const order = await this.db.transaction(async (tx) => {
      // A learner studies a course once: no second open or paid order of the same account for the
      // same learner and course (serialised per account and course, so parallel requests make one).
      if (signedIn) {
        await lockLearnerOrders(tx, signedIn.user.id, course.id);
        // The same request running in parallel (a retry while the first still ran) made it meanwhile.
        const twin = idempotencyKey ? await this.keyedOrder(tx, idempotencyKey) : null;
        if (twin) return twin;
        const refusal = await duplicateOf(tx, { userId: signedIn.user.id, courseId: course.id, self: forSelf, studentIds: ids ?? [] });
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
      if (groupId !== null && !(await takeSeats(tx, groupId, learners, { unlessWaiting: true }))) throw ApiError.fields({ group: [ORDER_TEXTS.groupFull] });
      // The code's row is locked while its uses are counted and this order is written: its last use goes to one buyer.
      const promo = promoTyped ? await usablePromo(tx, promoTyped, course, buyer, 'promo_code', true) : null;
      const price = promo ? promoPrice(course, learners, promo) : { price: (course.priceKopecks ?? 0) * learners, discount: 0, amount: (course.priceKopecks ?? 0) * learners };
      const [created] = await tx
        .insert(orders)
        .values({
          code: orderCode(),
          userId: null,
          sessionKey,
          idempotencyKey,
          courseId: course.id,
          groupId,
          seatsHeld: groupId !== null ? learners : 0,
          // Seats are held for a bounded time; the sweep cancels the order when it is still unpaid then.
          heldUntil: groupId !== null ? sql`now() + make_interval(secs => ${this.deps.config.orderHoldMs / 1000})` : null,
          status: 'new',
          amountKopecks: price.amount,
          discountKopecks: price.discount,
          promoCodeId: promo?.id ?? null,
          promoCode: promo?.code ?? null,
          payerLastName: lastName,
          payerFirstName: firstName,
          // Many people have no patronymic: none is null, as in the profile.
          payerPatronymic: patronymic || null,
          payerPhone: phone,
          payerEmail: email,
          studyForSelf: forSelf,
          consentPrivacy: privacy,
          consentPersonalData: personalData,
          consentAdvertising: values.consent_advertising ?? false,
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
      if (signedIn) return attachOrder(tx, created!.id, signedIn.user, client, this.deps.config.publicUrl);
      return created!;
    }).catch(async (error: unknown) => {
      // A guest's parallel twin (no lock between guests) wrote the key first: its order is the one.
      const twin = idempotencyKey && isUniqueViolation(error, 'orders_idempotency_key_unique') ? await this.keyedOrder(this.db, idempotencyKey) : null;
      if (!twin) throw error;
      return twin;
    });
    return this.answer(order, actor);
  }

  /** The order written with this idempotency key, if any. */
  private async keyedOrder(db: Executor, key: string): Promise<Order | null> {
    const [order] = await db.select().from(orders).where(eq(orders.idempotencyKey, key));
    return order ?? null;
  }

  /**
   * The form's answer for a made order: a guest's waits for the e-mail code (mailed now; for a
   * retried request, mailed again — the first may have died with its process before mailing it).
   */
  private async answer(order: Order, actor: Actor): Promise<OrderRequestResult> {
    const signedIn = isSignedIn(actor);
    let resendAfter: number | null = null;
    let next: OrderNextStep;
    if (!signedIn) {
      next = 'confirm_email';
      if (order.status === 'new') {
        try {
          resendAfter = (await this.auth.sendOrderCode(order.id, order.payerEmail, actor)).resend_after;
        } catch (error) {
          // The order is kept; the person asks for the code again once the wait is over.
          if (!(error instanceof ApiError) || error.code !== 'too_many_requests') throw error;
          resendAfter = error.options.retryAfterS ?? null;
        }
      }
    } else {
      next = order.status === 'paid' ? 'enrolled' : 'pay';
    }
    const messages: Record<OrderNextStep, string> = {
      confirm_email: ORDER_TEXTS.successConfirm,
      pay: ORDER_TEXTS.successPay,
      enrolled: ORDER_TEXTS.successEnrolled,
    };
    return { success_message: messages[next], order: await orderSummary(this.db, order), next, resend_after: resendAfter };
  }

  /**
   * Learners outside the course's age range: the new student at their birth date, saved students
   * (theirs when a birth date is known) under `students`, by name.
   */
  private async checkAges(
    course: { isKids: boolean; ageMin: number | null; ageMax: number | null },
    groupStartsOn: string | null,
    newStudent: { dateBirth: string | null } | null,
    ids: number[],
    signedIn: { user: { id: number } } | null,
    problems: Problems,
  ) {
    const range = { min: course.ageMin, max: course.ageMax };
    if (!hasAgeRange(range)) return;
    const options = { kids: course.isKids, groupStartsOn };
    const problem = newStudent?.dateBirth ? ageProblem(newStudent.dateBirth, range, options) : null;
    if (problem) problems.add('student_birthdate', problem);
    if (!ids.length || !signedIn) return;
    const saved = await this.db
      .select({ lastName: students.lastName, firstName: students.firstName, dateBirth: students.dateBirth })
      .from(students)
      .where(and(inArray(students.id, ids), eq(students.userId, signedIn.user.id)))
      .orderBy(asc(students.id));
    for (const student of saved) {
      const refusal = student.dateBirth ? ageProblem(student.dateBirth, range, options) : null;
      if (refusal) problems.add('students', `${[student.firstName, student.lastName].filter(Boolean).join(' ')}: ${refusal[0]!.toLowerCase()}${refusal.slice(1)}`);
    }
  }

  /** The student_* fields checked with the account's student rules (errors keyed student_*). */
  private newStudent(values: Partial<OrderRequest>, problems: Problems) {
    const sent: Record<string, string> = {};
    for (const [from, to] of Object.entries(STUDENT_FIELDS) as [StudentField, string][]) {
      const value = values[from] ?? '';
      if (value) sent[to] = value;
    }
    const fieldOf = (to: PropertyKey | undefined) => Object.entries(STUDENT_FIELDS).find(([, name]) => name === to)?.[0] ?? 'students';
    const parsed = studentCreateBodySchema.safeParse(sent);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.add(fieldOf(issue.path[0]), issue.message);
      return null;
    }
    const student = laidOver(NO_STUDENT, parsed.data);
    const rules = checkStudent(student);
    for (const [field, messages] of Object.entries(rules)) for (const message of messages) problems.add(fieldOf(field), message);
    return Object.keys(rules).length ? null : toRow(student);
  }

  /** A statistics source by its key (utm_source) or id; unknown ones are ignored. */
  private async statisticsSource(key: string | undefined): Promise<number | null> {
    if (!key || key.length > 100) return null;
    const [row] = await this.db
      .select({ id: statisticsSources.id })
      .from(statisticsSources)
      .where(/^[1-9][0-9]{0,8}$/.test(key) ? eq(statisticsSources.id, Number(key)) : eq(statisticsSources.key, key));
    return row?.id ?? null;
  }
}
