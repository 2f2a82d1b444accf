import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, PG_PORT_OFFSET, portFree } from './free-port.mjs';

const servers: net.Server[] = [];
/** Something listening on the port, as a developer's own server would. */
async function occupy(port: number): Promise<void> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', resolve);
  });
  servers.push(server);
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("the browser tests' port", () => {
  it('takes the preferred port when it and its PostgreSQL port are free', async () => {
    const preferred = await freePort(4300);
    expect(await freePort(preferred)).toBe(preferred);
  });

  it('takes another free port when something listens on the preferred one', async () => {
    const preferred = await freePort(4301);
    await occupy(preferred);
    expect(await portFree(preferred)).toBe(false);
    const port = await freePort(preferred);
    expect(port).not.toBe(preferred);
    expect(await portFree(port)).toBe(true);
    expect(await portFree(port + PG_PORT_OFFSET)).toBe(true);
  });

  it('takes another one when only the PostgreSQL port is taken', async () => {
    const preferred = await freePort(4302);
    await occupy(preferred + PG_PORT_OFFSET);
    expect(await freePort(preferred)).not.toBe(preferred);
  });
});
