/** Name fields as stored on a user record; any of them may be missing. */
export interface PersonName {
  last_name?: string | null;
  first_name?: string | null;
  patronymic?: string | null;
}

// NFC first: a name typed as 'е' + U+0308 must yield the single letter 'Ё', not a bare 'Е'.
function clean(part: string | null | undefined): string {
  return (part ?? '').normalize('NFC').trim().replace(/\s+/g, ' ');
}

function firstLetter(part: string | null | undefined): string {
  // Iterating by code points keeps letters outside the BMP intact.
  const [first = ''] = clean(part);
  return first.toUpperCase();
}

/** Upper-case initials of first and last name for avatars: {first_name: 'иван', last_name: 'петров'} → 'ИП'. */
export function initials(user: Pick<PersonName, 'first_name' | 'last_name'>): string {
  return firstLetter(user.first_name) + firstLetter(user.last_name);
}

/** First and last name as a conversation names a person ('Анна Петрова'), skipping blank parts; '' without either. */
export function firstLastName(user: Pick<PersonName, 'first_name' | 'last_name'>): string {
  return [user.first_name, user.last_name].map(clean).filter(Boolean).join(' ');
}

/** Full name in Russian order 'Фамилия Имя Отчество', skipping blank parts. */
export function fullName(user: PersonName): string {
  return [user.last_name, user.first_name, user.patronymic].map(clean).filter(Boolean).join(' ');
}

/**
 * The letters of a person's avatar: the initials of first and last name ('ВО'), one of them when
 * only one is known, else the e-mail's first letter — never the Latin letter of an address when
 * the person's name is known ({first_name: 'анна', email: 'a.petrova@…'} → 'А', not 'A').
 */
export function avatarLetters(user: Pick<PersonName, 'first_name' | 'last_name'> & { email?: string | null }): string {
  return initials(user) || firstLetter(user.email);
}

/**
 * A certificate holder as the public verification page names them: initials of the first name
 * and patronymic, then the surname ('И. П. Иванова'; without a patronymic 'И. Иванова').
 */
export function holderInitials(user: PersonName): string {
  const letters = [user.first_name, user.patronymic].map(firstLetter).filter(Boolean).map((l) => `${l}.`);
  return [...letters, clean(user.last_name)].filter(Boolean).join(' ');
}
