import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codeSentSchema,
  currentUserSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  orderCodeParamsSchema,
  orderPaymentQuerySchema,
  orderConfirmBodySchema,
  orderPaymentSchema,
  orderRequestBodySchema,
  orderRequestResultSchema,
  paymentLinkBodySchema,
  paymentLinkParamsSchema,
  paymentLinkSchema,
  userOrderListSchema,
  userOrderSchema,
} from '@crema/contract';
import { deviceMarkOf, noStore, respondWithSession } from '../auth/http.ts';
import { signedInActor } from '../auth/plugin.ts';
import type { AuthService } from '../auth/service.ts';
import type { OrdersService } from './service.ts';
import { acceptFormFields, formBodyValidator, formOf } from '../../lib/form-body.ts';
import { networkOf } from '../../lib/rate-limit.ts';

/** The largest body the bank's notification address reads (a real one, receipt included, is far smaller). */
export const NOTIFICATION_BODY_LIMIT = 16 * 1024;

const tags = ['orders'];
const FORM_TYPES = ['application/json', 'multipart/form-data'];
const limited = { 429: detailErrorSchema.describe('Слишком много запросов; заголовок Retry-After — секунды ожидания') };

/**
 * Orders and payments (decision 0023). `service` is built by the app
 * (it is shared with the reconciliation job).
 */
export const orderRoutes: FastifyPluginAsyncZod<{ service: OrdersService; auth: AuthService }> = async (app, { service, auth }) => {
  app.addHook('onSend', noStore);
  // The application form sends multipart form data; fields become the body as JSON would. No files.
  await acceptFormFields(app, { fields: 60, fieldSize: 4096 });

  app.post(
    '/order/request/',
    {
      config: { access: 'caller', idempotent: true },
      // The form's own problems are answered with the service's checks in one 400 (decision 0056).
      validatorCompiler: formBodyValidator,
      schema: {
        summary: 'Оформить заказ курса',
        description:
          'Универсальная форма заказа (JSON) и форма заявки (multipart). Ошибки — по полям (`students` — ошибка выбора ' +
          'учеников, `student_*` — нового ученика, `group` — группы, в т. ч. «мест не осталось») или `{"__all__": [...]}`. ' +
          'Сумма = цена курса × число учеников, в копейках, считается только на сервере. Ответ `next`: `confirm_email` — ' +
          'гость, код подтверждения уже отправлен на e-mail (POST /api/order/{code}/confirm/); `pay` — заказ вошедшего, ' +
          'к оплате; `enrolled` — бесплатный курс, уже в «Моем обучении». Места в группе заказ держит до `held_until` ' +
          '(ORDER_HOLD_MINUTES), потом неоплаченный заказ отменяется. Ученик уже учится на курсе или у него есть ' +
          'неоплаченный заказ этого курса — ошибка `students`; сумма больше 2 147 483 647 копеек — тоже.',
        tags,
        consumes: FORM_TYPES,
        body: orderRequestBodySchema,
        response: { 200: orderRequestResultSchema, 400: fieldErrorsSchema, ...limited },
      },
    },
    async (request) => service.request(formOf(request.body), request.actor, request.idempotencyKey),
  );

  app.post(
    '/order/:order_code/send_code/',
    {
      config: { access: 'caller' },
      schema: {
        summary: 'Отправить код подтверждения заказа ещё раз',
        description:
          'Код (4 цифры, 10 минут, 5 попыток) уходит на e-mail плательщика. Не чаще раза в 30 с на заказ (429 с ' +
          'Retry-After), плюс общие лимиты писем кода входа. Заказ уже подтверждён — 409.',
        tags,
        params: orderCodeParamsSchema,
        response: { 200: codeSentSchema, 404: detailErrorSchema, 409: detailErrorSchema, ...limited },
      },
    },
    async (request) => service.sendCode(request.params.order_code, request.actor),
  );

  app.post(
    '/order/:order_code/confirm/',
    {
      config: { access: 'caller', idempotent: true },
      schema: {
        summary: 'Подтвердить заказ кодом из письма (InputCodeOrder)',
        description:
          'Верный код входит в аккаунт плательщика (новый адрес регистрируется, согласия формы заказа записываются) и ' +
          'закрепляет заказ за ним. Ошибки кода и лимиты — как у входа по коду (`{code: [...]}`, 429). Ответ — сеанс, как у ' +
          'POST /api/auth/token/email/ (с `X-Crema-Client: web` — в cookie), и `order`, `next`, `success_message`.',
        tags,
        params: orderCodeParamsSchema,
        body: orderConfirmBodySchema,
        response: {
          200: z.object({
            access: z.string().optional(),
            refresh: z.string().optional(),
            user: currentUserSchema,
            success_message: z.string(),
            order: orderRequestResultSchema.shape.order,
            next: orderRequestResultSchema.shape.next,
          }),
          400: fieldErrorsSchema,
          404: detailErrorSchema,
          409: detailErrorSchema,
          ...limited,
        },
      },
    },
    async (request, reply) => {
      const { signedIn, result } = await service.confirm(request.params.order_code, request.body.code, request.actor, deviceMarkOf(request));
      const session = respondWithSession(request, reply, signedIn, auth.devices);
      return { ...session, success_message: result.success_message, order: result.order, next: result.next };
    },
  );

  app.post(
    '/order/:order_code/claim/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Закрепить заказ за вошедшим по паролю (LoginOrder)',
        description:
          'Для того, кто вошёл паролем вместо кода: заказ гостя закрепляется за аккаунтом, если e-mail аккаунта — e-mail ' +
          'плательщика; заказ другого аккаунта или на другой адрес — 404. Повторный вызов для своего заказа ничего не меняет.',
        tags,
        params: orderCodeParamsSchema,
        response: { 200: orderRequestResultSchema, 404: detailErrorSchema },
      },
    },
    async (request) => service.claim(request.params.order_code, signedInActor(request)),
  );

  app.get(
    '/order/payment/:order_code/',
    {
      schema: {
        summary: 'Заказ и состояние его оплаты',
        description:
          'Для страницы /courses/payment/{code}/ и /tbank-payment-callback/: ключ — непредсказуемый код заказа. Если ' +
          'последняя попытка оплаты ещё открыта, сервер спрашивает банк (GetState) и применяет ответ — страница возврата ' +
          'не верит адресной строке. Банк спрашивают не чаще 12 раз в минуту на попытку; возврат плательщика из банка ' +
          '(`returned=true`) — в отдельном лимите, 6 раз в минуту. Сумма — в копейках и текстом (`12 500 ₽`).',
        tags,
        params: orderCodeParamsSchema,
        querystring: orderPaymentQuerySchema,
        response: { 200: orderPaymentSchema, 404: detailErrorSchema },
      },
    },
    async (request) => service.paymentInfo(request.params.order_code, { returned: request.query.returned }),
  );

  app.post(
    '/:bank/order/payment_link/',
    {
      config: { idempotent: true },
      schema: {
        summary: 'Ссылка на оплату заказа',
        description:
          '`bank` — tbank. `extra_code` — код заказа, `type` — card (СБП пока нет: 400). Создаёт платёж в банке (Init с ' +
          'чеком 54-ФЗ) или возвращает ссылку открытой попытки: одна попытка на нажатие, одновременные нажатия получают ' +
          'одну ссылку. Заказ не подтверждён, оплачен или отменён, время брони мест истекло (заказ отменяется), ученик ' +
          'уже учится на курсе по другому заказу или банк обрабатывает другой его заказ этого курса — 409; оплата картой ' +
          'выключена или банк не ответил — 503.',
        tags,
        params: paymentLinkParamsSchema,
        body: paymentLinkBodySchema,
        response: { 200: paymentLinkSchema, 400: fieldErrorsSchema, 404: detailErrorSchema, 409: detailErrorSchema, 503: detailErrorSchema },
      },
    },
    async (request) => service.paymentLink(request.body.extra_code, request.body.type, request.idempotencyKey),
  );

  app.post(
    '/tbank/notification/',
    {
      // A T-Bank notification with its receipt fields is a few kilobytes; anything larger is not one.
      bodyLimit: NOTIFICATION_BODY_LIMIT,
      schema: {
        summary: 'Уведомление банка о платеже',
        description:
          'Вызывает банк. Тело — не больше 16 КБ (больше — 413). Подпись Token и терминал проверяются: неподписанное ' +
          'не сохраняется, а только считается — 400. Подписанное сохраняется как есть, затем сверяются OrderId, PaymentId ' +
          'и Amount; неверное — 400, ничего не меняется. Принятое (и повтор) — 200 `OK`. Неподписанных с одной сети — ' +
          'не больше PAYMENT_NOTIFICATIONS_PER_MINUTE в минуту (дальше 429 с Retry-After); подписанные банком не ограничены.',
        tags,
        response: { 200: z.string().describe('OK'), 400: detailErrorSchema, 413: detailErrorSchema, ...limited },
      },
    },
    async (request, reply) => {
      const { accepted } = await service.notification(request.body, networkOf(request.ip));
      if (!accepted) return reply.status(400).send({ detail: 'Уведомление отклонено.' });
      const answer = service.provider!.notificationAnswer;
      return reply.status(answer.status as 200).type(answer.contentType).send(answer.body);
    },
  );

  app.get(
    '/user/orders/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Мои заказы',
        description: 'Заказы плательщика, новые сверху: курс, ученики, сумма, статус, можно ли оплатить или отменить.',
        tags: ['user', ...tags],
        response: { 200: userOrderListSchema },
      },
    },
    async (request) => service.listForUser(signedInActor(request)),
  );

  app.post(
    '/user/orders/:order_code/cancel/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Отменить неоплаченный заказ',
        description: 'Места в группе возвращаются. Оплаченный заказ или оплата в обработке у банка — 409; чужой заказ — 404.',
        tags: ['user', ...tags],
        params: orderCodeParamsSchema,
        response: { 200: userOrderSchema, 404: detailErrorSchema, 409: detailErrorSchema },
      },
    },
    async (request) => service.cancel(signedInActor(request), request.params.order_code),
  );
};
