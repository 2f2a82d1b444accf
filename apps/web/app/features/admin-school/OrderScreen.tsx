import { useId, useState, type ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { SchoolOrder } from '@crema/contract';
import { formatDate, formatPrice } from '@crema/contract/format';
import { rejection } from '../../api/useApiForm.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { SchoolTabs, moscowTime, schoolPaths, schoolApi } from './ui.tsx';

/** The words the card needs (from the loader). */
export interface OrderWords {
  statuses: Record<string, string>;
  paymentStates: Record<string, string>;
  methods: Record<string, string>;
  /** What was done with a bank's notification. */
  outcomes: Record<string, string>;
  /** The receipt's taxation systems and VAT rates. */
  taxations: Record<string, string>;
  taxes: Record<string, string>;
  /** The bank's own states (CONFIRMED, REFUNDED…) in words. */
  bankStatuses: Record<string, string>;
}

/** A bank state as staff read it: its meaning, then the bank's own code to compare with the bank's cabinet. */
export function bankState(words: OrderWords, status: string | null | undefined): string {
  if (!status) return '—';
  const meaning = words.bankStatuses[status];
  return meaning ? `${meaning} (${status})` : status;
}

/** '1 500,50' or '1500.5' roubles → kopecks; null when it is not a sum. */
export function kopecksOf(text: string): number | null {
  const clean = text.replace(/[\s\u00a0₽]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/** A labelled fact of the card. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One action: a button that opens its confirmation. */
function Action({ label, title, confirmLabel, primary, action, children }: { label: string; title: string; confirmLabel: string; primary?: boolean; action: () => Promise<unknown>; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={primary ? 'button button--primary' : 'button button--ghost'} onClick={() => setOpen(true)}>
        {label}
      </button>
      <ConfirmDialog look="admin" open={open} title={title} confirmLabel={confirmLabel} onClose={() => setOpen(false)} action={action}>
        {children}
      </ConfirmDialog>
    </>
  );
}

/**
 * /admin/school/orders/{id}/: one order for staff — the payer, the learners and whether they study,
 * each payment attempt with the bank's words and the notifications that came, the receipt sent with
 * the payment, refunds, a payment recorded outside the site — and the actions the order's state
 * allows, each confirmed: refund all or part, cancel, send the payment link again, record a payment.
 */
export function OrderScreen({ order, words }: { order: SchoolOrder; words: OrderWords }) {
  const id = useId();
  const revalidator = useRevalidator();
  const refresh = () => void revalidator.revalidate();
  const [done, setDone] = useState('');
  const [amount, setAmount] = useState(() => (order.refundable / 100).toFixed(2).replace('.', ','));
  const [reason, setReason] = useState('');
  const [method, setMethod] = useState<'invoice' | 'cash'>('invoice');
  const [paidOn, setPaidOn] = useState('');
  const [documentNumber, setDocumentNumber] = useState('');
  const [comment, setComment] = useState('');
  const run = (message: string, call: () => Promise<unknown>) => async () => {
    setDone('');
    await call();
    setDone(message);
    refresh();
  };
  const anyAction = order.actions.refund || order.actions.cancel || order.actions.resend_link || order.actions.offline_payment;
  return (
    <section aria-labelledby="school-order-title" className="person orders-card">
      <SchoolTabs />
      <p className="school-back">
        <Link to={schoolPaths.orders()}>← Все заказы</Link>
      </p>
      <div className="admin-head">
        <h1 id="school-order-title">Заказ № {order.code}</h1>
      </div>
      <dl className="person-facts">
        <Fact term="Статус">
          <strong>{words.statuses[order.status] ?? order.status}</strong>
          {order.refunded ? `, возвращено ${formatPrice(order.refunded)}` : ''}
        </Fact>
        <Fact term="Курс">
          {order.course.title}
          {order.group ? `, группа «${order.group.title}»` : ''}
        </Fact>
        <Fact term="Сумма">{formatPrice(order.amount)}</Fact>
        {order.promo ? (
          <Fact term="Промокод">
            {order.promo.code}, скидка {formatPrice(order.promo.discount)}
          </Fact>
        ) : null}
        <Fact term="Плательщик">
          {order.user_id ? <Link to={schoolPaths.person(order.user_id)}>{order.payer.name}</Link> : order.payer.name}, {order.payer.email}, {order.payer.phone}
        </Fact>
        <Fact term="Даты">
          создан {moscowTime(order.created_at)}
          {order.confirmed_at ? `, подтверждён ${moscowTime(order.confirmed_at)}` : ''}
          {order.paid_at ? `, оплачен ${moscowTime(order.paid_at)}` : ''}
          {order.cancelled_at ? `, отменён ${moscowTime(order.cancelled_at)}` : ''}
          {order.held_until ? `; места держатся до ${moscowTime(order.held_until)}` : ''}
        </Fact>
      </dl>

      <h2 className="school-subtitle">Действия</h2>
      {anyAction ? (
        <div className="admin-actions orders-actions">
          {order.actions.refund ? (
            <Action
              primary
              label="Вернуть деньги"
              title="Вернуть деньги через банк?"
              confirmLabel="Вернуть"
              action={run('Возврат проведён.', async () => {
                const kopecks = kopecksOf(amount);
                if (kopecks === null || kopecks <= 0) throw rejection({}, ['Введите сумму в рублях, например 1500 или 1500,50.'])!;
                await schoolApi.refundOrder(order.id, { amount: kopecks, ...(reason.trim() ? { reason: reason.trim() } : {}) });
              })}
            >
              <p>
                Можно вернуть до {formatPrice(order.refundable)}. Полный возврат закроет ученикам доступ к курсу и освободит места в группе; частичный доступ
                оставит. Банк отправит покупателю чек возврата.
              </p>
              <div className="admin-field">
                <label htmlFor={`${id}-amount`}>Сумма, ₽</label>
                <input id={`${id}-amount`} className="admin-input" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
              </div>
              <div className="admin-field">
                <label htmlFor={`${id}-reason`}>Причина (видна только сотрудникам)</label>
                <textarea id={`${id}-reason`} className="admin-input" value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
              </div>
            </Action>
          ) : null}
          {order.actions.offline_payment ? (
            <Action
              primary
              label="Записать оплату"
              title="Записать оплату вне сайта?"
              confirmLabel="Записать оплату"
              action={run('Оплата записана, ученики зачислены.', async () => {
                const problem = rejection({}, [!paidOn ? 'Укажите дату оплаты.' : '', !documentNumber.trim() ? 'Укажите номер документа.' : ''].filter(Boolean));
                if (problem) throw problem;
                await schoolApi.recordOfflinePayment(order.id, { method, paid_on: paidOn, document_number: documentNumber.trim(), ...(comment.trim() ? { comment: comment.trim() } : {}) });
              })}
            >
              <p>
                Заказ станет оплаченным на {formatPrice(order.amount)}, ученики получат доступ к курсу, как после оплаты картой, а покупатель — письмо.
              </p>
              <div className="admin-field">
                <label htmlFor={`${id}-method`}>Способ</label>
                <select id={`${id}-method`} className="admin-input" value={method} onChange={(event) => setMethod(event.target.value as 'invoice' | 'cash')}>
                  <option value="invoice">{words.methods.invoice}</option>
                  <option value="cash">{words.methods.cash}</option>
                </select>
              </div>
              <div className="admin-field">
                <label htmlFor={`${id}-paid-on`}>Дата оплаты</label>
                <input id={`${id}-paid-on`} className="admin-input" type="date" value={paidOn} onChange={(event) => setPaidOn(event.target.value)} />
              </div>
              <div className="admin-field">
                <label htmlFor={`${id}-document`}>Номер счёта или кассового документа</label>
                <input id={`${id}-document`} className="admin-input" value={documentNumber} maxLength={100} onChange={(event) => setDocumentNumber(event.target.value)} />
              </div>
              <div className="admin-field">
                <label htmlFor={`${id}-comment`}>Комментарий</label>
                <textarea id={`${id}-comment`} className="admin-input" value={comment} maxLength={500} onChange={(event) => setComment(event.target.value)} />
              </div>
            </Action>
          ) : null}
          {order.actions.resend_link ? (
            <Action label="Отправить ссылку на оплату" title="Отправить ссылку на оплату ещё раз?" confirmLabel="Отправить" action={run(`Письмо отправлено на ${order.payer.email}.`, () => schoolApi.resendOrderLink(order.id))}>
              <p>{order.payer.email} получит письмо со ссылкой на страницу оплаты заказа.</p>
            </Action>
          ) : null}
          {order.actions.cancel ? (
            <Action label="Отменить заказ" title="Отменить заказ?" confirmLabel="Отменить заказ" action={run('Заказ отменён.', () => schoolApi.cancelOrder(order.id))}>
              <p>Заказ нельзя будет оплатить, места в группе освободятся. Покупатель сможет оформить новый заказ.</p>
            </Action>
          ) : null}
        </div>
      ) : (
        <p className="admin-muted">Для заказа в этом состоянии действий нет.</p>
      )}
      {done ? (
        <p role="status" className="orders-done">
          {done}
        </p>
      ) : null}

      <h2 className="school-subtitle">Ученики</h2>
      <ul className="person-list">
        {order.learner_list.map((learner, i) => (
          <li key={i}>
            <strong>{learner.name}</strong>
            <span className="audit-small">
              {[learner.email, learner.phone].filter(Boolean).join(', ')}
              {learner.email || learner.phone ? '; ' : ''}
              {learner.enrolled ? 'курс открыт' : 'курс не открыт'}
            </span>
          </li>
        ))}
      </ul>

      {order.offline_payment ? (
        <>
          <h2 className="school-subtitle">Оплата вне сайта</h2>
          <p>
            {words.methods[order.offline_payment.method]}, {formatPrice(order.offline_payment.amount)}, {formatDate(order.offline_payment.paid_on)}, документ №{' '}
            {order.offline_payment.document_number}
            {order.offline_payment.comment ? `. ${order.offline_payment.comment}` : ''}
            <span className="audit-small">
              записал {order.offline_payment.by ?? 'удалённый аккаунт'} {moscowTime(order.offline_payment.at)}
            </span>
          </p>
        </>
      ) : null}

      <h2 className="school-subtitle">Оплата картой</h2>
      {order.payments.length ? (
        <ul className="person-list">
          {order.payments.map((p) => (
            <li key={p.id}>
              <strong>
                {formatPrice(p.amount)} — {words.paymentStates[p.status] ?? p.status}
              </strong>{' '}
              (банк: {bankState(words, p.provider_status)}
              {p.provider_payment_id ? `, платёж ${p.provider_payment_id}` : ''})
              <span className="audit-small">
                начата {moscowTime(p.created_at)}, изменена {moscowTime(p.updated_at)}
              </span>
              {p.notifications.length ? (
                <span className="audit-small">
                  Уведомления банка: {p.notifications.map((n) => `${moscowTime(n.received_at)} ${bankState(words, n.status)}: ${words.outcomes[n.outcome] ?? n.outcome}`).join('; ')}
                </span>
              ) : (
                <span className="audit-small">Уведомлений банка не было.</span>
              )}
              {p.refunds.map((r) => (
                <span key={r.id} className="audit-small">
                  Возврат {formatPrice(r.amount)} — {moscowTime(r.at)}, {r.by ?? 'удалённый аккаунт'}, банк: {bankState(words, r.provider_status)}
                  {r.reason ? `. Причина: ${r.reason}` : ''}
                </span>
              ))}
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-muted">Оплатить картой не пытались.</p>
      )}

      {order.receipt ? (
        <>
          <h2 className="school-subtitle">Чек (54-ФЗ), отправленный банку</h2>
          <p className="audit-small">
            Покупатель: {[order.receipt.email, order.receipt.phone].filter(Boolean).join(', ')}; система налогообложения: {words.taxations[order.receipt.taxation] ?? order.receipt.taxation}
          </p>
          <div className="admin-table-wrap" role="region" aria-label="Строки чека" tabIndex={0}>
            <table className="admin-table audit-table">
              <thead>
                <tr>
                  <th scope="col">Наименование</th>
                  <th scope="col">Цена</th>
                  <th scope="col">Кол-во</th>
                  <th scope="col">Сумма</th>
                  <th scope="col">НДС</th>
                </tr>
              </thead>
              <tbody>
                {order.receipt.items.map((item, i) => (
                  <tr key={i}>
                    <td data-label="Наименование">{item.name}</td>
                    <td data-label="Цена">{formatPrice(item.price)}</td>
                    <td data-label="Кол-во">{item.quantity}</td>
                    <td data-label="Сумма">{formatPrice(item.amount)}</td>
                    <td data-label="НДС">{words.taxes[item.tax] ?? item.tax}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
