// The school's letters as a learner sees them in the account's notification settings: every kind
// of letter, whether it may be turned off, whether it waits for the morning (nothing but sign-in
// codes and payment letters is delivered between 22:00 and 09:00 Moscow time) and whether it is
// advertising (38-ФЗ: sent only with the advertising consent).

/** A kind of letter a learner may see in the settings. */
export interface LetterKind {
  key: string;
  title: string;
  /** What it is, in a sentence for the settings page. */
  hint: string;
  /** Always sent: the person cannot turn it off (and it carries no unsubscribe link). */
  mandatory: boolean;
  /** Advertising (38-ФЗ): sent only while the advertising consent is given. */
  advertising?: boolean;
}

/** The kinds shown in the settings, in the page's order. */
export const LETTER_KINDS = [
  { key: 'codes', title: 'Коды входа и безопасность', hint: 'Коды для входа, смены пароля и адреса, предупреждения о попытках входа.', mandatory: true },
  { key: 'payments', title: 'Заказы и оплата', hint: 'Заказ оформлен, оплата прошла или не прошла, возврат денег.', mandatory: true },
  { key: 'group_session_changed', title: 'Перенос и отмена ваших занятий', hint: 'Если занятие вашей группы перенесли или отменили.', mandatory: true },
  { key: 'course_access', title: 'Открыт доступ к курсу', hint: 'Школа открыла вам курс или пригласила на него.', mandatory: false },
  { key: 'group_starts_tomorrow', title: 'Группа начинается завтра', hint: 'Накануне первого занятия: время, место или ссылка, что взять с собой.', mandatory: false },
  { key: 'lesson_opened', title: 'Открыт новый урок', hint: 'Когда в вашей группе открывается урок по расписанию.', mandatory: false },
  { key: 'test_result', title: 'Результат теста', hint: 'Сдан тест или нет, сколько баллов.', mandatory: false },
  { key: 'access_ending', title: 'Доступ к курсу заканчивается', hint: 'За 7 дней до конца доступа к курсу.', mandatory: false },
  { key: 'certificate_issued', title: 'Выдан сертификат', hint: 'Когда школа выдаёт сертификат об окончании курса.', mandatory: false },
  { key: 'homework_checked', title: 'Проверено домашнее задание', hint: 'Куратор принял задание или вернул его на доработку, с комментарием.', mandatory: false },
  { key: 'homework_digest', title: 'Задания ждут проверки', hint: 'Для кураторов: раз в день — сколько работ ждут проверки.', mandatory: false },
  { key: 'advertising', title: 'Новости и предложения школы', hint: 'Рекламная рассылка: только с вашего согласия на её получение.', mandatory: false, advertising: true },
] as const satisfies readonly LetterKind[];

export type LetterKindKey = (typeof LETTER_KINDS)[number]['key'];

export const LETTER_TEXTS = {
  unknownKind: 'Такого вида писем нет.',
  mandatoryKind: 'Эти письма нельзя отключить: они нужны, чтобы войти, оплатить курс или успеть на занятие.',
  advertisingKind: 'Рекламная рассылка включается и отключается согласием на неё в разделе «Согласия».',
  badToken: 'Ссылка для отписки недействительна. Отключить письма можно в личном кабинете, в разделе «Уведомления на почту».',
  unsubscribed: (title: string) => `Готово: письма «${title}» больше не придут. Включить их снова можно в личном кабинете.`,
} as const;
