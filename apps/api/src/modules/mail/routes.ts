// The development mailbox: the outbox shown as pages (/dev/mail/) and JSON (/dev/mail.json,
// which browser tests read codes from). Registered only outside production (app.ts), and it
// answers only requests from this machine: letters carry sign-in codes and password links.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatDateTime } from '@crema/contract';
import { ApiError } from '../../errors.ts';
import { localOnly } from '../../plugins/local-only.ts';
import type { MailMessage } from '../../db/schema/index.ts';
import { getMail, listMail } from './service.ts';
import { htmlPage } from './html-page.ts';
import { escapeHtml } from './templates.ts';

const listQuery = z.object({
  to: z.string().trim().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const mailJson = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** The template it was rendered from; null for a letter written by hand. */
  template: z.string().nullable(),
  /** A pending letter is delivered no earlier than this (09:00 Moscow time for one held through the night). */
  deliver_after: z.string(),
  /** Extra headers (List-Unsubscribe). */
  headers: z.record(z.string(), z.string()),
});

const STATUS_RU: Record<MailMessage['status'], string> = { pending: 'в очереди', sent: 'отправлено', failed: 'не доставлено' };

const PAGE_STYLE = `
body{margin:0;font:15px/1.5 -apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#231a15;background:#faf6f1}
main{max-width:960px;margin:0 auto;padding:24px 16px}
h1{font-size:24px;margin:0 0 8px}
p.hint{color:#6b5a4e;margin:0 0 20px}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #e4d8cc}
th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #e4d8cc;vertical-align:top}
th{font-weight:600;background:#f1e7dc}
td.date{white-space:nowrap}
a{color:#8a5a2b}
iframe{width:100%;height:640px;border:1px solid #e4d8cc;background:#fff}
pre{white-space:pre-wrap;background:#fff;border:1px solid #e4d8cc;padding:12px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0 0 20px}
dt{color:#6b5a4e}
dd{margin:0}
`;

/** ', отправка не раньше dd.mm.yyyy hh:mm' for a pending letter held until a later hour. */
function held(m: MailMessage): string {
  return m.status === 'pending' && m.attempts === 0 && m.nextAttemptAt.getTime() > m.createdAt.getTime() + 60_000
    ? `, отправка не раньше ${escapeHtml(formatDateTime(m.nextAttemptAt))}`
    : '';
}

const page = (title: string, body: string) => htmlPage(title, PAGE_STYLE, body);

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** /dev/mail/, /dev/mail/{id}/ and /dev/mail.json over the outbox. */
export async function devMailRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  // Encapsulated in this plugin: only the mailbox's routes are guarded.
  app.addHook('onRequest', localOnly);

  r.get(
    '/dev/mail.json',
    { schema: { hide: true, querystring: listQuery, response: { 200: z.array(mailJson) } } },
    async (request, reply) => {
      const rows = await listMail(db, request.query);
      void reply.header('cache-control', 'no-store');
      return rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        status: m.status,
        attempts: m.attempts,
        created_at: m.createdAt.toISOString(),
        sent_at: m.sentAt?.toISOString() ?? null,
        template: m.template,
        deliver_after: m.nextAttemptAt.toISOString(),
        headers: m.headers,
      }));
    },
  );

  r.get('/dev/mail/', { schema: { hide: true, querystring: listQuery } }, async (request, reply) => {
    const rows = await listMail(db, request.query);
    const items = rows
      .map(
        (m) =>
          `<tr><td class="date">${escapeHtml(formatDateTime(m.createdAt))}</td><td>${escapeHtml(m.to)}</td>` +
          `<td><a href="/dev/mail/${m.id}/">${escapeHtml(m.subject)}</a></td><td>${STATUS_RU[m.status]}${held(m)}</td></tr>`,
      )
      .join('\n');
    const filter = request.query.to ? ` для ${escapeHtml(request.query.to)} (<a href="/dev/mail/">все</a>)` : '';
    const body =
      `<h1>Почта для разработки</h1>` +
      `<p class="hint">Письма из очереди отправки${filter}, сначала новые; время московское. ` +
      `В production этой страницы нет. JSON: <a href="/dev/mail.json">/dev/mail.json</a></p>` +
      (rows.length === 0
        ? '<p>Писем пока нет.</p>'
        : `<table><thead><tr><th>Дата</th><th>Кому</th><th>Тема</th><th>Статус</th></tr></thead><tbody>\n${items}\n</tbody></table>`);
    return sendPage(reply, 200, page('Почта для разработки', body));
  });

  r.get(
    '/dev/mail/:id/',
    { schema: { hide: true, params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }) } },
    async (request, reply) => {
      const m = await getMail(db, request.params.id);
      if (!m) throw ApiError.notFound();
      const body =
        `<p><a href="/dev/mail/">← Все письма</a></p>` +
        `<h1>${escapeHtml(m.subject)}</h1>` +
        `<dl><dt>Кому</dt><dd>${escapeHtml(m.to)}</dd>` +
        `<dt>Дата</dt><dd>${escapeHtml(formatDateTime(m.createdAt))}</dd>` +
        `<dt>Статус</dt><dd>${STATUS_RU[m.status]}${m.attempts > 0 ? `, попыток: ${m.attempts}` : ''}${held(m)}</dd>` +
        (m.template ? `<dt>Шаблон</dt><dd>${escapeHtml(m.template)}</dd>` : '') +
        Object.entries(m.headers)
          .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
          .join('') +
        (m.lastError ? `<dt>Ошибка</dt><dd>${escapeHtml(m.lastError)}</dd>` : '') +
        `</dl>` +
        // Sandboxed: the letter cannot run scripts or reach this page; its links open in a new tab.
        `<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" title="HTML-версия письма" srcdoc="${escapeHtml(m.html)}"></iframe>` +
        `<h2>Текстовая версия</h2><pre>${escapeHtml(m.text)}</pre>`;
      return sendPage(reply, 200, page(m.subject, body));
    },
  );
}
