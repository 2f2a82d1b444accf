// `npm run load`: the learners' evening. N learners (default 2000) sign in, open 'Мое обучение', a
// lesson and the test page, start a 16-question test, answer each question (every answer saved as
// the quiz saves it), finish and open the result, with 30–90 s pauses between steps, ramping up
// over a few minutes — the shape of the published Moodle quiz load test, so the figures compare.
// Everything on this machine: the embedded PostgreSQL, Crema in production mode from the build
// (one process, or two on one database with --processes 2), and this generator, one Node process
// of mostly sleeping learners on undici. A measuring tool, not a test: it prints figures and the
// database check, and exits 1 only when the check finds an acknowledged write missing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import { Agent } from 'undici';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { seedDemo, startCrema, stopAll, waitFor } from '../lib/servers.ts';
import { countAttempts, createEvening, LOAD_PASSWORD, verifyEvening, type Acknowledged } from './data.ts';
import { Recorder, runLearner, STEPS, type Target } from './learner.ts';
import { seededRandom } from '../../apps/api/src/lib/seeded-random.ts';
import { examMomentMs, examPressMs, firstCrossing, peakRate, rampOffsetMs, summarize, thinkMs } from './stats.ts';

const { values: flags } = parseArgs({
  options: {
    learners: { type: 'string' },
    ramp: { type: 'string' },
    'think-min': { type: 'string' },
    'think-max': { type: 'string' },
    'think-scale': { type: 'string' },
    'exam-start': { type: 'boolean' },
    processes: { type: 'string' },
    seed: { type: 'string' },
  },
});

const env = process.env;
const number = (flag: string | undefined, name: string, fallback: number) => {
  const raw = flag ?? env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`${name}: ожидается неотрицательное число, получено «${raw}»`);
    process.exit(2);
  }
  return value;
};

const LEARNERS = Math.round(number(flags.learners, 'LOAD_LEARNERS', 2000));
const THINK = {
  minS: number(flags['think-min'], 'LOAD_THINK_MIN_S', 30),
  maxS: number(flags['think-max'], 'LOAD_THINK_MAX_S', 90),
  scale: number(flags['think-scale'], 'LOAD_THINK_SCALE', 1),
};
// A few minutes at real pauses; a quick run (scaled pauses) ramps in proportion, at least 30 s.
const RAMP_S = number(flags.ramp, 'LOAD_RAMP_S', Math.max(30, 180 * THINK.scale));
const EXAM_START = flags['exam-start'] ?? env.LOAD_EXAM_START === '1';
const PROCESSES = Math.round(number(flags.processes, 'LOAD_PROCESSES', 1));
const SEED = Math.round(number(flags.seed, 'LOAD_SEED', 2026));
const BASE_PORT = Math.round(number(undefined, 'LOAD_PORT', 3920));
const EXAM_WINDOW_MS = 10_000;
const THRESHOLD_MS = 250;
const WARM_UP = 8;
if (PROCESSES < 1 || PROCESSES > 2 || LEARNERS < 1 || THINK.maxS < THINK.minS) {
  console.error('--processes 1 или 2, --learners ≥ 1, --think-max ≥ --think-min');
  process.exit(2);
}

const t0 = performance.now();
const say = (text: string) => console.warn(`[${((performance.now() - t0) / 1000).toFixed(0).padStart(5)} s] ${text}`);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crema-load-'));
const pgPort = BASE_PORT + 20_000;
const children: ChildProcess[] = [];
const dispatchers: Agent[] = [];
let exitCode = 0;
try {
  say(`demo school into ${dataDir} (PostgreSQL on ${pgPort})`);
  await seedDemo(dataDir, pgPort);
  // Production settings except the answer-save budget (per enrolment, 120 a minute: a quick run's
  // scaled pauses would reach it, as bench's one hammering learner does) and the per-IP sign-in one.
  const crema = (port: number) =>
    startCrema(port, dataDir, {
      EMBEDDED_PG_PORT: String(pgPort),
      QUIZ_SAVES_PER_MINUTE: '100000',
      // Every learner comes from 127.0.0.1, and a password sign-in still running counts against its IP.
      PASSWORD_FAILURES_PER_IP_10MIN: '100000',
      DATABASE_POOL_MAX: env.LOAD_DB_POOL_MAX ?? '10',
    });
  const ports = Array.from({ length: PROCESSES }, (_, i) => BASE_PORT + i);
  // The first process owns the embedded database; the second uses it.
  children.push(crema(ports[0]!));
  await waitFor(`http://127.0.0.1:${ports[0]}/api/health/`);
  for (const port of ports.slice(1)) {
    children.push(crema(port));
    await waitFor(`http://127.0.0.1:${port}/api/health/`);
  }
  say(`Crema: ${ports.map((p) => `http://127.0.0.1:${p}`).join(', ')}`);

  const db = openDatabase(`postgres://crema:crema@127.0.0.1:${pgPort}/crema`, { max: 4 });
  try {
    const made = performance.now();
    const accounts = await createEvening(db.db, LEARNERS + WARM_UP);
    // The first few accounts warm the server up (JIT, connections, caches) and are not in the figures.
    const evening = { ...accounts, learners: accounts.learners.slice(WARM_UP) };
    const warmers = accounts.learners.slice(0, WARM_UP);
    say(`${LEARNERS} learners (+${WARM_UP} to warm up) enrolled in a course with a 16-question test in ${((performance.now() - made) / 1000).toFixed(1)} s`);

    // Browsers keep their connections a while; each process of the run gets its own pool.
    const targets: Target[] = ports.map((port) => {
      const dispatcher = new Agent({ connections: null, keepAliveTimeout: 4000, connect: { timeout: 10_000 } });
      dispatchers.push(dispatcher);
      return { origin: `http://127.0.0.1:${port}`, dispatcher };
    });

    const random = seededRandom(SEED);
    const warmUp = new Recorder();
    const warmed = await Promise.all(
      warmers.map((learner, i) =>
        runLearner(warmUp, targets[i % targets.length]!, evening, learner, { startAt: i * 200, think: () => 100, pick: () => 1 }, LOAD_PASSWORD),
      ),
    );
    say(`warm-up: ${WARM_UP} learners through the whole evening, ${warmUp.samples.length} requests (not in the figures)`);
    const rec = new Recorder();
    const rampMs = RAMP_S * 1000;
    const moment = examMomentMs(rampMs, 3, THINK);
    const lag = monitorEventLoopDelay({ resolution: 20 });
    lag.enable();
    const cpuBefore = process.cpuUsage();
    say(
      `${LEARNERS} learners, ramp ${RAMP_S} s, pauses ${THINK.minS}–${THINK.maxS} s × ${THINK.scale}` +
        (EXAM_START ? `, everyone presses 'Начать тест' ${(moment / 1000).toFixed(0)}–${((moment + EXAM_WINDOW_MS) / 1000).toFixed(0)} s` : '') +
        `, ${PROCESSES} process(es)`,
    );
    // The machine's load: on a shared machine other work takes the same cores, and the figures say so.
    const loads: number[] = [];
    const sampler = setInterval(() => loads.push(os.loadavg()[0]!), 10_000);
    const progress = setInterval(() => {
      say(`active ${rec.active}, in flight ${rec.inFlight}, requests ${rec.samples.length}, load average ${os.loadavg()[0]!.toFixed(1)}`);
    }, 30_000);
    const results = await Promise.all(
      evening.learners.map((learner, i) =>
        runLearner(
          rec,
          targets[i % targets.length]!,
          evening,
          learner,
          {
            startAt: rampOffsetMs(i, LEARNERS, rampMs),
            think: () => thinkMs(THINK, random),
            pressStartAt: EXAM_START ? examPressMs(moment, EXAM_WINDOW_MS, random) : undefined,
            pick: () => Math.floor(random() * 4),
          },
          LOAD_PASSWORD,
        ),
      ),
    );
    clearInterval(progress);
    clearInterval(sampler);
    lag.disable();
    const cpu = process.cpuUsage(cpuBefore);
    const wallS = rec.now() / 1000;

    report(rec, { wallS, cpuS: (cpu.user + cpu.system) / 1e6, lagP99: lag.percentile(99) / 1e6, moment, loads });

    const acknowledged = [...warmed, ...results].filter((r): r is Acknowledged => r !== null);
    const check = await verifyEvening(db.db, acknowledged);
    const rows = await countAttempts(db.db, evening.testId);
    console.log('\nDatabase check (acknowledged by a 2xx → found in test_attempts)');
    console.log(`  answers saved:       expected ${check.savesExpected}, found ${check.savesFound}`);
    console.log(`  attempts finished:   expected ${check.finishedExpected}, found ${check.finishedFound}`);
    console.log(`  attempts in the run: ${rows.attempts} started, ${rows.completed} completed, ${LEARNERS + WARM_UP - acknowledged.length} learners stopped before a test (the ${WARM_UP} warm-up learners included)`);
    if (check.mismatches.length > 0 || check.savesFound !== check.savesExpected || check.finishedFound !== check.finishedExpected) {
      exitCode = 1;
      console.log('  MISMATCH:');
      for (const m of check.mismatches) console.log(`    - ${m}`);
    } else console.log('  every acknowledged answer and finish is in the database');
  } finally {
    await db.close();
  }
} catch (error) {
  exitCode = 1;
  console.error(error);
} finally {
  await Promise.all(dispatchers.map((d) => d.close().catch(() => undefined)));
  await stopAll(children);
  if (env.LOAD_KEEP !== '1') rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

function report(rec: Recorder, run: { wallS: number; cpuS: number; lagP99: number; moment: number; loads: number[] }) {
  const fmt = (n: number) => (Number.isNaN(n) ? '-' : n >= 100 ? n.toFixed(0) : n.toFixed(1));
  const window = { windowMs: Math.max(10_000, 60_000 * Math.min(1, THINK.scale * 2)), stepMs: 5000, thresholdMs: THRESHOLD_MS, minSamples: 20 };
  const all = rec.samples;
  const first = Math.min(...all.map((s) => s.at - s.ms));
  const last = Math.max(...all.map((s) => s.at));
  const mode = `${LEARNERS} learners, ramp ${RAMP_S} s, pauses ${THINK.minS}–${THINK.maxS} s × ${THINK.scale}${EXAM_START ? ', exam start (everyone within 10 s)' : ''}, ${PROCESSES} Crema process(es)`;
  console.log(`\nLearners' evening: ${mode}; ${os.cpus().length} CPU, Node ${process.version}; latency in ms\n`);
  const columns = ['count', 'p50', 'p95', 'p99', 'max', 'non-2xx', 'network', `p95>${THRESHOLD_MS} at`];
  console.log('step'.padEnd(14), ...columns.map((c) => c.padStart(10)));
  const line = (title: string, samples: typeof all) => {
    const s = summarize(samples);
    const crossing = firstCrossing(samples, window);
    const cells = [s.count, fmt(s.p50), fmt(s.p95), fmt(s.p99), fmt(s.max), s.non2xx, s.network, crossing ? `${crossing.active} l.` : '-'];
    console.log(title.padEnd(14), ...cells.map((c) => String(c).padStart(10)));
  };
  for (const step of STEPS) line(step, all.filter((s) => s.step === step));
  line('all', all);

  const activeS = (last - first) / 1000;
  console.log(`\nrequests per second: ${(all.length / activeS).toFixed(1)} sustained over ${activeS.toFixed(0)} s, busiest 10 s: ${peakRate(all, 10_000).toFixed(1)}`);
  console.log(`peak in-flight requests: ${rec.peakInFlight}; peak active learners: ${rec.peakActive}`);
  const crossing = firstCrossing(all, window);
  console.log(
    `p95 over ${window.windowMs / 1000} s sliding windows (every ${window.stepMs / 1000} s): ` +
      (crossing
        ? `first above ${THRESHOLD_MS} ms at ${(crossing.at / 1000).toFixed(0)} s with ${crossing.active} active learners (p95 ${fmt(crossing.p95)} ms over ${crossing.count} requests, ${(crossing.count / (window.windowMs / 1000)).toFixed(1)} req/s)`
        : `never above ${THRESHOLD_MS} ms`),
  );
  if (EXAM_START) {
    const rush = all.filter((s) => s.at >= run.moment && s.at <= run.moment + 30_000);
    const r = summarize(rush);
    console.log(`the exam rush (30 s from the moment): ${r.count} requests, p50 ${fmt(r.p50)}, p95 ${fmt(r.p95)}, max ${fmt(r.max)}, non-2xx ${r.non2xx}, network ${r.network}`);
  }
  const stopped = [...rec.stopped].map(([step, n]) => `${n} at ${step}`).join(', ');
  if (stopped) console.log(`learners who could not go on: ${stopped}`);
  console.log(`generator: ${run.cpuS.toFixed(1)} s CPU over ${run.wallS.toFixed(0)} s, event-loop delay p99 ${run.lagP99.toFixed(1)} ms`);
  if (run.loads.length) {
    const mean = run.loads.reduce((a, b) => a + b, 0) / run.loads.length;
    console.log(
      `machine load average (1 min) during the run: mean ${mean.toFixed(1)}, max ${Math.max(...run.loads).toFixed(1)} ` +
        `on ${os.cpus().length} CPU (this run alone keeps it near ${os.cpus().length}; more means other work shared the cores)`,
    );
  }
  if (rec.failures.size) {
    console.log('\nfailed requests (the first of each kind):');
    for (const [kind, f] of rec.failures) console.log(`  ${kind} ×${f.count}: ${f.first}`);
  }
}
