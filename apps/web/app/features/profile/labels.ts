import type { ProfileField } from '@crema/contract';

/** The fields of a complete profile as the 'Не заполнено: …' line names them. */
export const FIELD_WORDS: Record<ProfileField, string> = {
  last_name: 'фамилия',
  first_name: 'имя',
  patronymic: 'отчество',
  birth_date: 'дата рождения',
  phone: 'телефон',
  email: 'e-mail',
  passport_series: 'серия паспорта',
  passport_number: 'номер паспорта',
  passport_given_code: 'код подразделения',
  passport_given_date: 'дата выдачи паспорта',
  passport_given_location: 'кем выдан паспорт',
  snils: 'СНИЛС',
};

/** 'Не заполнено: отчество, дата рождения' or 'Профиль заполнен'. */
export function completenessText(missing: readonly string[]): string {
  if (missing.length === 0) return 'Профиль заполнен';
  const words = missing.map((field) => FIELD_WORDS[field as ProfileField] ?? field);
  return `Не заполнено: ${words.join(', ')}`;
}
