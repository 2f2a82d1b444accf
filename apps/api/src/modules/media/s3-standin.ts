// A local stand-in for S3 (decision 0076), for development and tests only: a real HTTP peer the
// AWS SDK talks to, so STORAGE=s3 is exercised without a cloud account. One bucket, objects in
// memory, path-style addresses (/<bucket>/<key>). It speaks the part of the protocol Crema uses:
// PutObject, GetObject (with Range), HeadObject, DeleteObject and ListObjectsV2, and checks each
// request's SigV4 signature (access key, scope and signature) as S3 does. Production never starts
// it: nothing in the app imports it, and run directly it refuses NODE_ENV=production.
//
//   npx tsx apps/api/src/modules/media/s3-standin.ts   (prints the settings to put in .env)
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export interface S3StandinOptions {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  port?: number;
  host?: string;
}

interface StoredObject {
  data: Buffer;
  contentType: string;
  modified: Date;
  etag: string;
}

export interface S3Standin {
  /** The S3_ENDPOINT to give the app (http://127.0.0.1:<port>). */
  readonly url: string;
  /** The bucket's objects by key (tests look inside). */
  readonly objects: Map<string, StoredObject>;
  /** Requests refused for their signature or key, so far. */
  readonly refused: number;
  close(): Promise<void>;
}

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

/** Starts the stand-in on a free port (or `port`) of 127.0.0.1. */
export async function startS3Standin(options: S3StandinOptions): Promise<S3Standin> {
  const objects = new Map<string, StoredObject>();
  let refused = 0;

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendError(response, 500, 'InternalError', String(error));
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://standin');
    const rawPath = (request.url ?? '/').split('?')[0]!;

    const denied = checkSignature(request, rawPath, url, body, options);
    if (denied) {
      refused++;
      return sendError(response, 403, denied.code, denied.message);
    }

    const [, bucket = '', ...rest] = rawPath.split('/');
    if (decodeURIComponent(bucket) !== options.bucket) return sendError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = rest.map((segment) => decodeURIComponent(segment)).join('/');
    const method = request.method ?? 'GET';

    if (key === '') {
      if (method === 'GET' && url.searchParams.get('list-type') === '2') return list(url, response);
      return sendError(response, 405, 'MethodNotAllowed', 'Only ListObjectsV2 is supported on the bucket');
    }
    if (method === 'PUT') {
      const data = decodePayload(request, body);
      const etag = `"${createHash('md5').update(data).digest('hex')}"`;
      // S3 dates have second precision.
      const modified = new Date(Math.floor(Date.now() / 1000) * 1000);
      objects.set(key, { data, contentType: header(request, 'content-type') ?? 'binary/octet-stream', modified, etag });
      response.writeHead(200, { etag }).end();
      return;
    }
    if (method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204).end();
      return;
    }
    if (method === 'GET' || method === 'HEAD') {
      const object = objects.get(key);
      if (!object) {
        if (method === 'HEAD') return void response.writeHead(404).end();
        return sendError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
      }
      const headers = {
        'content-type': object.contentType,
        'last-modified': object.modified.toUTCString(),
        etag: object.etag,
        'accept-ranges': 'bytes',
      };
      const size = object.data.length;
      const range = method === 'GET' ? parseRange(header(request, 'range'), size) : null;
      if (range === 'unsatisfiable') return sendError(response, 416, 'InvalidRange', 'The requested range is not satisfiable');
      if (range) {
        const [start, end] = range;
        response.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': end - start + 1 });
        return void response.end(object.data.subarray(start, end + 1));
      }
      response.writeHead(200, { ...headers, 'content-length': size });
      return void response.end(method === 'HEAD' ? undefined : object.data);
    }
    return sendError(response, 405, 'MethodNotAllowed', 'The specified method is not allowed');
  }

  function list(url: URL, response: ServerResponse) {
    const prefix = url.searchParams.get('prefix') ?? '';
    const maxKeys = Math.min(1000, Math.max(1, Number(url.searchParams.get('max-keys') ?? 1000) || 1000));
    const token = url.searchParams.get('continuation-token');
    const after = token ? Buffer.from(token, 'base64url').toString('utf8') : (url.searchParams.get('start-after') ?? '');
    const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const xml =
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Name>${escapeXml(options.bucket)}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
      `<MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
      (truncated ? `<NextContinuationToken>${Buffer.from(page.at(-1)!, 'utf8').toString('base64url')}</NextContinuationToken>` : '') +
      page
        .map((key) => {
          const object = objects.get(key)!;
          return (
            `<Contents><Key>${escapeXml(key)}</Key><LastModified>${object.modified.toISOString()}</LastModified>` +
            `<ETag>${escapeXml(object.etag)}</ETag><Size>${object.data.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
          );
        })
        .join('') +
      `</ListBucketResult>`;
    response.writeHead(200, { 'content-type': 'application/xml' }).end(xml);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address}:${address.port}`,
    objects,
    get refused() {
      return refused;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sendError(response: ServerResponse, status: number, code: string, message: string) {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`;
  response.writeHead(status, { 'content-type': 'application/xml' }).end(xml);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** RFC 3986 encoding, as SigV4 canonical query strings use. */
function escapeUri(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** Null if the request is signed with the stand-in's key; otherwise S3's error code for it. */
function checkSignature(
  request: IncomingMessage,
  rawPath: string,
  url: URL,
  body: Buffer,
  options: S3StandinOptions,
): { code: string; message: string } | null {
  const authorization = header(request, 'authorization') ?? '';
  const m = /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
    authorization.trim(),
  );
  if (!m) return { code: 'AccessDenied', message: 'A SigV4 Authorization header is required' };
  const [, accessKeyId, date, region, signedHeaders, signature] = m as unknown as string[];
  if (accessKeyId !== options.accessKeyId) {
    return { code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  }
  const amzDate = header(request, 'x-amz-date') ?? '';
  const payloadHash = header(request, 'x-amz-content-sha256') ?? '';
  if (!amzDate.startsWith(date!) || !payloadHash) return { code: 'AccessDenied', message: 'x-amz-date and x-amz-content-sha256 are required' };

  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [escapeUri(k), escapeUri(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders!.split(';');
  const canonicalHeaders = names.map((name) => `${name}:${(header(request, name) ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [request.method, rawPath, query, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, date!), region!), 's3'), 'aws4_request');
  const expected = Buffer.from(hmac(key, toSign).toString('hex'));
  if (!timingSafeEqual(expected, Buffer.from(signature!))) {
    return { code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided.' };
  }
  // A signed payload hash must be the body's.
  if (/^[0-9a-f]{64}$/.test(payloadHash)) {
    const actual = body.length === 0 ? EMPTY_SHA256 : createHash('sha256').update(body).digest('hex');
    if (actual !== payloadHash) return { code: 'XAmzContentSHA256Mismatch', message: 'The provided x-amz-content-sha256 header does not match the body.' };
  }
  return null;
}

/** The object's bytes: the body as sent, or decoded from aws-chunked framing. */
function decodePayload(request: IncomingMessage, body: Buffer): Buffer {
  const encoding = header(request, 'content-encoding') ?? '';
  const hash = header(request, 'x-amz-content-sha256') ?? '';
  if (!encoding.includes('aws-chunked') && !hash.startsWith('STREAMING-')) return body;
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** One `bytes=` range as [start, end] inclusive; null to send it all. */
function parseRange(value: string | undefined, size: number): [number, number] | 'unsatisfiable' | null {
  const m = value ? /^bytes=(\d*)-(\d*)$/.exec(value.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start >= size || start > end ? 'unsatisfiable' : [start, end];
}

// Run directly: a stand-in for development, with the settings to use.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.env.NODE_ENV === 'production') {
    console.error('Заглушка S3 только для разработки и тестов: в production укажите настоящее хранилище (S3_ENDPOINT).');
    process.exit(1);
  }
  const settings = {
    bucket: process.env.S3_BUCKET ?? 'crema-dev',
    accessKeyId: process.env.S3_ACCESS_KEY_ID ?? 'crema-dev-key',
    secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? 'crema-dev-secret',
    port: Number(process.env.S3_STANDIN_PORT ?? 9000),
  };
  const standin = await startS3Standin(settings);
  process.stdout.write(
    `Заглушка S3 слушает ${standin.url} (файлы только в памяти). Настройки для .env:\n` +
      `STORAGE=s3\nS3_ENDPOINT=${standin.url}\nS3_FORCE_PATH_STYLE=true\nS3_BUCKET=${settings.bucket}\n` +
      `S3_ACCESS_KEY_ID=${settings.accessKeyId}\nS3_SECRET_ACCESS_KEY=${settings.secretAccessKey}\n`,
  );
}
