// Certificates of completion (decision 0085): the course builder's settings form, the list of a
// course's certificates, the learner's certificates and the public verification answer.
import { z } from 'zod';
import { CERTIFICATE_DEFAULT_TITLE, CERTIFICATE_RULES, CERTIFICATE_STATUSES, CERTIFICATE_TEXTS, type CertificateRule, type CertificateStatus } from '../rules/certificates.ts';
import { pageQuery } from './common.ts';
import { paginatedSchema } from './catalog.ts';

const RULE_KEYS = Object.keys(CERTIFICATE_RULES) as [CertificateRule, ...CertificateRule[]];
const STATUS_KEYS = Object.keys(CERTIFICATE_STATUSES) as [CertificateStatus, ...CertificateStatus[]];
const WHOLE = 'Ожидается целое число.';
/** A storage key of an upload (POST /api/admin/uploads/?kind=image), or null for none. */
const imageKey = z.string().trim().max(500, 'Не длиннее 500 символов.').nullable().default(null);

/** PUT /api/admin/courses/{id}/certificate/: the form of the course builder's 'Сертификат'. */
export const certificateSettingsFormSchema = z
  .object({
    enabled: z.boolean({ error: 'Ожидается да или нет.' }),
    rule: z.enum(RULE_KEYS, { error: 'Выберите условие выдачи.' }),
    min_share: z.coerce
      .number({ error: 'Ожидается число.' })
      .int(WHOLE)
      .min(1, 'Не меньше 1 %.')
      .max(100, 'Не больше 100 %.')
      .default(80)
      .describe('процент пройденных тестов курса, для rule = tests_share'),
    title: z.string().trim().min(1, 'Укажите название документа.').max(120, 'Не длиннее 120 символов.').default(CERTIFICATE_DEFAULT_TITLE),
    hours: z.coerce.number({ error: 'Ожидается число.' }).int(WHOLE).min(1, 'Не меньше 1 часа.').max(10_000, 'Не больше 10 000 часов.').nullable().default(null),
    school_details: z.string().trim().max(1000, 'Не длиннее 1000 символов.').default(''),
    signature_image: imageKey,
    stamp_image: imageKey,
    background_image: imageKey,
  })
  .strict()
  .meta({ id: 'CertificateSettingsForm' });
export type CertificateSettingsForm = z.input<typeof certificateSettingsFormSchema>;
export type CertificateSettingsValues = z.output<typeof certificateSettingsFormSchema>;

export const certificateSettingsSchema = z
  .object({
    course_id: z.number().int(),
    enabled: z.boolean(),
    rule: z.enum(RULE_KEYS),
    min_share: z.number().int(),
    title: z.string(),
    hours: z.number().int().nullable(),
    school_details: z.string(),
    signature_image: z.string().nullable(),
    stamp_image: z.string().nullable(),
    background_image: z.string().nullable(),
    tests_count: z.number().int().describe('опубликованных тестов в курсе: для доли тестов'),
    final_tests_count: z.number().int().describe('опубликованных итоговых тестов'),
  })
  .meta({ id: 'CertificateSettings' });
export type CertificateSettingsOut = z.infer<typeof certificateSettingsSchema>;

/** GET /api/admin/courses/{id}/certificates/ */
export const certificateListQuerySchema = z.object({
  search: z.string().trim().max(100, 'Не длиннее 100 символов.').optional().describe('часть номера или ФИО'),
  page: pageQuery(),
});

export const issuedCertificateSchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    status: z.enum(STATUS_KEYS),
    holder: z.string().describe('ФИО, как в сертификате'),
    issued_at: z.string().describe('ISO 8601'),
    revoked_at: z.string().nullable(),
    revoked_reason: z.string().nullable(),
    replaced_at: z.string().nullable(),
    name_changed: z.boolean().describe('ФИО в личных данных теперь другое: можно перевыпустить'),
  })
  .meta({ id: 'IssuedCertificate' });
export type IssuedCertificate = z.infer<typeof issuedCertificateSchema>;
export const issuedCertificatePageSchema = paginatedSchema(issuedCertificateSchema, 'IssuedCertificatePage');

export const certificateIdParams = z.object({
  id: z.coerce.number({ error: 'Ожидается число.' }).int(WHOLE).positive('Ожидается положительное число.').max(2_147_483_647, 'Слишком большое число.'),
  certificateId: z.coerce.number({ error: 'Ожидается число.' }).int(WHOLE).positive('Ожидается положительное число.').max(2_147_483_647, 'Слишком большое число.'),
});

/** POST /api/admin/courses/{id}/certificates/{certificateId}/revoke/ */
export const certificateRevokeFormSchema = z
  .object({ reason: z.string({ error: CERTIFICATE_TEXTS.reasonRequired }).trim().min(1, CERTIFICATE_TEXTS.reasonRequired).max(500, 'Не длиннее 500 символов.') })
  .strict()
  .meta({ id: 'CertificateRevokeForm' });
export type CertificateRevokeForm = z.input<typeof certificateRevokeFormSchema>;

/** The learner's certificates and the courses waiting for their name (GET /api/user/certificates/). */
export const myCertificatesSchema = z
  .object({
    certificates: z.array(
      z.object({
        course_id: z.number().int(),
        user_course_id: z.number().int().nullable(),
        number: z.string(),
        status: z.enum(STATUS_KEYS),
        issued_at: z.string(),
        pdf_url: z.string().describe('путь PDF для скачивания'),
        verify_url: z.string().describe('адрес страницы проверки'),
      }),
    ),
    name_needed: z.array(z.number().int()).describe('id курсов (user_course_id), где сертификат ждёт ФИО в личных данных'),
  })
  .meta({ id: 'MyCertificates' });
export type MyCertificates = z.infer<typeof myCertificatesSchema>;

/** GET /api/certificates/{number}/: what anyone may learn of a certificate. */
export const certificateVerificationSchema = z
  .object({
    number: z.string(),
    status: z.enum(STATUS_KEYS),
    course_title: z.string(),
    title: z.string(),
    issued_at: z.string().describe('ISO 8601'),
    holder: z.string().describe("инициалы и фамилия: 'И. П. Иванова'"),
    revoked_at: z.string().nullable(),
    replaced_at: z.string().nullable(),
  })
  .meta({ id: 'CertificateVerification' });
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

export const certificateNumberParams = z.object({ number: z.string().max(64, CERTIFICATE_TEXTS.notFound) });
