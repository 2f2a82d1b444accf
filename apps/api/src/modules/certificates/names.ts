// A learner's name as a certificate prints it: surname and first name required, patronymic optional.

export interface NameParts {
  lastName: string | null;
  firstName: string | null;
  patronymic: string | null;
}

const clean = (value: string | null | undefined) => (value ?? '').normalize('NFC').trim().replace(/\s+/g, ' ');

/** The name for a certificate, or null when the surname or first name is missing (no placeholder is ever printed). */
export function holderName(parts: NameParts | null): { lastName: string; firstName: string; patronymic: string | null } | null {
  if (!parts) return null;
  const lastName = clean(parts.lastName);
  const firstName = clean(parts.firstName);
  if (!lastName || !firstName) return null;
  return { lastName, firstName, patronymic: clean(parts.patronymic) || null };
}
