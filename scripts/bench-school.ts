// `npm run bench:school`: the school staff's lists on a big school — 100,000 people, 10,000 orders
// and 50,000 journal entries loaded straight into the database beside the demo — as staff call
// them. A benchmark, not a test: it prints each call's p50, p95 and slowest time, and its p95 as a
// multiple of the health check's measured in the same run; it asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { seedDemo, startCrema, stopAll, waitFor } from './lib/servers.ts';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 100_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const JOURNAL = Number(process.env.BENCH_JOURNAL ?? 50_000);
/** Calls per list and how many run at once: a few staff members at work, not a crowd. */
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const AT_ONCE = Number(process.env.BENCH_AT_ONCE ?? 4);

/** The big school, in a few set-based statements (names and phones vary, addresses are unique). */
async function loadBigSchool(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into users (email, last_name, first_name, patronymic, phone, email_verified_at, last_login_at, created_at)
       select 'person' || i || '@bench.example',
              (array['Иванова','Петров','Смирнова','Кузнецов','Попова','Соколов','Лебедева','Козлов','Новикова','Морозов'])[1 + i % 10] || i % 97,
              (array['Анна','Иван','Мария','Пётр','Елена','Олег','Ольга','Сергей','Дарья','Никита'])[1 + (i / 10) % 10],
              case when i % 3 = 0 then null else 'Александрович' end,
              '7916' || lpad((i % 10000000)::text, 7, '0'),
              now() - (i % 700) * interval '1 day',
              case when i % 4 = 0 then null else now() - (i % 90) * interval '1 hour' end,
              now() - (i % 1000) * interval '1 day'
       from generate_series(1, $1::int) as i`,
      [PEOPLE],
    );
    await client.query(
      `with course_ids as (select array_agg(id order by id) as ids from courses),
            people as (select array_agg(id order by id) as ids from users where email like '%@bench.example')
       insert into orders (code, user_id, course_id, status, amount_kopecks, payer_last_name, payer_first_name, payer_phone,
                           payer_email, consent_privacy, consent_personal_data, created_at, paid_at, cancelled_at)
       select 'bench-' || i, u.id, course_ids.ids[1 + i % array_length(course_ids.ids, 1)],
              (array['paid','paid','paid','cancelled','new','awaiting_payment','refunded'])[1 + i % 7]::order_status,
              (15 + i % 60) * 100000, u.last_name, u.first_name, u.phone, u.email, true, true,
              now() - (i % 400) * interval '1 day',
              case when i % 7 in (0, 1, 2, 6) then now() - (i % 400) * interval '1 day' + interval '10 minutes' end,
              case when i % 7 = 3 then now() - (i % 400) * interval '1 day' + interval '1 day' end
       from generate_series(1, $1::int) as i
       cross join course_ids cross join people
       join users u on u.id = people.ids[1 + (i * 7919) % array_length(people.ids, 1)]`,
      [ORDERS],
    );
    await client.query(
      `insert into order_students (order_id, full_name, phone, email)
       select id, payer_last_name || ' ' || payer_first_name, payer_phone, payer_email from orders where code like 'bench-%'`,
    );
    await client.query(
      `with staff as (select id, email from users where is_staff order by id limit 1)
       insert into audit_events (at, actor_id, actor_email, actor_role, ip, action, entity, entity_id, summary, before, after)
       select now() - i * interval '7 minutes', staff.id, staff.email, 'staff', '127.0.0.1',
              (array['person.roles','person.block','person.course','course.update','lesson.blocks'])[1 + i % 5],
              case when i % 5 < 3 then 'person' else 'course' end, (i % 5000)::text, 'запись ' || i,
              jsonb_build_object('is_course_owner', false), jsonb_build_object('is_course_owner', true)
       from generate_series(1, $1::int) as i, staff`,
      [JOURNAL],
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

async function staffHeaders(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'staff@crema.local', password: 'crema-demo-2026' }),
  });
  if (!res.ok) throw new Error(`вход демо-сотрудника: ${res.status}`);
  const { access } = (await res.json()) as { access: string };
  return { 'jwt-access-token': `Bearer ${access}` };
}

/** `CALLS` calls, `AT_ONCE` at a time; every answer must be 200. Times in ms. */
async function measure(url: string, headers: Record<string, string>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < CALLS) {
      next += 1;
      const started = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 300)}`);
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return times.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crema-bench-school-'));
const port = 3912;
const pgPort = 23912;
const children: ChildProcess[] = [];
try {
  await seedDemo(dataDir, pgPort);
  children.push(startCrema(port, dataDir, { EMBEDDED_PG_PORT: String(pgPort) }));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health/`);
  const started = performance.now();
  await loadBigSchool(`postgres://crema:crema@127.0.0.1:${pgPort}/crema`);
  console.log(`loaded ${PEOPLE} people, ${ORDERS} orders, ${JOURNAL} journal entries in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const headers = await staffHeaders(base);
  const somebody = (await (await fetch(`${base}/api/admin/school/people/?search=person77777@bench.example`, { headers })).json()) as { results: { id: number }[] };
  const person = somebody.results[0]?.id;
  if (!person) throw new Error('человек из нагрузки не найден');
  const api = `${base}/api/admin/school`;
  const orders = (await (await fetch(`${api}/orders/?search=bench-777`, { headers })).json()) as { results: { id: number }[] };
  const order = orders.results[0]?.id;
  if (!order) throw new Error('заказ из нагрузки не найден');
  const targets: [string, string][] = [
    ['GET /api/health/ (reference)', `${base}/api/health/`],
    ['people: first page', `${api}/people/`],
    ['people: page 2000 of 100k', `${api}/people/?page=2000`],
    ['people: sorted by e-mail', `${api}/people/?sort=email`],
    ['people: by last sign-in', `${api}/people/?sort=-last_login_at`],
    ['people: search by e-mail', `${api}/people/?search=person4242`],
    ['people: search by phone as typed', `${api}/people/?search=${encodeURIComponent('8 916 004-24-24')}`],
    ['people: search by two name words', `${api}/people/?search=${encodeURIComponent('Мария Смирнова12')}`],
    ['people: owners only', `${api}/people/?role=owner`],
    ['one person', `${api}/people/${person}/`],
    ['orders: first page', `${api}/orders/`],
    ['orders: page 100 of 10k', `${api}/orders/?page=100`],
    ['orders: paid, by amount', `${api}/orders/?status=paid&sort=-amount`],
    ['orders: search by e-mail', `${api}/orders/?search=person4242`],
    ['orders: search by phone as typed', `${api}/orders/?search=${encodeURIComponent('+7 916 004-24')}`],
    ['orders: export CSV (filtered, paid)', `${api}/orders/export/?format=csv&status=paid`],
    ['one order', `${api}/orders/${order}/`],
    ['groups: first page', `${api}/groups/`],
    ['applications: first page', `${api}/applications/`],
    ['overview', `${api}/dashboard/`],
    ['journal: first page', `${api}/audit/`],
    ['journal: by action', `${api}/audit/?action=person.block`],
    ['journal: search', `${api}/audit/?search=${encodeURIComponent('запись 4242')}`],
  ];
  const rows: { title: string; p50: number; p95: number; max: number }[] = [];
  for (const [title, url] of targets) {
    await measure(url, headers); // warm-up
    const times = await measure(url, headers);
    rows.push({ title, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)! });
  }
  const reference = rows[0]!.p95;
  console.log(`\n${CALLS} calls each, ${AT_ONCE} at a time, ${os.cpus().length} CPU, Node ${process.version}; ms\n`);
  console.log('call'.padEnd(38), ...['p50', 'p95', 'max', 'p95/health'].map((c) => c.padStart(11)));
  for (const r of rows) {
    console.log(r.title.padEnd(38), ...[r.p50.toFixed(1), r.p95.toFixed(1), r.max.toFixed(1), (r.p95 / reference).toFixed(1)].map((c) => c.padStart(11)));
  }
} finally {
  await stopAll(children);
  rmSync(dataDir, { recursive: true, force: true });
}
