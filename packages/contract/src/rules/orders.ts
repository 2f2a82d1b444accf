// Orders and payments.
// No zod here: the order forms check the same rules in the browser (decision 0012).

/** Order states (decision 0023): new → confirmed → awaiting_payment → paid; cancelled; refunded. */
export const ORDER_STATUSES = [
  { id: 'new', title: 'Новый' },
  { id: 'confirmed', title: 'Ожидает оплаты' },
  { id: 'awaiting_payment', title: 'Ожидает оплаты' },
  { id: 'paid', title: 'Оплачен' },
  { id: 'cancelled', title: 'Отменён' },
  { id: 'refunded', title: 'Возвращён' },
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number]['id'];

/** The Russian word for an order's status ('Оплачен'). */
export function orderStatusTitle(status: OrderStatus): string {
  return ORDER_STATUSES.find((s) => s.id === status)?.title ?? status;
}

/** What the site does after POST /api/order/request/. */
export const ORDER_NEXT_STEPS = ['confirm_email', 'pay', 'enrolled'] as const;
export type OrderNextStep = (typeof ORDER_NEXT_STEPS)[number];

/** Payment methods of POST /api/{bank}/order/payment_link/. */
export const PAYMENT_TYPES = ['card', 'sbp'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const ORDER_TEXTS = {
  courseNotFound: 'Курс не найден.',
  priceOnRequest: 'Этот курс нельзя оплатить на сайте: оставьте заявку, и менеджер расскажет о стоимости.',
  privacyRequired: 'Подтвердите согласие с политикой конфиденциальности.',
  personalDataRequired: 'Подтвердите согласие на обработку персональных данных.',
  studentsRequired: 'Выберите ученика или отметьте «Буду учиться сам».',
  studentsOrSelf: 'Выберите либо «Буду учиться сам», либо учеников.',
  studentNotFound: 'Ученик не найден.',
  studentsSignIn: 'Войдите, чтобы выбрать сохранённого ученика.',
  studentsTooMany: 'В одном заказе — не больше 20 учеников.',
  groupRequired: 'Выберите группу — дату старта.',
  groupNotFound: 'Эта группа недоступна: выберите другую дату старта.',
  groupFull: 'В этой группе не осталось свободных мест: выберите другую дату старта.',
  orderNotFound: 'Заказ не найден.',
  tooMany: 'Слишком много заказов подряд. Попробуйте ещё раз через час или напишите нам.',
  successConfirm: 'Заявка принята! Мы отправили код на вашу почту: введите его, чтобы подтвердить заказ.',
  successPay: 'Заказ оформлен. Осталось его оплатить.',
  successEnrolled: 'Готово! Курс уже в разделе «Мое обучение».',
  alreadyConfirmed: 'Заказ уже подтверждён.',
  notConfirmed: 'Сначала подтвердите адрес электронной почты кодом из письма.',
  alreadyPaid: 'Заказ уже оплачен.',
  cancelled: 'Заказ отменён.',
  refunded: 'Деньги за заказ возвращены.',
  paymentsOff: 'Оплата картой временно недоступна.',
  sbpUnavailable: 'Оплата через СБП пока недоступна: выберите оплату картой.',
  bankUnavailable: 'Банк не ответил. Попробуйте ещё раз через минуту.',
  bankRefused: 'Банк не принял платёж. Попробуйте позже или напишите нам.',
  cancelPaid: 'Оплаченный заказ нельзя отменить на сайте: напишите нам, и мы оформим возврат.',
  cancelPending: 'Банк ещё обрабатывает оплату этого заказа: отменить его сейчас нельзя.',
  cancelDone: 'Заказ отменён.',
  totalTooLarge: 'Сумма заказа слишком велика для оплаты на сайте: выберите меньше учеников или напишите нам.',
  alreadyStudying: 'Этот ученик уже учится на этом курсе: второй раз оплачивать не нужно.',
  alreadyStudyingSelf: 'Вы уже учитесь на этом курсе: второй раз оплачивать не нужно.',
  openOrderExists: 'У вас уже есть неоплаченный заказ этого курса для этого ученика: оплатите его в разделе «Мои заказы» или отмените, чтобы оформить новый.',
  duplicatePaid: 'Этот курс для этого ученика уже оплачен другим заказом: второй раз оплачивать не нужно. Отмените этот заказ в разделе «Мои заказы».',
  duplicatePaying: 'Другой заказ этого курса для этого ученика уже оплачивается: дождитесь его результата.',
  holdExpired: 'Время брони места истекло, и заказ отменён: оформите заказ заново.',
} as const;
