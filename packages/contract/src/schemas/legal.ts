import { z } from 'zod';
import { LEGAL_DOCUMENTS, LEGAL_TEXTS } from '../rules/legal.ts';

// ---------------------------------------------------------------- legal documents (decision 0043)

const kinds = LEGAL_DOCUMENTS.map((d) => d.kind) as [
  'privacy_policy',
  'personal_data',
  'advertising',
  'child_personal_data',
  'offer',
  'cookie_policy',
];
const slugs = LEGAL_DOCUMENTS.map((d) => d.slug) as [
  'privacy-policy',
  'personal-data-consent',
  'advertising-consent',
  'child-personal-data-consent',
  'offer',
  'cookie-policy',
];

export const legalDocumentKindSchema = z.enum(kinds).meta({ id: 'LegalDocumentKind' });

/** One version in a list: no text. */
export const legalVersionCardSchema = z
  .object({
    version: z.number().int(),
    title: z.string(),
    published_at: z.string().describe('ISO 8601: с этого момента редакция действует'),
    url: z.string().describe('Страница этой редакции'),
  })
  .meta({ id: 'LegalVersionCard' });

export const legalDocumentSchema = z
  .object({
    kind: legalDocumentKindSchema,
    slug: z.enum(slugs),
    version: z.number().int(),
    title: z.string(),
    body: z
      .string()
      .describe('Текст: абзацы через пустую строку, строка с «## » — заголовок раздела, с «- » — пункт списка'),
    published_at: z.string().describe('ISO 8601: дата вступления в силу'),
    url: z.string().describe('Страница этой редакции'),
    is_current: z.boolean().describe('Действующая редакция (последняя вступившая в силу)'),
    current_version: z.number().int().nullable().describe('Номер действующей редакции'),
    versions: z.array(legalVersionCardSchema).describe('Все вступившие в силу редакции, новые первыми'),
  })
  .meta({ id: 'LegalDocument' });
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

export const legalDocumentListSchema = z
  .array(
    z
      .object({
        kind: legalDocumentKindSchema,
        slug: z.enum(slugs),
        title: z.string(),
        version: z.number().int(),
        published_at: z.string(),
        url: z.string().describe('Постоянный адрес документа (действующая редакция)'),
      })
      .meta({ id: 'LegalDocumentCard' }),
  )
  .meta({ id: 'LegalDocumentList' });
export type LegalDocumentList = z.infer<typeof legalDocumentListSchema>;

export const legalSlugParamSchema = z.object({ slug: z.string().max(100) });
export const legalVersionParamSchema = z.object({
  slug: z.string().max(100),
  version: z.coerce.number().int().positive().max(1_000_000),
});

export const legalPublishBodySchema = z
  .object({
    kind: z.enum(kinds, { error: LEGAL_TEXTS.kindInvalid }),
    title: z.string({ error: LEGAL_TEXTS.titleRequired }).trim().min(1, LEGAL_TEXTS.titleRequired).max(300),
    body: z.string({ error: LEGAL_TEXTS.bodyRequired }).trim().min(1, LEGAL_TEXTS.bodyRequired).max(200_000),
    published_at: z
      .string()
      .datetime({ offset: true, error: 'Ожидается дата и время ISO 8601.' })
      .optional()
      .describe('Когда редакция вступает в силу; по умолчанию сейчас. Можно подготовить заранее.'),
  })
  .strict()
  .meta({ id: 'LegalPublishBody' });
export type LegalPublishBody = z.infer<typeof legalPublishBodySchema>;
