// ---------------------------------------------------------------- legal documents (decision 0043)

/**
 * The school's legal documents, each with versions and a page of its own at `/documents/{slug}/`
 * (the current version) and `/documents/{slug}/v/{n}/` (one version). The first three are also
 * what consent records point to (decision 0018).
 */
export const LEGAL_DOCUMENTS = [
  { kind: 'privacy_policy', slug: 'privacy-policy', title: 'Политика конфиденциальности' },
  { kind: 'personal_data', slug: 'personal-data-consent', title: 'Согласие на обработку персональных данных' },
  { kind: 'advertising', slug: 'advertising-consent', title: 'Согласие на получение рекламных рассылок' },
  {
    kind: 'child_personal_data',
    slug: 'child-personal-data-consent',
    title: 'Согласие родителя на обработку персональных данных ребёнка',
  },
  { kind: 'offer', slug: 'offer', title: 'Договор-оферта на платные образовательные услуги' },
  { kind: 'cookie_policy', slug: 'cookie-policy', title: 'Политика использования файлов cookie' },
] as const;
export type LegalDocumentKind = (typeof LEGAL_DOCUMENTS)[number]['kind'];
export type LegalDocumentSlug = (typeof LEGAL_DOCUMENTS)[number]['slug'];

/** The page of a document's current version, e.g. '/documents/privacy-policy/'. */
export function legalDocumentPath(slug: string): string {
  return `/documents/${slug}/`;
}

/** The page of one version, e.g. '/documents/privacy-policy/v/2/'. */
export function legalVersionPath(slug: string, version: number): string {
  return `/documents/${slug}/v/${version}/`;
}

/** The slug of a kind (every kind has one). */
export function legalSlugOf(kind: LegalDocumentKind): LegalDocumentSlug {
  return LEGAL_DOCUMENTS.find((d) => d.kind === kind)!.slug;
}

/** The page of the version a consent record points to (kind and version of the record). */
export function consentVersionPath(kind: string, version: number | null): string | null {
  const doc = LEGAL_DOCUMENTS.find((d) => d.kind === kind);
  return doc && version !== null ? legalVersionPath(doc.slug, version) : null;
}

export const LEGAL_TEXTS = {
  notFound: 'Документ не найден.',
  versionNotFound: 'Такой редакции документа нет.',
  staffOnly: 'Публиковать документы могут только сотрудники школы.',
  kindInvalid: 'Выберите документ.',
  titleRequired: 'Укажите название документа.',
  bodyRequired: 'Добавьте текст документа.',
} as const;
