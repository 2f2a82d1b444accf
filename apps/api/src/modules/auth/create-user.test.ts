import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';

// `npm run user:create` as an administrator runs it: the real CLI in its own process, on this file's database.
const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const SECRET_KEY = 'create-user-test-secret-0123456789abcdefghij';
const PUBLIC_URL = 'https://school.example';

let t: TestContext;
let databaseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ SECRET_KEY, PUBLIC_URL });
  const { rows } = await t.database.pool.query<{ name: string }>('select current_database() as name');
  databaseUrl = `${inject('pgServerUrl')}/${rows[0]!.name}`;
});
afterAll(async () => {
  await t?.close();
});

function runCli(...args: string[]): Promise<{ code: number | null; output: string }> {
  const tsx = pathToFileURL(path.join(repoRoot, 'node_modules/tsx/dist/loader.mjs')).href;
  const child = spawn('node', ['--import', tsx, path.join(repoRoot, 'apps/api/src/db/cli.ts'), 'user:create', ...args], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, SECRET_KEY, PUBLIC_URL, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

const query = async <T>(text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows as T[];
const userRow = async (email: string) =>
  (await query<{ is_staff: boolean; is_course_owner: boolean; password_hash: string | null }>(
    'select is_staff, is_course_owner, password_hash from users where lower(email) = $1',
    [email],
  ))[0];
const letters = (email: string) => query<{ subject: string; text: string }>('select subject, text from mail_outbox where "to" = $1 order by id', [email]);

describe('npm run user:create', () => {
  it('makes a staff account without a password and mails a link that sets it; a second run changes nothing', async () => {
    const first = await runCli('--staff', 'Head@School.example');
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('Создана учётная запись head@school.example (сотрудник школы), без пароля.');
    expect(await userRow('head@school.example')).toEqual({ is_staff: true, is_course_owner: false, password_hash: null });

    const mail = await letters('head@school.example');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Учётная запись создана');
    const link = /(https:\/\/school\.example\/\?restore=(\S+))/.exec(mail[0]!.text);
    expect(link).not.toBeNull();

    // The same address again: nothing new, the link mailed first still works.
    const second = await runCli('--staff', 'head@school.example');
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain('Учётная запись head@school.example уже есть. Права не изменились: сотрудник школы.');
    expect(await letters('head@school.example')).toHaveLength(1);
    expect(await query('select 1 from users where lower(email) = $1', ['head@school.example'])).toHaveLength(1);

    const token = decodeURIComponent(link![2]!);
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/set-password/restore/',
      payload: { access_token: token, password: 'first-staff-pass', confirm_password: 'first-staff-pass' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { username: 'head@school.example', password: 'first-staff-pass' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
  }, 60_000);

  it('raises the roles of an existing account, never lowers them and never touches its password', async () => {
    const user = await buildUser(t.database.db, { email: 'teacher@school.example', password: 'kept-password-1', isStaff: true });
    const before = await userRow(user.email);

    const owner = await runCli('--owner', user.email);
    expect(owner.code, owner.output).toBe(0);
    expect(owner.output).toContain('Добавлены права: владелец курсов. Теперь: сотрудник школы и владелец курсов.');
    // A plain run (no role) lowers nothing.
    const plain = await runCli(user.email);
    expect(plain.code, plain.output).toBe(0);
    expect(await userRow(user.email)).toEqual({ is_staff: true, is_course_owner: true, password_hash: before!.password_hash });
    expect(await letters(user.email)).toHaveLength(0);
  }, 60_000);

  it('makes a plain user without a flag and refuses a bad address', async () => {
    const plain = await runCli('learner@school.example');
    expect(plain.code, plain.output).toBe(0);
    expect(plain.output).toContain('(пользователь)');
    expect(await userRow('learner@school.example')).toMatchObject({ is_staff: false, is_course_owner: false });

    const bad = await runCli('--staff', 'not-an-address');
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('Некорректный адрес электронной почты');
  }, 60_000);
});
