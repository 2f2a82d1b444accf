// One simulated learner of the evening, as the site's browser does it: the session in cookies
// (`x-crema-client: web`, the CSRF token on unsafe calls), pages as HTML, the quiz's calls as
// browserApi makes them (decision 0060: one save per choice, an unsent answer rides along with the
// next save; decision 0078: `seq` and an Idempotency-Key per save, a lost answer sent again with it).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request, type Dispatcher } from 'undici';
import type { Acknowledged, Evening, Learner } from './data.ts';
import type { Sample } from './stats.ts';

export const STEPS = ['sign-in', 'my courses', 'lesson', 'test page', 'start test', 'answer save', 'finish', 'result'] as const;
export type Step = (typeof STEPS)[number];

/** What all learners share: the clock, the samples, the counts of in-flight requests and active learners. */
export class Recorder {
  readonly samples: Sample[] = [];
  readonly t0 = performance.now();
  inFlight = 0;
  peakInFlight = 0;
  active = 0;
  peakActive = 0;
  /** Learners that could not go on (a sign-in or a start refused), by step. */
  readonly stopped = new Map<string, number>();
  /** Failed requests by step and status, with the first one of each kind described (method, path, body start). */
  readonly failures = new Map<string, { count: number; first: string }>();

  now(): number {
    return performance.now() - this.t0;
  }
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

const TIMEOUT_MS = 60_000;

/** What a learner's browser does with a server of the run. */
export interface Target {
  origin: string;
  dispatcher: Dispatcher;
}

export interface Plan {
  /** When the learner opens the site, ms from the recorder's t0. */
  startAt: number;
  /** A pause before the next step, ms. */
  think: () => number;
  /** Exam variant: when 'Начать тест' is pressed (ms from t0) instead of a pause. */
  pressStartAt?: number;
  /** Which answer of a question's four to choose. */
  pick: () => number;
}

const sleepUntil = async (rec: Recorder, at: number) => {
  const wait = at - rec.now();
  if (wait > 0) await sleep(wait);
};

export async function runLearner(rec: Recorder, target: Target, evening: Evening, learner: Learner, plan: Plan, password: string): Promise<Acknowledged | null> {
  const jar = new Map<string, string>();
  const enrolment = learner.enrolmentId;
  const quizPath = `/api/user/course/${enrolment}/module/${evening.moduleId}/testing/${evening.testId}/`;

  const send = async (step: Step, method: 'GET' | 'POST', path: string, extra: Record<string, string> = {}, body?: unknown): Promise<Answer> => {
    const page = !path.startsWith('/api/');
    const headers: Record<string, string> = page
      ? { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br, gzip' }
      : { accept: 'application/json', 'x-crema-client': 'web' };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    // browserFetch sends the CSRF token on every API call: 'Начать тест' is a GET that acts (decision 0050).
    const csrf = jar.get('crema_csrf');
    if (!page && csrf) headers['x-csrf-token'] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, extra);
    const started = performance.now();
    rec.inFlight++;
    rec.peakInFlight = Math.max(rec.peakInFlight, rec.inFlight);
    let answer: Answer;
    try {
      const res = await request(`${target.origin}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        dispatcher: target.dispatcher,
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
      });
      const bytes = Buffer.from(await res.body.arrayBuffer());
      // A failed answer is kept readable for the report (pages come compressed, as a browser asks).
      const failed = res.statusCode < 200 || res.statusCode > 299;
      const encoding = String(res.headers['content-encoding'] ?? '');
      const text = failed && encoding === 'br' ? brotliDecompressSync(bytes).toString('utf8') : failed && encoding === 'gzip' ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
      answer = { status: res.statusCode, headers: res.headers, text };
    } catch (error) {
      answer = { status: 0, headers: {}, text: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    } finally {
      rec.inFlight--;
    }
    rec.samples.push({ step, at: rec.now(), ms: performance.now() - started, status: answer.status, active: rec.active });
    if (answer.status < 200 || answer.status > 299) {
      const kind = `${step} → ${answer.status || 'no answer'}`;
      const seen = rec.failures.get(kind);
      if (seen) seen.count++;
      else rec.failures.set(kind, { count: 1, first: `${method} ${path} ${answer.text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').slice(0, 240)}` });
    }
    for (const line of ([] as string[]).concat(answer.headers['set-cookie'] ?? [])) {
      const [pair = ''] = line.split(';', 1);
      const eq = pair.indexOf('=');
      if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
    return answer;
  };

  /**
   * A call the browser marks `once` (resend.ts): one key per submission; no answer, 502, 503, 504
   * or 409 'still running' → the same again with the key, 3 tries, after Retry-After (≤ 8 s) or
   * 0.4 s then 1.5 s. A 429 (the save queue waits Retry-After) → sent again with a new key.
   */
  const once = async (step: Step, path: string, body: unknown): Promise<Answer> => {
    let key = randomUUID();
    let answer: Answer = { status: 0, headers: {}, text: '' };
    for (let attempt = 1; attempt <= 3; attempt++) {
      answer = await send(step, 'POST', path, { 'idempotency-key': key }, body);
      const lost =
        answer.status === 0 || [502, 503, 504].includes(answer.status) || (answer.status === 409 && answer.headers['idempotency-key-status'] === 'running');
      if (!lost && answer.status !== 429) return answer;
      if (answer.status === 429) key = randomUUID();
      const asked = Number(answer.headers['retry-after']) * 1000;
      await sleep(Math.min(asked || [400, 1500][attempt - 1] || 1500, 8000));
    }
    return answer;
  };

  const stop = (step: Step) => {
    rec.stopped.set(step, (rec.stopped.get(step) ?? 0) + 1);
    return null;
  };
  const ok = (a: Answer) => a.status >= 200 && a.status <= 299;

  await sleepUntil(rec, plan.startAt);
  rec.active++;
  rec.peakActive = Math.max(rec.peakActive, rec.active);
  try {
    const signedIn = await send('sign-in', 'POST', '/api/auth/token/', {}, { username: learner.email, password });
    if (!ok(signedIn)) return stop('sign-in');
    await sleep(plan.think());
    await send('my courses', 'GET', '/user/courses/');
    await sleep(plan.think());
    await send('lesson', 'GET', `/user/courses/${enrolment}/lessons/${evening.lessonId}/`);
    await sleep(plan.think());
    await send('test page', 'GET', `/user/courses/${enrolment}/testing/${evening.testId}/`);
    if (plan.pressStartAt !== undefined) await sleepUntil(rec, plan.pressStartAt);
    else await sleep(plan.think());

    // 'Начать тест': browserApi.quiz(…, clear = true).
    const started = await send('start test', 'GET', `${quizPath}?clear=true`);
    if (!ok(started)) return stop('start test');
    const attempt = (JSON.parse(started.text) as { attempt: { id: number; started_at: string; questions: { id: number; answers: { id: number }[] }[] } }).attempt;
    const acknowledged: Acknowledged = { attemptId: attempt.id, saves: new Map(), finished: false };
    let lastSeq = 0;
    const nextSeq = () => {
      const since = Math.floor((Date.now() - Date.parse(attempt.started_at)) / 10);
      lastSeq = Math.min(2_147_483_647, Math.max(lastSeq + 1, 2 ** 30 + (Number.isFinite(since) ? since : 0)));
      return lastSeq;
    };
    // Answers the server has not confirmed yet: they ride along with the next save (the save queue's unsent set).
    const unsent = new Map<number, number[]>();
    const save = async (step: Step, finish: boolean) => {
      const seq = nextSeq();
      const selected = Object.fromEntries([...unsent].map(([q, a]) => [String(q), a]));
      const answer = await once(step, quizPath, { selected_answers: selected, finish, seq });
      if (ok(answer)) {
        for (const q of unsent.keys()) acknowledged.saves.set(q, seq);
        unsent.clear();
        if (finish) acknowledged.finished = true;
      }
      return answer;
    };
    for (const question of attempt.questions) {
      await sleep(plan.think());
      const choice = question.answers[Math.min(question.answers.length - 1, plan.pick())];
      if (choice) unsent.set(question.id, [choice.id]);
      await save('answer save', false);
    }
    await sleep(plan.think());
    await save('finish', true);
    // The result: the attempt's result page ('Результат'), opened once the finish is answered.
    if (acknowledged.finished) await send('result', 'GET', `/user/progress/test-results/${attempt.id}/`);
    return acknowledged;
  } finally {
    rec.active--;
  }
}
