import { z } from 'zod';
import {
  ACCOUNT_MIN_AGE,
  ACCOUNT_TEXTS,
  ADDRESS_MAX_LENGTH,
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
import { currentUserSchema } from './auth.ts';

// The personal account (spec §3 User, User documents, Student; §5; §7 User). Bodies come as JSON
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
  is_complete: z.boolean().describe('Профиль заполнен (спецификация §5: ФИО, дата рождения, телефон, e-mail и шесть полей документов)'),
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
  id: z.coerce.number({ error: 'Ожидается число.' }).int('Ожидается целое число.').positive().max(2_147_483_647),
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
