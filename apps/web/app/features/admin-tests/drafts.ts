import type { AdminQuestion, AdminQuestionPatch } from '@crema/contract';

// A question as the editor holds it while the teacher types (decision 0038). Options of choice and
// text questions and the pairs of a match question are kept apart, so switching the type back and
// forth loses nothing; only the current type's list is sent. Pairs become answers with a shared
// `connect_id` here: the teacher never types one.

export type QuestionType = AdminQuestion['type'];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single: 'Один правильный ответ',
  multiple: 'Несколько правильных ответов',
  text: 'Ответ вводится текстом',
  match: 'Соответствие (пары)',
};

/** A variant of a choice question, or an accepted answer of a text question. */
export interface OptionDraft {
  key: string;
  id?: number;
  text: string;
  image: string | null;
  imageUrl: string | null;
  isCorrect: boolean;
}

/** One pair of a match question: the left item and what it matches on the right. */
export interface PairDraft {
  key: string;
  leftId?: number;
  rightId?: number;
  left: string;
  right: string;
  leftImage: string | null;
  rightImage: string | null;
}

export interface QuestionDraft {
  type: QuestionType;
  text: string;
  /** As typed: '' until a number is there. */
  probability: string;
  image: string | null;
  imageUrl: string | null;
  options: OptionDraft[];
  pairs: PairDraft[];
}

let counter = 0;
/** A React key for a new row. */
export const newKey = () => `n${++counter}`;

export const emptyOption = (isCorrect = false): OptionDraft => ({ key: newKey(), text: '', image: null, imageUrl: null, isCorrect });
export const emptyPair = (): PairDraft => ({ key: newKey(), left: '', right: '', leftImage: null, rightImage: null });

export function emptyDraft(type: QuestionType = 'single'): QuestionDraft {
  return {
    type,
    text: '',
    probability: '100',
    image: null,
    imageUrl: null,
    options: type === 'text' ? [emptyOption(true)] : [emptyOption(), emptyOption()],
    pairs: [emptyPair(), emptyPair()],
  };
}

/** The saved question as a draft: the answers of a match question grouped into pairs (first of a `connect_id` on the left). */
export function toDraft(q: AdminQuestion): QuestionDraft {
  const base = { type: q.type, text: q.text, probability: String(q.probability), image: q.image_key, imageUrl: q.image?.url ?? null };
  if (q.type !== 'match') {
    return {
      ...base,
      options: q.answers.map((a) => ({
        key: `a${a.id}`,
        id: a.id,
        text: a.text,
        image: a.image_key,
        imageUrl: a.image?.url ?? null,
        isCorrect: a.is_correct,
      })),
      pairs: [emptyPair(), emptyPair()],
    };
  }
  const pairs: PairDraft[] = [];
  const byConnect = new Map<string, PairDraft>();
  for (const a of q.answers) {
    const open = a.connect_id ? byConnect.get(a.connect_id) : undefined;
    if (open && open.rightId === undefined) {
      open.rightId = a.id;
      open.right = a.text;
      open.rightImage = a.image_key;
      continue;
    }
    const pair: PairDraft = { key: `a${a.id}`, leftId: a.id, left: a.text, right: '', leftImage: a.image_key, rightImage: null };
    pairs.push(pair);
    if (a.connect_id) byConnect.set(a.connect_id, pair);
  }
  return { ...base, options: [emptyOption(), emptyOption()], pairs };
}

/** Another type: single keeps only its first right answer; text answers are all right ones. */
export function withType(draft: QuestionDraft, type: QuestionType): QuestionDraft {
  let options = draft.options;
  if (type === 'single') {
    const first = options.findIndex((o) => o.isCorrect);
    options = options.map((o, i) => ({ ...o, isCorrect: i === first }));
  }
  if (type === 'text') options = options.map((o) => ({ ...o, isCorrect: true }));
  if (draft.type === 'text' && type !== 'text') options = options.map((o) => ({ ...o, isCorrect: false }));
  return { ...draft, type, options };
}

/** Marks one option right: the only one for a single-choice question. */
export function markCorrect(draft: QuestionDraft, key: string, isCorrect: boolean): QuestionDraft {
  return {
    ...draft,
    options: draft.options.map((o) => (o.key === key ? { ...o, isCorrect } : draft.type === 'single' && isCorrect ? { ...o, isCorrect: false } : o)),
  };
}

/** The body of a save: the fields and the whole list of answers (ids kept, the rest removed by the API). */
export function toBody(draft: QuestionDraft): AdminQuestionPatch & { type: QuestionType; text: string } {
  const probability = draft.probability.trim() === '' ? 100 : Number(draft.probability);
  const answers: NonNullable<AdminQuestionPatch['answers']> =
    draft.type === 'match'
      ? draft.pairs.flatMap((p, i) => [
          { ...(p.leftId ? { id: p.leftId } : {}), connect_id: String(i + 1), text: p.left.trim(), image: p.leftImage, is_correct: false },
          { ...(p.rightId ? { id: p.rightId } : {}), connect_id: String(i + 1), text: p.right.trim(), image: p.rightImage, is_correct: false },
        ])
      : draft.options.map((o) => ({
          ...(o.id ? { id: o.id } : {}),
          connect_id: null,
          text: o.text.trim(),
          image: draft.type === 'text' ? null : o.image,
          is_correct: draft.type === 'text' ? true : o.isCorrect,
        }));
  return { type: draft.type, text: draft.text.trim(), probability, image: draft.image, answers };
}

/** What the draft would save, to compare with the saved question (unsaved changes). */
export const draftSignature = (draft: QuestionDraft) => JSON.stringify(toBody(draft));
