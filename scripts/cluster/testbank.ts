// The test bank as a service of its own, as the real bank is: its own process, over HTTPS, on its
// own port, sending signed notifications to the school's public address. The cluster test starts
// it; the Crema processes reach it at TBANK_API_URL. Arguments: port, certificate, key.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { TESTBANK_PASSWORD, TESTBANK_TERMINAL_KEY } from '../../apps/api/src/modules/payments/testbank/credentials.ts';
import { testBank } from '../../apps/api/src/modules/payments/testbank/plugin.ts';

export const BANK_PREFIX = '/bank';

const [port = '0', certificate = '', key = ''] = process.argv.slice(2);
const app = Fastify({ logger: false, https: { cert: readFileSync(certificate), key: readFileSync(key) } });
await app.register(testBank, { prefix: BANK_PREFIX, terminalKey: TESTBANK_TERMINAL_KEY, password: TESTBANK_PASSWORD, retryDelaysMs: [500, 1000, 2000, 5000] });
const address = await app.listen({ host: '127.0.0.1', port: Number(port) });
console.log(`bank ${address}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
