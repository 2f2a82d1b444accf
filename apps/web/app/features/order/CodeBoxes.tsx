import { type ClipboardEvent, type KeyboardEvent } from 'react';

// InputCodeOrder's code: four single-digit boxes. A digit moves to the
// next box, Backspace on an empty box goes back, four digits pasted (or filled by the phone from
// the letter, autocomplete one-time-code on the first box) fill them all, and the fourth digit
// sends the code. The sign-in and account dialogs use one field for their code; these boxes are
// the order modal's own.

export const ORDER_CODE_LENGTH = 4;

export function CodeBoxes({
  digits,
  onChange,
  onComplete,
  disabled,
  invalid,
  describedBy,
  inputs,
}: {
  /** Four strings, '' for an empty box. */
  digits: string[];
  onChange: (digits: string[]) => void;
  onComplete: (code: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** The boxes, for the owner to focus the first after a wrong code. */
  inputs: React.RefObject<(HTMLInputElement | null)[]>;
}) {
  const focus = (index: number) => {
    const box = inputs.current[Math.max(0, Math.min(ORDER_CODE_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `typed` from box `index` on; sends the code once all four are there. */
  const put = (index: number, typed: string) => {
    const next = [...digits];
    let at = index;
    for (const digit of typed) {
      if (at >= ORDER_CODE_LENGTH) break;
      next[at] = digit;
      at += 1;
    }
        onChange(next);
    const firstEmpty = next.findIndex((digit) => digit === '');
    if (firstEmpty === -1) {
      inputs.current[ORDER_CODE_LENGTH - 1]?.blur();
      onComplete(next.join(''));
    } else focus(at < ORDER_CODE_LENGTH ? at : firstEmpty);
  };

  const onInput = (index: number, value: string) => {
    const typed = value.replace(/\D/g, '');
    if (!typed) {
      // A letter or a space typed: nothing changes (only 0-9).
      if (value === '') {
        const next = [...digits];
        next[index] = '';
                onChange(next);
      }
      return;
    }
    // One key typed over a digit gives two characters: the new one is the one that is not the old.
    const old = digits[index] ?? '';
    const single = typed.length === 2 && old && typed.includes(old) ? (typed[0] === old ? typed[1]! : typed[0]!) : null;
    put(index, single ?? typed);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
            onChange(next);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight' && index < ORDER_CODE_LENGTH - 1) {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const typed = event.clipboardData.getData('text').replace(/\D/g, '');
    event.preventDefault();
    if (typed) put(typed.length >= ORDER_CODE_LENGTH ? 0 : index, typed.slice(0, ORDER_CODE_LENGTH));
  };

  return (
    <div className="order-code" role="group" aria-label="Код из письма" aria-describedby={describedBy}>
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          className="order-code__box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Цифра ${index + 1} из ${ORDER_CODE_LENGTH}`}
          aria-invalid={invalid || undefined}
          data-autofocus={index === 0 || undefined}
          value={digit}
          disabled={disabled}
          onChange={(event) => onInput(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
