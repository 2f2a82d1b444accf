// The catalogue's text search: the visitor's words become a PostgreSQL tsquery that is matched
// against courses.search_vector (see searchDocument in db/schema/catalog.ts).

/**
 * Words that describe every course of a course catalogue, so they narrow nothing: a visitor
 * typing 'бариста-курс' or 'обучение латте-арту' means 'бариста' and 'латте-арт'. Every case
 * form is listed because the words are dropped before stemming. A search of only such words
 * is no search at all (the whole catalogue).
 */
export const NOISE_WORDS: ReadonlySet<string> = new Set([
  'курс', 'курса', 'курсу', 'курсом', 'курсе', 'курсы', 'курсов', 'курсам', 'курсами', 'курсах',
  'обучение', 'обучения', 'обучению', 'обучением', 'обучении', 'обучений', 'обучениям', 'обучениями', 'обучениях',
]);

/** Longest word kept; longer runs of letters are not words a person types. */
const MAX_WORD_LENGTH = 60;

/**
 * Splits text the way the search document is split: anything but a letter or a digit separates
 * words (so 'бариста-курс' is two words and quotes, operators and emoji disappear), lower case,
 * 'ё' folded into 'е'.
 */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replaceAll('ё', 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && word.length <= MAX_WORD_LENGTH && !NOISE_WORDS.has(word));
}

/**
 * The text of a Russian tsquery for `to_tsquery('russian', …)`: every word must match (AND),
 * the last one as a prefix so that 'бари' already finds 'бариста'. Null when nothing is left
 * to search for. Words hold only letters and digits, so the result is always valid tsquery
 * syntax whatever the visitor typed.
 */
export function toTsQueryText(text: string | undefined): string | null {
  const words = searchWords(text ?? '');
  if (words.length === 0) return null;
  return words.map((word, i) => (i === words.length - 1 ? `${word}:*` : word)).join(' & ');
}
