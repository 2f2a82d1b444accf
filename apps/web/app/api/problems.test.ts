import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './client.ts';
import { NETWORK_FAILED, problemsOf, problemsOfBody, SERVER_FAILED } from './problems.ts';

describe('problemsOfBody', () => {
  it('puts the form’s own fields under them and everything else above the button', () => {
    expect(
      problemsOfBody(
        { email: ['Введите корректный адрес.'], detail: 'Слишком много запросов.', non_field_errors: ['Пароли не совпадают.'], __all__: ['Общая ошибка.'], other: ['Чужое поле.'] },
        ['email'],
      ),
    ).toEqual({
      fields: { email: ['Введите корректный адрес.'] },
      general: ['Слишком много запросов.', 'Пароли не совпадают.', 'Общая ошибка.', 'Чужое поле.'],
    });
  });

  it('falls back to the service message for a body without messages (an HTML 502 page)', () => {
    expect(problemsOfBody('<html>Bad gateway</html>')).toEqual({ fields: {}, general: [SERVER_FAILED] });
    expect(problemsOfBody({})).toEqual({ fields: {}, general: [SERVER_FAILED] });
  });
});

describe('problemsOf', () => {
  it('reads an API answer and reports a call that never reached the server', () => {
    expect(problemsOf(new ApiRequestError(400, { code: ['Неверный код.'] }, '/api/x/'))).toEqual({ fields: {}, general: ['Неверный код.'] });
    expect(problemsOf(new TypeError('Failed to fetch'))).toEqual({ fields: {}, general: [NETWORK_FAILED] });
  });
});
