import type { QuestionDraft } from './drafts.ts';

const HINTS = {
  single: 'Выберите один ответ',
  multiple: 'Выберите все верные ответы',
  text: 'Впишите ответ',
  match: 'Сопоставьте пары',
} as const;

/**
 * The question as a learner sees it in an attempt: the quiz screen's markup and styles
 * (features/learning/QuizScreen.tsx keeps its question private and interactive), read-only here;
 * the route module brings the quiz styles.
 * Right answers are not marked, as in the attempt; the right column of a match is shuffled there.
 */
export function QuestionPreview({ draft, number }: { draft: QuestionDraft; number: number }) {
  const options = draft.options.filter((o) => o.text.trim() || o.imageUrl);
  const pairs = draft.pairs.filter((p) => p.left.trim() || p.right.trim());
  return (
    <section className="at-preview" aria-label="Как увидит ученик">
      <p className="at-preview__title">Так вопрос увидит ученик</p>
      <fieldset className="quiz-question" disabled>
        <legend className="quiz-question__legend">
          <span className="quiz-question__number">Вопрос {number}</span>
          <span className="quiz-question__text">{draft.text || '(текст вопроса)'}</span>
        </legend>
        {draft.imageUrl ? <img className="quiz-question__image" src={draft.imageUrl} alt="" /> : null}
        <p className="quiz-question__hint">{HINTS[draft.type]}</p>
        {draft.type === 'single' || draft.type === 'multiple' ? (
          <div className="quiz-options">
            {options.map((option) => (
              <label key={option.key} className="quiz-option">
                <input type={draft.type === 'single' ? 'radio' : 'checkbox'} name={`preview-${number}`} />
                <span>{option.text}</span>
                {option.imageUrl ? <img className="quiz-option__image" src={option.imageUrl} alt="" /> : null}
              </label>
            ))}
          </div>
        ) : draft.type === 'text' ? (
          <textarea className="quiz-text" rows={3} aria-label="Ответ ученика" />
        ) : (
          <div className="quiz-match">
            {pairs.map((pair) => (
              <div key={pair.key} className="quiz-match__row">
                <span className="quiz-match__left">{pair.left}</span>
                <select className="quiz-match__select" aria-label={`Пара для «${pair.left}»`} defaultValue="">
                  <option value="">— выберите —</option>
                  {pairs.map((right) => (
                    <option key={right.key}>{right.right}</option>
                  ))}
                </select>
              </div>
            ))}
          </div>
        )}
      </fieldset>
    </section>
  );
}
