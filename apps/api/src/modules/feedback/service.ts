// Applications (leads) through dynamic forms (decision 0022): the form
// read by key, and a submission checked against the form's own fields, stored once however often
// it is sent, with the school told by a letter queued in the same transaction. The stored row is
// also the record staff handle in the applications inbox (modules/applications, decision 0066).
import { createHash } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import {
  APPLICATION_EXTRA_FIELDS,
  CAPTCHA_TOKEN_FIELD,
  EMAIL_INVALID,
  FEEDBACK_TEXTS,
  FORM_TEXT_MAX_LENGTH,
  NON_FIELD_ERRORS,
  STUDENT_BIRTHDATE_FIELD,
  STUDENT_FIELD_PREFIX,
  feedbackProcessBodySchema,
  ACCOUNT_TEXTS,
  ageProblem,
  formatDateTime,
  fromIsoDate,
  isEmailAddress,
  maskPhone,
  normaliseEmail,
  parseIsoDate,
  storedPhone,
  type FeedbackForm,
  type FieldErrors,
} from '@crema/contract';
import type { Db, Executor } from '../../db/client.ts';
import { findOne } from '../../db/find.ts';
import {
  courses,
  feedbackFormFields,
  feedbackForms,
  feedbackSubmissions,
  type FeedbackFormField,
  type SubmissionConsent,
} from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { ApiError } from '../../errors.ts';
import { readForm } from '../../lib/form-body.ts';
import { hitRateLimits, networkOf, refundRateLimit, type RateRule } from '../../lib/rate-limit.ts';
import { isSignedIn, type Actor } from '../auth/actor.ts';
import { clientOf } from '../auth/service.ts';
import { requireCaptcha, type CaptchaVerifier } from '../captcha/verifier.ts';
import { publishedCourses } from '../catalog/scopes.ts';
import { sendTemplate } from '../mail/service.ts';
import { currentDocuments, recordConsent } from '../user/consents.ts';
import { schoolNotifyAddress } from '../site-settings/service.ts';

/** Applications one address (an IPv6 /64) may send per hour. */
export const APPLICATIONS_PER_IP: RateRule = { limit: 20, windowS: 3600 };
/** Applications one sender (account or guest session) may send per 10 minutes. */
export const APPLICATIONS_PER_SENDER: RateRule = { limit: 5, windowS: 600 };
/** A repeat of the same application within this window is answered without storing it again. */
export const DUPLICATE_WINDOW_S = 600;

const CONSENT_FLAGS = {
  consent_personal_data: 'personal_data',
  consent_privacy: 'privacy_policy',
  consent_advertising: 'advertising',
} as const satisfies Record<string, SubmissionConsent['kind']>;
type ConsentFlag = keyof typeof CONSENT_FLAGS;


async function loadForm(db: Executor, key: string) {
  const form = await findOne(db.select().from(feedbackForms).where(eq(feedbackForms.key, key)), FEEDBACK_TEXTS.formNotFound);
  const fields = await db
    .select()
    .from(feedbackFormFields)
    .where(eq(feedbackFormFields.formId, form.id))
    .orderBy(asc(feedbackFormFields.sort), asc(feedbackFormFields.id));
  return { form, fields };
}

/** GET /api/feedback/{key}/: the form and its fields in order. */
export async function getFeedbackForm(db: Db, key: string): Promise<FeedbackForm> {
  const { form, fields } = await loadForm(db, key);
  return {
    key: form.key,
    title: form.title,
    description: form.description,
    success_message: form.successMessage,
    fields: fields.map((f) => ({ id: f.id, name: f.name, title: f.title, placeholder: f.placeholder, required: f.required, type: f.type })),
  };
}

/** One field's value normalised, or its Russian problem. */
function checkField(field: FeedbackFormField, raw: string): { value: string } | { problem: string } {
  const text = raw.normalize('NFC').trim();
  if (text.length > FORM_TEXT_MAX_LENGTH) return { problem: FEEDBACK_TEXTS.textTooLong };
  switch (field.type) {
    case 'phone': {
      const phone = storedPhone(text);
      return phone ? { value: phone } : { problem: ACCOUNT_TEXTS.phoneInvalid };
    }
    case 'email': {
      const email = normaliseEmail(text);
      return isEmailAddress(email) ? { value: email } : { problem: EMAIL_INVALID };
    }
    case 'date': {
      const iso = parseIsoDate(text);
      return iso ? { value: iso } : { problem: ACCOUNT_TEXTS.dateInvalid };
    }
    default:
      return { value: text.replace(/\s+/g, ' ') };
  }
}

export interface ParsedApplication {
  values: Record<string, string>;
  courseSlug: string | null;
  sessionKey: string | null;
  captchaToken: string | undefined;
  requestId: string | null;
  consents: SubmissionConsent['kind'][];
}

/**
 * Checks a body against the form's own fields and the known extras (the contract's
 * feedbackProcessBodySchema); every problem is listed under its field's name, keys the form does
 * not know under their own.
 */
export function parseApplication(fields: readonly FeedbackFormField[], body: unknown): ParsedApplication {
  if (body === null || body === undefined || typeof body !== 'object' || Array.isArray(body)) {
    throw ApiError.fields({ [NON_FIELD_ERRORS]: ['Ожидается объект с полями формы.'] });
  }
  const input = body as Record<string, unknown>;
  // No prototype: a caller's unknown key may be `constructor` or `__proto__`.
  const errors: FieldErrors = Object.create(null);
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  const extras = new Set<string>(APPLICATION_EXTRA_FIELDS);
  const byName = new Map(fields.map((f) => [f.name, f]));

  for (const key of Object.keys(input)) if (!byName.has(key) && !extras.has(key)) add(key, 'Неизвестное поле.');

  const values: Record<string, string> = {};
  for (const field of fields) {
    const raw = input[field.name];
    if (raw !== undefined && raw !== null && typeof raw !== 'string') {
      add(field.name, FEEDBACK_TEXTS.notText);
      continue;
    }
    if (raw === undefined || raw === null || raw.trim() === '') {
      if (field.required) add(field.name, FEEDBACK_TEXTS.required(field.title));
      continue;
    }
    const checked = checkField(field, raw);
    if ('problem' in checked) add(field.name, checked.problem);
    else values[field.name] = checked.value;
  }

  // The fixed part: the contract's schema, its problems after the form's own fields'.
  const extra = readForm(feedbackProcessBodySchema, input);
  for (const [key, messages] of Object.entries(extra.problems)) for (const message of messages) add(key, message);
  const fixed = extra.values;

  const consents: SubmissionConsent['kind'][] = [];
  for (const [flag, kind] of Object.entries(CONSENT_FLAGS) as [ConsentFlag, SubmissionConsent['kind']][]) if (fixed[flag]) consents.push(kind);
  // A form about a student (the kids form) takes a child's data: the parent's consent for it is required.
  const childGiven = fixed.consent_child_personal_data;
  if (childGiven !== undefined && fields.some((field) => field.name.startsWith(STUDENT_FIELD_PREFIX))) {
    if (childGiven) consents.push('child_personal_data');
    else add('consent_child_personal_data', FEEDBACK_TEXTS.childConsentRequired);
  }

  if (Object.keys(errors).length > 0) throw ApiError.fields(errors);
  return {
    values,
    courseSlug: fixed.course_slug || null,
    sessionKey: fixed.session_key || null,
    captchaToken: fixed[CAPTCHA_TOKEN_FIELD],
    requestId: fixed.request_id || null,
    consents,
  };
}

/** The sender a duplicate and the per-sender limit are judged by. */
function senderOf(actor: Actor, sessionKey: string | null): string {
  if (isSignedIn(actor)) return `user:${actor.user.id}`;
  return sessionKey ? `session:${sessionKey}` : `ip:${networkOf(actor.ip)}`;
}

/** A stable text of what was sent (keys sorted), so the same application hashes the same. */
function canonical(value: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}

export class FeedbackService {
  readonly #deps: AppDeps;
  readonly #captcha: CaptchaVerifier;

  constructor(deps: AppDeps, captcha: CaptchaVerifier) {
    this.#deps = deps;
    this.#captcha = captcha;
  }

  /** POST /api/feedback/{key}/process/: stores the application once and answers the form's success message. */
  async process(key: string, body: unknown, actor: Actor): Promise<{ success_message: string }> {
    const { db, config } = this.#deps;
    const { form, fields } = await loadForm(db, key);
    const app = parseApplication(fields, body);
    let course: { id: number; title: string; slug: string } | null = null;
    if (app.courseSlug !== null) {
      const [found] = await db
        .select({ id: courses.id, title: courses.title, slug: courses.slug, isKids: courses.isKids, ageMin: courses.ageMin, ageMax: courses.ageMax })
        .from(courses)
        .where(and(eq(courses.slug, app.courseSlug), publishedCourses));
      if (!found) throw ApiError.fields({ course_slug: [FEEDBACK_TEXTS.courseNotFound] });
      course = found;
      // The child's birth date against the course's age range, counted today (an application
      // chooses no group).
      const birth = app.values[STUDENT_BIRTHDATE_FIELD];
      const problem = birth ? ageProblem(birth, { min: found.ageMin, max: found.ageMax }, { kids: found.isKids }) : null;
      if (problem) throw ApiError.fields({ [STUDENT_BIRTHDATE_FIELD]: [problem] });
    }

    const signedIn = isSignedIn(actor);
    const sessionKey = signedIn ? null : app.sessionKey;
    const sender = senderOf(actor, sessionKey);
    // Counted before the captcha is asked (it costs a provider call) and outside the transaction,
    // so a refused or failed attempt stays counted.
    const checks = [
      { key: `feedback:ip:${networkOf(actor.ip)}`, rule: APPLICATIONS_PER_IP },
      { key: `feedback:sender:${sender}`, rule: APPLICATIONS_PER_SENDER },
    ];
    const limits = await hitRateLimits(db, checks);
    if (!limits.allowed) throw new ApiError('too_many_requests', FEEDBACK_TEXTS.tooMany, { retryAfterS: limits.state.retryAfterS });

    const what = app.requestId ? `request:${app.requestId}` : canonical({ ...app.values, course: course?.id ?? null, consents: app.consents });
    const dedupeKey = createHash('sha256').update(`${form.id}\n${sender}\n${what}`).digest('hex');
    const client = clientOf(actor);

    const stored = await db.transaction(async (tx) => {
      // One sender's identical sends queue here; the first stores, the rest find it and answer the same.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`feedback:${dedupeKey}`}, 0))`);
      const [earlier] = await tx
        .select({ id: feedbackSubmissions.id })
        .from(feedbackSubmissions)
        .where(
          and(
            eq(feedbackSubmissions.dedupeKey, dedupeKey),
            gt(feedbackSubmissions.createdAt, sql`now() - make_interval(secs => ${DUPLICATE_WINDOW_S})`),
          ),
        )
        .limit(1);
      if (earlier) return false;
      // After the duplicate check: a double click spends the single-use token once.
      await requireCaptcha(this.#captcha, app.captchaToken, { action: 'studentForm', ip: actor.ip });

      const documents = await currentDocuments(tx);
      const given: SubmissionConsent[] = app.consents.map((kind) => ({ kind, version: documents.find((d) => d.kind === kind)?.version ?? null }));
      await tx.insert(feedbackSubmissions).values({
        formId: form.id,
        data: app.values,
        userId: signedIn ? actor.user.id : null,
        courseId: course?.id ?? null,
        sessionKey,
        dedupeKey,
        consents: given,
        ip: client.ip ?? null,
        userAgent: client.userAgent ?? null,
        // The record staff handle in the inbox (decision 0066), found by these.
        ...contactsOf(fields, app.values),
      });
      // A signed-in person's own consents become records of the account (decision 0018). The consent
      // for a child is kept with the application only (with its version, IP and browser): the child
      // is no student of the account, and an account record names a student.
      if (signedIn) {
        for (const kind of app.consents) if (kind !== 'child_personal_data') await recordConsent(tx, actor.user.id, kind, client);
      }

      // The school's mailbox from the site settings, else the environment's, else the contact e-mail (decision 0074).
      const to = await schoolNotifyAddress(tx, config.schoolNotifyEmail);
      if (!to) {
        this.#deps.logger?.warn({ form: form.key }, 'feedback: адрес школы не задан (SCHOOL_NOTIFY_EMAIL, CONTACT_EMAIL), письмо о заявке не отправлено');
        return true;
      }
      await sendTemplate(tx, {
        to,
        template: 'application_received',
        data: {
          formTitle: form.title,
          course: course ? { title: course.title, url: `${config.publicUrl}/courses/${course.slug}/` } : null,
          fields: fields.filter((f) => app.values[f.name] !== undefined).map((f) => ({ title: f.title, value: shown(f, app.values[f.name]!) })),
          sender: signedIn ? `пользователь сайта №${actor.user.id}` : 'гость сайта',
          receivedAt: formatDateTime(new Date()),
          advertising: app.consents.includes('advertising'),
        },
      });
      return true;
    });
    // A repeat (double click) was answered, not stored: it spends none of the sender's quota.
    if (!stored) for (const check of checks) await refundRateLimit(db, check.key);
    return { success_message: form.successMessage };
  }
}

/**
 * The sender's contacts among the values: the fields named 'name', 'email' and 'phone', else the
 * first field of the type (the first text field with 'name' in its name for the name).
 */
export function contactsOf(fields: readonly FeedbackFormField[], values: Record<string, string>): { name: string | null; email: string | null; phone: string | null } {
  const pick = (name: string, match: (f: FeedbackFormField) => boolean) => values[name] ?? fields.filter(match).map((f) => values[f.name]).find(Boolean) ?? null;
  return {
    name: pick('name', (f) => f.type === 'text' && f.name.includes('name')),
    email: pick('email', (f) => f.type === 'email'),
    phone: pick('phone', (f) => f.type === 'phone'),
  };
}

/** A stored value as a person reads it in the letter. */
function shown(field: FeedbackFormField, value: string): string {
  if (field.type === 'phone') return maskPhone(value);
  if (field.type === 'date') return fromIsoDate(value);
  return value;
}
