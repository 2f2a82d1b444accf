// Promo codes and the waiting list (decision 0067): the words the API answers with and the price rule.

export const PROMO_TEXTS = {
  unknown: 'Такого промокода нет. Проверьте, как он написан.',
  notStarted: 'Этот промокод ещё не действует.',
  expired: 'Срок действия промокода закончился.',
  disabled: 'Этот промокод больше не действует.',
  notForCourse: 'Этот промокод не действует для этого курса.',
  usedUp: 'Промокод уже использован максимальное число раз.',
  usedUpPerson: 'Вы уже использовали этот промокод.',
  tooMany: 'Слишком много попыток ввести промокод. Попробуйте позже.',
  codeRequired: 'Введите промокод.',
  codeInvalid: 'Промокод — от 3 до 40 латинских букв, цифр, дефисов или подчёркиваний.',
  codeTaken: 'Такой промокод уже есть.',
  notFound: 'Такого промокода нет.',
  percentRange: 'Процент — целое число от 1 до 100.',
  amountRequired: 'Укажите сумму скидки больше нуля.',
  categoryRequired: 'Выберите категорию.',
  coursesRequired: 'Выберите хотя бы один курс.',
  categoryMissing: 'Такой категории нет.',
  courseMissing: 'Такого курса нет.',
  datesOrder: 'Дата окончания должна быть позже даты начала.',
  noPrice: 'У этого курса нет цены: промокод к нему не применить.',
} as const;

export const WAITING_TEXTS = {
  groupNotFound: 'Такой группы нет.',
  notFull: 'В этой группе есть места — оформите заказ.',
  already: 'Вы уже в листе ожидания этой группы.',
  joined: 'Вы в листе ожидания. Когда место освободится, мы напишем на e-mail.',
  studying: 'Вы уже учитесь на этом курсе.',
  left: 'Вы вышли из листа ожидания.',
  notWaiting: 'Вас нет в листе ожидания этой группы.',
  offered: 'Место уже предложено вам и ждёт оплаты: если оно не нужно, отмените заказ в разделе «Мои заказы».',
} as const;

/** Codes are Latin letters, digits, '-' and '_', 3–40 characters; compared in any case. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;

/**
 * The discount, in whole kopecks, of a code on a total: a percent is rounded to the nearest kopeck
 * (half up), a fixed sum is taken whole; never more than the total, never below zero.
 */
export function promoDiscount(totalKopecks: number, promo: { kind: 'percent' | 'fixed'; percent: number | null; amountKopecks: number | null }): number {
  if (totalKopecks <= 0) return 0;
  const raw = promo.kind === 'percent' ? Math.round((totalKopecks * (promo.percent ?? 0)) / 100) : (promo.amountKopecks ?? 0);
  return Math.min(Math.max(raw, 0), totalKopecks);
}
