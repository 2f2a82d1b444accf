// The parts of the production topology, started for the cluster test as deploy/ describes them:
// Debian's PostgreSQL 15 server and nginx, Crema processes run as their systemd unit says, the
// test bank as a service of its own, and a mail server that keeps what it receives.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { REPO_ROOT, renderNginxSite } from '../deploy/nginx.ts';

export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const BANK_PREFIX = '/bank';
const isRoot = process.getuid?.() === 0;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on, from `from` up. */
export async function freePort(from: number): Promise<number> {
  for (let port = from; port < from + 500; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`нет свободного порта от ${from}`);
}

/** What the machine needs: Debian's PostgreSQL 15 and nginx (.ci/run installs them). */
export function missingPackages(): string[] {
  const missing: string[] = [];
  if (!existsSync(path.join(PG_BIN, 'postgres'))) missing.push('postgresql-15');
  if (!existsSync('/usr/sbin/nginx')) missing.push('nginx');
  if (!existsSync('/usr/bin/openssl')) missing.push('openssl');
  return missing;
}

/** A self-signed certificate for 127.0.0.1, trusted by every process of the test (NODE_EXTRA_CA_CERTS). */
export function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { stdio: 'ignore' });
  return { cert, key };
}

/** A directory PostgreSQL (run as `postgres` when we are root) may own. */
function ownedByPostgres(dir: string) {
  mkdirSync(dir, { recursive: true });
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
}

function asPostgres(file: string, args: string[], options: { stdio?: 'ignore' | 'pipe' } = {}) {
  const command = isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] as const : [file, args] as const;
  return execFileSync(command[0], command[1], { stdio: options.stdio ?? 'pipe', cwd: '/' });
}

export interface Postgres {
  url: string;
  port: number;
  /** A fast restart (open connections cut), without blocking this process while it runs. */
  restart(): Promise<void>;
  stop(): void;
}

/** A PostgreSQL 15 cluster of its own in `dir`: a role `crema` with a password, a database `crema`. */
export function startPostgres(dir: string, port: number): Postgres {
  const data = path.join(dir, 'pg');
  ownedByPostgres(data);
  const password = randomBytes(12).toString('hex');
  const pwfile = path.join(data, '..', 'pg-password');
  writeFileSync(pwfile, password);
  if (isRoot) chmodSync(pwfile, 0o644);
  asPostgres(path.join(PG_BIN, 'initdb'), ['-D', data, '-U', 'crema', `--pwfile=${pwfile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8']);
  const serverOptions = `-p ${port} -k ${data} -c listen_addresses=127.0.0.1 -c max_connections=60`;
  const pgCtl = (...args: string[]) =>
    asPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', data, '-l', path.join(data, 'server.log'), '-w', '-t', '30', '-o', serverOptions, ...args]);
  pgCtl('start');
  const url = `postgres://crema:${password}@127.0.0.1:${port}/crema`;
  execFileSync(path.join(PG_BIN, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'crema', 'crema'], { env: { ...process.env, PGPASSWORD: password } });
  return {
    url,
    port,
    restart: async () => {
      const args = ['-D', data, '-l', path.join(data, 'server.log'), '-w', '-t', '30', '-o', serverOptions, 'restart', '-m', 'fast'];
      const [file, list] = isRoot ? ['runuser', ['-u', 'postgres', '--', path.join(PG_BIN, 'pg_ctl'), ...args]] : [path.join(PG_BIN, 'pg_ctl'), args];
      await promisify(execFile)(file, list, { cwd: '/' });
    },
    stop: () => {
      try {
        pgCtl('stop', '-m', 'fast');
      } catch {
        // already stopped
      }
    },
  };
}

/** The unit's command and environment for one instance (its port), as systemd would run it. */
export function unitCommand(port: number): { command: string; args: string[]; env: Record<string, string> } {
  const unit = readFileSync(path.join(REPO_ROOT, 'deploy/systemd/crema@.service'), 'utf8');
  const value = (key: string) => unit.split('\n').filter((line) => line.startsWith(`${key}=`)).map((line) => line.slice(key.length + 1).replaceAll('%i', String(port)));
  const env: Record<string, string> = {};
  for (const line of value('Environment')) for (const pair of line.split(/\s+/)) {
    const [k, ...v] = pair.split('=');
    if (k) env[k] = v.join('=');
  }
  const [exec = ''] = value('ExecStart');
  const [command = '', ...args] = exec.split(/\s+/);
  // The unit names Debian's node; the test runs the node it was started with.
  return { command: command.endsWith('/node') ? process.execPath : command, args, env };
}

export interface CremaProcess {
  name: string;
  port: number;
  child: ChildProcess;
  log: string;
  exited: Promise<number | null>;
}

/** One Crema process as its unit starts it, with the installation's settings and its port. */
export function startCrema(name: string, port: number, settings: Record<string, string>, logDir: string): CremaProcess {
  const unit = unitCommand(port);
  const log = path.join(logDir, `crema-${name}.log`);
  const out = createWriteStream(log, { flags: 'a' });
  const child = spawn(unit.command, unit.args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...settings, ...unit.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, port, child, log, exited };
}

/** nginx from Debian's package with deploy/nginx/crema.conf rendered for these ports. */
export function startNginx(options: { dir: string; httpPort: number; httpsPort: number; upstreams: string[]; cert: string; key: string }): ChildProcess {
  const dir = path.join(options.dir, 'nginx');
  mkdirSync(path.join(dir, 'temp'), { recursive: true });
  chmodSync(path.join(dir, 'temp'), 0o777);
  const site = renderNginxSite({
    upstreams: options.upstreams,
    serverName: '127.0.0.1 localhost',
    httpPort: options.httpPort,
    httpsPort: options.httpsPort,
    certificate: options.cert,
    certificateKey: options.key,
    staticRoot: path.join(REPO_ROOT, 'apps/web/build/client'),
    accessLog: path.join(dir, 'access.log'),
  });
  writeFileSync(path.join(dir, 'crema.conf'), site);
  const temp = path.join(dir, 'temp');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      isRoot ? 'user root;' : '',
      'worker_processes 1;',
      'daemon off;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  sendfile on;',
      `  client_body_temp_path ${temp}/body; proxy_temp_path ${temp}/proxy; fastcgi_temp_path ${temp}/fastcgi;`,
      `  uwsgi_temp_path ${temp}/uwsgi; scgi_temp_path ${temp}/scgi;`,
      `  include ${path.join(dir, 'crema.conf')};`,
      '}',
    ].join('\n'),
  );
  execFileSync('/usr/sbin/nginx', ['-t', '-q', '-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'pipe' });
  return spawn('/usr/sbin/nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
}

/** A mail server on loopback that keeps every letter's text (the school's SMTP in production). */
export async function startMailSink(port: number): Promise<{ letters: { to: string; text: string }[]; close(): Promise<void> }> {
  const letters: { to: string; text: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        letters.push({ to, text: decodeLetter(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { letters, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The letter's parts decoded enough to find a code or a link (quoted-printable and base64 bodies). */
function decodeLetter(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64 = [...raw.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)].map((m) => Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64').toString('utf8'));
  const words = Buffer.concat([...raw.matchAll(/=\?UTF-8\?B\?([^?]*)\?=/gi)].map((m) => Buffer.from(m[1]!, 'base64'))).toString('utf8');
  return [words, Buffer.from(qp, 'latin1').toString('utf8'), ...base64].join('\n');
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  ms: number;
  json<T = Record<string, unknown>>(): T;
}

/** One HTTPS (or HTTP) request with a deadline; a refused or cut connection rejects. */
export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; ca?: Buffer; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? https.request : http.request;
    const req = send(target, { method: options.method ?? 'GET', headers: options.headers, ca: options.ca, timeout: options.timeoutMs ?? 15_000, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: performance.now() - started, json: <T>() => JSON.parse(body.toString('utf8')) as T });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`нет ответа за ${options.timeoutMs ?? 15_000} мс`)));
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}
