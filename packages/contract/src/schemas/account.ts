import { z } from 'zod';
import {
  ACCOUNT_MIN_AGE,
  ACCOUNT_TEXTS,
  ADDRESS_MAX_LENGTH,
  CONSENT_DOCUMENT_KINDS,
  CONSENT_KINDS,
  CONSENT_TEXTS,
  PASSPORT_LOCATION_MAX_LENGTH,
  STUDENT_TYPES,
  nameProblem,
  normaliseName,
  parseIsoDate,
  passportGivenCodeDigits,
  passportNumberDigits,
  passportSeriesDigits,
  pastDateProblem,
  snilsDigits,
  storedPhone,
} from '../rules/account.ts';
import { EMAIL_INVALID, isEmailAddress, normaliseEmail } from '../rules/auth.ts';
import { codeSchema, currentUserSchema, emailSchema } from './auth.ts';
import { idField, idParam } from './common.ts';

// The personal account. Bodies come as JSON
// or as multipart form data (every value a string there): an empty string clears a field like
// null does, and `true`/`false` are read as booleans.

const TEXT_EXPECTED = 'Ожидается текст.';

/** A text value that may be cleared: the normalised value, or null for '' and null. */
function clearable(check: (value: string) => { value: string } | { problem: string }, maxLength = 2000) {
  return z
    .string({ error: TEXT_EXPECTED })
    .max(maxLength, ACCOUNT_TEXTS.textTooLong)
    .nullable()
    .transform((raw, ctx) => {
      if (raw === null || raw.trim() === '') return null;
      const result = check(raw);
      if ('problem' in result) {
        ctx.addIssue({ code: 'custom', message: result.problem });
        return z.NEVER;
      }
      return result.value;
    });
}

const digitsOr = (problem: string, parse: (input: string) => string | null) => (raw: string) => {
  const value = parse(raw);
  return value === null ? { problem } : { value };
};

const nameField = clearable((raw) => {
  const value = normaliseName(raw);
  const problem = nameProblem(value);
  return problem ? { problem } : { value };
}, 300);

const phoneField = clearable(digitsOr(ACCOUNT_TEXTS.phoneInvalid, storedPhone), 100).describe(
  'Российский номер: +7 (999) 999-99-99, +7 999-999-99-99, 8 999 999 99 99; в ответе — только цифры, 79991234567',
);

const emailField = clearable((raw) => {
  const value = normaliseEmail(raw);
  return isEmailAddress(value) ? { value } : { problem: EMAIL_INVALID };
}, 300);

function pastDateField(minAge?: number) {
  return clearable((raw) => {
    const value = parseIsoDate(raw);
    if (value === null) return { problem: ACCOUNT_TEXTS.dateInvalid };
    const problem = pastDateProblem(value, { minAge });
    return problem ? { problem } : { value };
  }, 20).describe('YYYY-MM-DD (принимается и ДД.ММ.ГГГГ)');
}

const plainText = (maxLength: number) =>
  clearable((raw) => {
    const value = raw.trim().replace(/\s+/g, ' ');
    return value.length > maxLength ? { problem: ACCOUNT_TEXTS.textTooLong } : { value };
  }, maxLength * 2);

const genderField = z
  .enum(['male', 'female', ''], { error: ACCOUNT_TEXTS.genderInvalid })
  .nullable()
  .transform((value) => (value === '' ? null : value));

/** A boolean sent as JSON true/false or as a form value 'true'/'false' ('1'/'0', 'on'). */
const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])], { error: 'Ожидается true или false.' })
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on');

// ---------------------------------------------------------------- personal data

export const personalPatchBodySchema = z
  .object({
    last_name: nameField.optional(),
    first_name: nameField.optional(),
    patronymic: nameField.optional(),
    phone: phoneField.optional(),
    email: emailField
      .optional()
      .describe('Совпадающий с текущим адрес принимается; смена адреса — только с подтверждением кодом'),
    address: plainText(ADDRESS_MAX_LENGTH).optional(),
    birth_date: pastDateField(ACCOUNT_MIN_AGE).optional(),
    gender: genderField.optional(),
    data_refusal: formBoolean
      .optional()
      .describe('Отказ предоставлять данные документов: true стирает документы'),
  })
  .strict()
  .meta({ id: 'PersonalPatch', description: 'Частичное изменение личных данных (JSON или multipart/form-data)' });
export type PersonalPatchBody = z.infer<typeof personalPatchBodySchema>;

const completeness = {
  is_complete: z.boolean().describe('Профиль заполнен (ФИО, дата рождения, телефон, e-mail и шесть полей документов)'),
  missing_fields: z.array(z.string()).describe('Какие поля ещё не заполнены'),
};

export const personalSchema = currentUserSchema.extend(completeness).meta({ id: 'Personal' });
export type Personal = z.infer<typeof personalSchema>;

export const personalPatchResultSchema = personalSchema
  .extend({ documents_erased: z.boolean().describe('Данные документов стёрты (отказ от предоставления данных)') })
  .meta({ id: 'PersonalPatchResult' });
export type PersonalPatchResult = z.infer<typeof personalPatchResultSchema>;

// ---------------------------------------------------------------- documents

export const documentsPatchBodySchema = z
  .object({
    passport_series: clearable(digitsOr(ACCOUNT_TEXTS.passportSeries, passportSeriesDigits), 20)
      .optional()
      .describe('Четыре цифры, можно «99 99»'),
    passport_number: clearable(digitsOr(ACCOUNT_TEXTS.passportNumber, passportNumberDigits), 20)
      .optional()
      .describe('Шесть цифр'),
    passport_given_code: clearable(digitsOr(ACCOUNT_TEXTS.passportGivenCode, passportGivenCodeDigits), 20)
      .optional()
      .describe('Шесть цифр, можно «999-999» или «999 999»'),
    passport_given_date: pastDateField().optional(),
    passport_given_location: plainText(PASSPORT_LOCATION_MAX_LENGTH).optional(),
    snils: clearable(digitsOr(ACCOUNT_TEXTS.snilsInvalid, snilsDigits), 30)
      .optional()
      .describe('Одиннадцать цифр с контрольной суммой, можно «999-999-999 99»'),
  })
  .strict()
  .meta({ id: 'DocumentsPatch', description: 'Частичное изменение документов (JSON или multipart/form-data)' });
export type DocumentsPatchBody = z.infer<typeof documentsPatchBodySchema>;

export const documentsSchema = z
  .object({
    passport_series: z.string().nullable().describe('Четыре цифры'),
    passport_number: z.string().nullable().describe('Шесть цифр'),
    passport_given_code: z.string().nullable().describe('Шесть цифр'),
    passport_given_date: z.string().nullable().describe('YYYY-MM-DD'),
    passport_given_location: z.string().nullable(),
    snils: z.string().nullable().describe('Одиннадцать цифр'),
    data_refusal: z.boolean(),
    ...completeness,
  })
  .meta({ id: 'Documents', description: 'Документы владельца кабинета; хранятся зашифрованными' });
export type Documents = z.infer<typeof documentsSchema>;

// ---------------------------------------------------------------- students

const studentTypeField = z.enum(STUDENT_TYPES.map((t) => t.id) as ['child', 'adult'], {
  error: ACCOUNT_TEXTS.studentTypeRequired,
});

const studentFields = {
  student_type: studentTypeField.optional(),
  last_name: nameField.optional(),
  first_name: nameField.optional(),
  patronymic: nameField.optional(),
  phone: phoneField.optional(),
  email: emailField.optional(),
  date_birth: pastDateField().optional(),
};

/** Required fields and the child/adult rules are checked by the service, per field, in Russian. */
export const studentCreateBodySchema = z
  .object(studentFields)
  .strict()
  .meta({
    id: 'StudentCreate',
    description:
      'Обязательны student_type, last_name, first_name; ребёнку нужна дата рождения (YYYY-MM-DD), взрослому — телефон и e-mail',
  });
export type StudentCreateBody = z.infer<typeof studentCreateBodySchema>;

export const studentPatchBodySchema = z
  .object(studentFields)
  .strict()
  .meta({ id: 'StudentPatch', description: 'Частичное изменение ученика; правила те же, что при добавлении' });
export type StudentPatchBody = z.infer<typeof studentPatchBodySchema>;

export const studentSchema = z
  .object({
    id: z.number().int(),
    student_type: z.enum(['child', 'adult']),
    last_name: z.string(),
    first_name: z.string(),
    patronymic: z.string().nullable(),
    phone: z.string().nullable().describe('Только цифры с кодом страны'),
    email: z.string().nullable(),
    date_birth: z.string().nullable().describe('YYYY-MM-DD'),
  })
  .meta({ id: 'Student' });
export type StudentItem = z.infer<typeof studentSchema>;

export const studentListSchema = z.array(studentSchema).meta({ id: 'StudentList' });

export const studentIdParamsSchema = z.object({
  id: idParam,
});

// ---------------------------------------------------------------- reference books

const referenceItemSchema = z.object({ id: z.union([z.string(), z.number().int()]), title: z.string() });

export const referenceBooksSchema = z
  .object({
    genders: z.array(referenceItemSchema).describe('Пол (значение поля gender)'),
    student_types: z.array(referenceItemSchema).describe('Тип ученика (значение student_type)'),
    sources: z.array(referenceItemSchema).describe('Откуда узнали о школе (источники статистики)'),
  })
  .meta({ id: 'ReferenceBooks' });
export type ReferenceBooks = z.infer<typeof referenceBooksSchema>;

// ---------------------------------------------------------------- consents (152-ФЗ, decision 0018)

const consentDocumentKindIds = CONSENT_DOCUMENT_KINDS.map((k) => k.id) as [
  'personal_data',
  'privacy_policy',
  'advertising',
  'child_personal_data',
];
const consentKindIds = CONSENT_KINDS.map((k) => k.id) as ['personal_data', 'privacy_policy', 'advertising', 'child_personal_data', 'data_refusal'];

export const consentDocumentSchema = z
  .object({
    kind: z.enum(consentDocumentKindIds),
    title: z.string(),
    version: z.number().int().describe('Текущая (последняя опубликованная) версия'),
    url: z.string().describe('Страница сайта с текстом этой версии'),
  })
  .meta({ id: 'ConsentDocument' });

export const consentSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(consentKindIds),
    title: z.string(),
    version: z.number().int().nullable().describe('Версия документа; null для отказа от предоставления данных'),
    student_id: z.number().int().nullable().describe('Ученик, за которого согласие дал владелец кабинета'),
    student_name: z.string().nullable(),
    given_at: z.string().describe('ISO 8601'),
    withdrawn_at: z.string().nullable().describe('ISO 8601; null — согласие действует'),
    is_current_version: z.boolean().describe('Дано на текущую версию документа'),
  })
  .meta({ id: 'Consent' });
export type ConsentItem = z.infer<typeof consentSchema>;

export const consentsSchema = z
  .object({
    documents: z.array(consentDocumentSchema).describe('Документы и их текущие версии'),
    consents: z.array(consentSchema).describe('Действующие и отозванные согласия, новые первыми'),
  })
  .meta({ id: 'Consents' });
export type Consents = z.infer<typeof consentsSchema>;

export const consentCreateBodySchema = z
  .object({
    kind: z.enum(consentDocumentKindIds, { error: CONSENT_TEXTS.kindInvalid }),
    student_id: idField('Ожидается число.')
      .nullable()
      .optional()
      .describe(
        'Свой ученик, за которого согласие даёт владелец кабинета: за ребёнка — child_personal_data (обязателен), ' +
          'за взрослого — personal_data',
      ),
    version: z
      .number({ error: 'Ожидается число.' })
      .int('Ожидается целое число.')
      .positive('Ожидается положительное число.')
      .max(1_000_000)
      .optional()
      .describe('Редакция, которую человек прочитал и принимает; если действует уже другая — 409'),
  })
  .strict()
  .meta({ id: 'ConsentCreate' });
export type ConsentCreateBody = z.infer<typeof consentCreateBodySchema>;

export const consentIdParamsSchema = studentIdParamsSchema;

/** One consent given to an older version of a document that has a newer one in force (decision 0046). */
export const pendingConsentSchema = z
  .object({
    kind: z.enum(['personal_data', 'child_personal_data', 'privacy_policy']),
    action: z
      .enum(['accept', 'notice'])
      .describe('accept — нужно новое согласие (прежнее действует до ответа); notice — только уведомить об изменениях'),
    title: z.string(),
    consent_id: z.number().int().describe('Действующая запись на прежнюю редакцию (её можно отозвать)'),
    given_version: z.number().int().describe('Редакция, на которую дано согласие'),
    version: z.number().int().describe('Действующая редакция'),
    published_at: z.string().describe('ISO 8601: с этого момента действует новая редакция'),
    url: z.string().describe('Страница действующей редакции'),
    versions_url: z.string().describe('Страница документа со списком всех редакций'),
    student_id: z.number().int().nullable(),
    student_name: z.string().nullable(),
  })
  .meta({ id: 'PendingConsent' });
export type PendingConsent = z.infer<typeof pendingConsentSchema>;

export const pendingConsentsSchema = z
  .object({ items: z.array(pendingConsentSchema).describe('Что изменилось с последнего согласия; пусто — ничего') })
  .meta({ id: 'PendingConsents' });
export type PendingConsents = z.infer<typeof pendingConsentsSchema>;

// ---------------------------------------------------------------- deletion and the address

export const accountDeleteBodySchema = z.object({ code: codeSchema }).strict().meta({ id: 'AccountDelete' });
export type AccountDeleteBody = z.infer<typeof accountDeleteBodySchema>;

export const emailChangeBodySchema = z.object({ email: emailSchema }).strict().meta({ id: 'EmailChange' });
export type EmailChangeBody = z.infer<typeof emailChangeBodySchema>;

export const emailChangeConfirmBodySchema = z
  .object({ email: emailSchema, code: codeSchema })
  .strict()
  .meta({ id: 'EmailChangeConfirm' });
export type EmailChangeConfirmBody = z.infer<typeof emailChangeConfirmBodySchema>;

// ---------------------------------------------------------------- data download

const isoTime = z.string().describe('ISO 8601');
const isoTimeOrNull = z.string().nullable().describe('ISO 8601');

export const accountExportSchema = z
  .object({
    exported_at: isoTime,
    profile: currentUserSchema.extend({
      email_verified_at: isoTimeOrNull,
      last_login_at: isoTimeOrNull,
      created_at: isoTime,
    }),
    documents: documentsSchema.pick({
      passport_series: true,
      passport_number: true,
      passport_given_code: true,
      passport_given_date: true,
      passport_given_location: true,
      snils: true,
    }),
    students: z.array(studentSchema.extend({ created_at: isoTime })),
    consents: z.array(
      consentSchema.extend({ ip: z.string().nullable(), user_agent: z.string().nullable(), withdrawn_ip: z.string().nullable(), withdrawn_user_agent: z.string().nullable() }),
    ),
    social_accounts: z.array(z.object({ provider: z.string(), created_at: isoTime })),
    orders: z.array(
      z.object({
        id: z.number().int(),
        code: z.string(),
        course_id: z.number().int(),
        course_title: z.string(),
        group_id: z.number().int().nullable(),
        status: z.string(),
        amount_kopecks: z.number().int(),
        payer_last_name: z.string(),
        payer_first_name: z.string(),
        payer_patronymic: z.string().nullable(),
        payer_phone: z.string(),
        payer_email: z.string(),
        study_for_self: z.boolean(),
        consent_privacy: z.boolean(),
        consent_personal_data: z.boolean(),
        consent_advertising: z.boolean(),
        consent_child_personal_data: z.boolean().describe('Согласие родителя за нового ученика-ребёнка'),
        students: z.array(
          z.object({
            student_id: z.number().int().nullable(),
            full_name: z.string(),
            phone: z.string().nullable(),
            email: z.string().nullable(),
            birth_date: z.string().nullable(),
          }),
        ),
        created_at: isoTime,
        confirmed_at: isoTimeOrNull,
        paid_at: isoTimeOrNull,
      }),
    ),
    enrolments: z.array(
      z.object({
        id: z.number().int(),
        course_id: z.number().int(),
        course_title: z.string(),
        student_id: z.number().int().nullable(),
        order_id: z.number().int().nullable(),
        is_active: z.boolean(),
        access_until: isoTimeOrNull,
        created_at: isoTime,
      }),
    ),
    group_memberships: z.array(z.object({ group_id: z.number().int(), enrolment_id: z.number().int(), created_at: isoTime })),
    lesson_progress: z.array(
      z.object({ enrolment_id: z.number().int(), lesson_id: z.number().int(), status: z.string(), completed_at: isoTimeOrNull, updated_at: isoTime }),
    ),
    test_attempts: z.array(
      z.object({
        id: z.number().int(),
        enrolment_id: z.number().int(),
        test_id: z.number().int(),
        status: z.string(),
        score: z.number().int().nullable(),
        is_passed: z.boolean().nullable(),
        started_at: isoTime,
        finished_at: isoTimeOrNull,
      }),
    ),
    sessions: z.array(
      z.object({
        created_at: isoTime,
        last_used_at: isoTime.describe('Когда сеанс последний раз продлевался'),
        expires_at: isoTime,
        ended_at: isoTimeOrNull,
        user_agent: z.string().nullable(),
        ip: z.string().nullable(),
      }),
    ),
    form_submissions: z.array(
      z.object({ id: z.number().int(), form_id: z.number().int(), data: z.record(z.string(), z.string()), created_at: isoTime }),
    ),
    letters: z.array(z.object({ subject: z.string().describe('Коды в теме скрыты'), created_at: isoTime, sent_at: isoTimeOrNull })),
  })
  .meta({ id: 'AccountExport', description: 'Всё, что школа хранит о человеке (файл JSON)' });
export type AccountExport = z.infer<typeof accountExportSchema>;
