import { describe, expect, it } from 'vitest';
import { feedbackProcessBodySchema } from './feedback.ts';
import { orderRequestBodySchema } from './orders.ts';

// The multipart coercion rules of decision 0056: a form's strings read as the JSON form's types.
const payer = {
  course_slug: ' course ',
  last_name: ' Иванова ',
  first_name: 'Анна',
  patronymic: 'Сергеевна',
  phone: '8 (916) 123-45-67',
  email: ' Anna@Example.RU ',
  consent_privacy: 'on',
  consent_personal_data: 'true',
};

describe('orderRequestBodySchema', () => {
  it('reads multipart strings as the JSON types, normalised', () => {
    const read = orderRequestBodySchema.parse({ ...payer, study_for_self: 'on', students: '[3, 1,3]', group: 12, consent_advertising: 'FALSE' });
    expect(read).toMatchObject({
      course_slug: 'course',
      last_name: 'Иванова',
      phone: '79161234567',
      email: 'anna@example.ru',
      consent_privacy: true,
      consent_personal_data: true,
      consent_advertising: false,
      consent_child_personal_data: false,
      study_for_self: true,
      students: [3, 1],
      group: '12',
      student_type: '',
    });
    expect(orderRequestBodySchema.parse({ ...payer, students: ['1', '2'] }).students).toEqual([1, 2]);
    expect(orderRequestBodySchema.parse({ ...payer, students: 7, phone: 79161234567 })).toMatchObject({ students: [7], phone: '79161234567' });
  });

  it('answers each field in Russian; a box not clearly ticked is not ticked', () => {
    const result = orderRequestBodySchema.safeParse({ ...payer, email: {}, consent_privacy: 'yes', students: '1,x', last_name: 'Анна1' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['last_name', 'Только буквы, пробелы, дефисы и апострофы.'],
      ['email', 'Укажите адрес электронной почты.'],
      ['students', 'Ученик не найден.'],
      ['consent_privacy', 'Подтвердите согласие с политикой конфиденциальности.'],
    ]);
  });
});

describe('feedbackProcessBodySchema', () => {
  it('refuses a box that is neither ticked nor unticked, and a value that is not text', () => {
    const result = feedbackProcessBodySchema.safeParse({ consent_personal_data: 'maybe', course_slug: 5, session_key: null });
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['course_slug', 'Ожидается текст.'],
      ['consent_personal_data', 'Ожидается true или false.'],
    ]);
    expect(feedbackProcessBodySchema.parse({ consent_personal_data: ' ON ', consent_privacy: '' })).toMatchObject({
      consent_personal_data: true,
      consent_privacy: false,
    });
  });
});
