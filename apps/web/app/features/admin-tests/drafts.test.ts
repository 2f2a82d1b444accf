// The editor's drafts (decision 0038): pairs become answers with a shared connect_id and back,
// a type switch keeps what was typed, a single-choice question keeps one right answer.
import { describe, expect, it } from 'vitest';
import type { AdminQuestion } from '@crema/contract';
import { emptyDraft, markCorrect, toBody, toDraft, withType } from './drafts.ts';

const answer = (id: number, text: string, extra: Partial<AdminQuestion['answers'][number]> = {}) => ({
  id,
  text,
  connect_id: null,
  image: null,
  image_key: null,
  is_correct: false,
  sort: id,
  ...extra,
});

const question = (type: AdminQuestion['type'], answers: AdminQuestion['answers']): AdminQuestion => ({
  id: 1,
  type,
  text: 'Вопрос',
  probability: 100,
  sort: 0,
  image: null,
  image_key: null,
  answers,
  problems: [],
});

describe('question drafts', () => {
  it('turns pairs into answers with a shared connect_id, keeping the saved ids', () => {
    const draft = emptyDraft('match');
    draft.text = 'Сопоставьте';
    draft.pairs[0]!.left = 'Эспрессо';
    draft.pairs[0]!.right = '30 мл';
    draft.pairs[1]!.left = 'Лунго';
    draft.pairs[1]!.right = '60 мл';
    const body = toBody(draft);
    expect(body.answers).toEqual([
      { connect_id: '1', text: 'Эспрессо', image: null, is_correct: false },
      { connect_id: '1', text: '30 мл', image: null, is_correct: false },
      { connect_id: '2', text: 'Лунго', image: null, is_correct: false },
      { connect_id: '2', text: '60 мл', image: null, is_correct: false },
    ]);
    const saved = question('match', [
      answer(11, 'Эспрессо', { connect_id: 'a' }),
      answer(12, 'Лунго', { connect_id: 'b' }),
      answer(13, '30 мл', { connect_id: 'a' }),
      answer(14, '60 мл', { connect_id: 'b' }),
    ]);
    const again = toDraft(saved);
    expect(again.pairs.map((p) => [p.leftId, p.left, p.rightId, p.right])).toEqual([
      [11, 'Эспрессо', 13, '30 мл'],
      [12, 'Лунго', 14, '60 мл'],
    ]);
    expect(toBody(again).answers?.map((a) => [a.id, a.connect_id])).toEqual([
      [11, '1'],
      [13, '1'],
      [12, '2'],
      [14, '2'],
    ]);
  });

  it('keeps one right answer of a single-choice question and all of a text one', () => {
    let draft = toDraft(question('multiple', [answer(1, 'А', { is_correct: true }), answer(2, 'Б', { is_correct: true }), answer(3, 'В')]));
    draft = withType(draft, 'single');
    expect(draft.options.map((o) => o.isCorrect)).toEqual([true, false, false]);
    draft = markCorrect(draft, draft.options[2]!.key, true);
    expect(draft.options.map((o) => o.isCorrect)).toEqual([false, false, true]);
    expect(toBody(withType(draft, 'text')).answers?.every((a) => a.is_correct && a.image === null)).toBe(true);
    // Back from match: the options typed before are still there.
    expect(withType(withType(draft, 'match'), 'single').options.map((o) => o.text)).toEqual(['А', 'Б', 'В']);
  });

  it('sends probability 100 when the field is empty', () => {
    const draft = { ...emptyDraft('text'), probability: '' };
    expect(toBody(draft).probability).toBe(100);
  });
});
