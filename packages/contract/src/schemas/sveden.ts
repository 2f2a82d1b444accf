// 'Сведения об образовательной организации' (decision 0042): the mandatory section's
// subsections at their standard addresses, each stored as one record of facts, groups (a wrapping
// microdata property with its children), documents and extra pages, every item with the
// `itemprop` of the Рособрнадзор recommendations. 'Образование' and 'Педагогический состав' are
// filled from the published courses and their teachers.
import { z } from 'zod';
import { SVEDEN_SECTIONS, SVEDEN_ADD_REFS_MAX, type SvedenSectionKey } from '../rules/sveden.ts';
import { safeLink } from '../rules/links.ts';

export { SVEDEN_SECTIONS, SVEDEN_ADD_REFS_MAX, SVEDEN_EMPTY, type SvedenSectionKey } from '../rules/sveden.ts';

/** A microdata property name: letters and digits, starting with a letter (e.g. `fullName`). */
const itemprop = z
  .string({ error: 'Укажите свойство микроразметки (itemprop).' })
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9]{0,59}$/, 'Свойство микроразметки — латинские буквы и цифры, например fullName.');
const text = (what: string, max: number) =>
  z
    .string({ error: `Введите ${what}.` })
    .trim()
    .min(1, `Введите ${what}.`)
    .max(max, `Не длиннее ${max} символов.`);
/**
 * A link on the site (`/media/…`, `/sveden/…`) or an http(s) address; never javascript:, another
 * site behind a path ('/\\evil', '/..//evil') and the like (`safeLink`, shared with the browser).
 */
const link = z
  .string({ error: 'Укажите ссылку.' })
  .trim()
  .max(1000, 'Не длиннее 1000 символов.')
  .refine((value) => safeLink(value) !== null, 'Ссылка начинается с / (страница сайта) или с https://.');

export const svedenFactSchema = z
  .object({
    itemprop: itemprop.describe('свойство микроразметки, например fullName'),
    label: text('подпись', 200).describe('подпись для людей, например «Полное наименование»'),
    value: text('значение', 4000).describe('значение (абзацы разделяются пустой строкой)'),
    href: link.nullable().optional().describe('ссылка значения: адрес почты mailto: не нужен, он ставится сам'),
  })
  .strict()
  .meta({ id: 'SvedenFact' });
export type SvedenFact = z.infer<typeof svedenFactSchema>;

export const svedenGroupSchema = z
  .object({
    itemprop: itemprop.describe('обёртывающее свойство, например uchredLaw, rucovodstvo, structOrgUprav'),
    title: text('заголовок', 300),
    facts: z.array(svedenFactSchema).max(30, 'Не больше 30 строк.'),
  })
  .strict()
  .meta({ id: 'SvedenGroup' });
export type SvedenGroup = z.infer<typeof svedenGroupSchema>;

export const svedenDocumentSchema = z
  .object({
    itemprop: itemprop.describe('свойство ссылки на документ, например ustavDocLink'),
    title: text('название документа', 300),
    url: link.describe('адрес PDF (ответ POST /api/sveden/uploads/) или страницы'),
    note: z.string().trim().max(300, 'Не длиннее 300 символов.').nullable().optional().describe('реквизиты: дата, номер, подпись'),
  })
  .strict()
  .meta({ id: 'SvedenDocument' });
export type SvedenDocument = z.infer<typeof svedenDocumentSchema>;

export const svedenRefSchema = z
  .object({ title: text('название страницы', 300), url: link })
  .strict()
  .meta({ id: 'SvedenRef' });

/** What staff store for one subsection (PUT body, and the stored part of a GET). */
export const svedenContentSchema = z
  .object({
    intro: z.string({ error: 'Ожидается текст.' }).trim().max(20_000, 'Не длиннее 20 000 символов.').default('').describe('текст перед сведениями; абзацы — через пустую строку'),
    facts: z.array(svedenFactSchema).max(60, 'Не больше 60 строк.').default([]),
    groups: z.array(svedenGroupSchema).max(60, 'Не больше 60 групп.').default([]),
    documents: z.array(svedenDocumentSchema).max(100, 'Не больше 100 документов.').default([]),
    add_refs: z.array(svedenRefSchema).max(SVEDEN_ADD_REFS_MAX, `Не больше ${SVEDEN_ADD_REFS_MAX} дополнительных страниц.`).default([]),
  })
  .strict()
  .meta({ id: 'SvedenContent' });
export type SvedenContent = z.infer<typeof svedenContentSchema>;

/** A published programme as 'Образование' lists it. */
export const svedenProgrammeSchema = z
  .object({
    title: z.string(),
    url: z.string().describe('страница курса'),
    level: z.string().describe('уровень (подвид) образования'),
    form: z.string().describe('форма обучения'),
    term: z.string().nullable().describe('нормативный срок обучения'),
    language: z.string(),
    teachers: z.array(z.object({ fio: z.string(), post: z.string().nullable(), bio: z.string().nullable() }).strict()),
  })
  .strict()
  .meta({ id: 'SvedenProgramme' });
export type SvedenProgramme = z.infer<typeof svedenProgrammeSchema>;

const sectionKey = z.enum(SVEDEN_SECTIONS.map((s) => s.key) as [SvedenSectionKey, ...SvedenSectionKey[]]);

export const svedenSectionSchema = z
  .object({
    key: sectionKey,
    title: z.string(),
    content: svedenContentSchema,
    programmes: z.array(svedenProgrammeSchema).describe('Образование и Педагогический состав: опубликованные курсы; иначе пусто'),
    updated_at: z.string().nullable(),
  })
  .strict()
  .meta({ id: 'SvedenSection' });
export type SvedenSection = z.infer<typeof svedenSectionSchema>;

const svedenNavSchema = z
  .array(z.object({ key: sectionKey, title: z.string(), url: z.string(), is_filled: z.boolean() }).strict())
  .meta({ id: 'SvedenNav' });
export type SvedenNav = z.infer<typeof svedenNavSchema>;

/** GET /api/sveden/: every subsection in the standard order. */
export const svedenIndexSchema = z
  .object({ nav: svedenNavSchema, sections: z.array(svedenSectionSchema) })
  .strict()
  .meta({ id: 'SvedenIndex' });
export type SvedenIndex = z.infer<typeof svedenIndexSchema>;

/** GET /api/sveden/{key}/: one subsection and the shared navigation. */
export const svedenPageSchema = z
  .object({ nav: svedenNavSchema, section: svedenSectionSchema })
  .strict()
  .meta({ id: 'SvedenPage' });
export type SvedenPage = z.infer<typeof svedenPageSchema>;

export const svedenUploadSchema = z
  .object({ url: z.string(), size_bytes: z.number().int(), original_name: z.string() })
  .strict()
  .meta({ id: 'SvedenUpload' });

/** GET /api/admin/sveden/ (staff): every subsection's state for the staff screen. */
export const svedenAdminListSchema = z
  .array(
    z
      .object({
        key: sectionKey,
        title: z.string(),
        url: z.string().describe('страница подраздела на сайте'),
        is_filled: z.boolean(),
        from_courses: z.boolean().describe('Образование и Педагогический состав: программы и преподаватели берутся из курсов'),
        items: z.number().int().describe('строк, групп, документов и дополнительных страниц всего'),
        updated_at: z.string().nullable(),
        updated_by: z.string().nullable().describe('кто из сотрудников записал подраздел последним'),
      })
      .strict(),
  )
  .meta({ id: 'SvedenAdminList' });
export type SvedenAdminList = z.infer<typeof svedenAdminListSchema>;
