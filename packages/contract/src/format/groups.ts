// A group's title in running text. Titles are often made as 'Группа с 14 декабря' (the seed and
// the schedule do so): 'группа ' + title would read 'группа Группа с 14 декабря'.

const NAMED_AS_GROUP = /^групп[аы](?![а-яё])/iu;

/**
 * The group named inside a sentence or a list line: 'группа с 14 декабря' for a title that already
 * says 'Группа…', otherwise 'группа «Вечерняя»'. `capital`: at the start of a line ('Группа с 14 декабря').
 */
export function groupPhrase(title: string, { capital = false }: { capital?: boolean } = {}): string {
  const clean = title.normalize('NFC').trim().replace(/\s+/g, ' ');
  const phrase = NAMED_AS_GROUP.test(clean) ? `г${clean.slice(1)}` : `группа «${clean}»`;
  return capital ? `Г${phrase.slice(1)}` : phrase;
}
