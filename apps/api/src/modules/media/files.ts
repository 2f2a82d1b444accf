// Storage keys, content types and a small file sender (conditional requests, byte ranges) for
// /media/; where the files are kept is storage.ts.
import type { Readable } from 'node:stream';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import { ERROR_TEXTS } from '@crema/contract';

/** Where resized variants are cached: DATA_DIR/cache/images/<key>/<version>-<spec>.webp (per machine). */
export function imageCacheDir(dataDir: string): string {
  return path.join(dataDir, 'cache', 'images');
}

/**
 * Keys under these prefixes are private files (homework answers), served only by their own
 * access-checked route: /media/ answers 404 for them, originals and variants alike.
 */
export const PRIVATE_KEY_PREFIXES = ['homework/'] as const;
export const isPrivateKey = (key: string): boolean => PRIVATE_KEY_PREFIXES.some((prefix) => key.startsWith(prefix));

/** Reserved first URL segment of variant URLs (/media/~/…); no stored key may start with it. */
export const VARIANT_SEGMENT = '~';

// Letters of any script, digits and a few safe marks; no separators, quotes, '%', '\' or controls.
const SEGMENT = /^[\p{L}\p{N}_\-.+()@,= ]+$/u;

/**
 * The storage key if it is a safe relative path (plain segments, no '.', '..' or dotfiles,
 * no backslashes or control characters), otherwise null. Keys are checked before any file
 * system access, so neither '..' nor an absolute path can leave the storage root.
 */
export function safeKey(key: string): string | null {
  if (key.length === 0 || key.length > 500) return null;
  const segments = key.split('/');
  if (segments[0] === VARIANT_SEGMENT) return null;
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment.startsWith('.') || segment.trim() !== segment) return null;
  }
  return key;
}

/** Absolute path of `key` under `root`; null if it would fall outside (belt and braces after safeKey). */
export function pathUnder(root: string, key: string): string | null {
  const full = path.resolve(root, key);
  return full.startsWith(root + path.sep) ? full : null;
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** Content type by file extension; unknown types are downloads (application/octet-stream). */
export function contentTypeOf(key: string): string {
  const ext = path.extname(key).slice(1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}

/** What sendFile needs to know of a file before reading it. */
export interface FileInfo {
  size: number;
  modified: Date;
}

/** A weak validator from size and modification time (what any store can tell cheaply). */
export function fileEtag(info: FileInfo): string {
  return `W/"${info.size.toString(16)}-${Math.floor(info.modified.getTime()).toString(16)}"`;
}

/** Opens the file's bytes (from `range` only, inclusive, if given); null if it is gone meanwhile. */
export type OpenFile = (range?: { start: number; end: number }) => Promise<Readable | null>;

/** Pictures (not SVG, a document of its own), videos and sounds: shown in the page, never able to run script. */
const SHOWN_INLINE = /^(?:image\/(?!svg\+xml)|video\/|audio\/)/;

interface SendOptions {
  contentType: string;
  cacheControl: string;
  etag: string;
  /** Byte ranges (video seeking); variants are small and sent whole. */
  ranges?: boolean;
  /** The name a download is saved under (and an inline file's, should it be saved). */
  filename?: string;
}

/**
 * Streams a file with validators: 304 for a matching If-None-Match / If-Modified-Since, 206
 * for one satisfiable byte range, 416 for an unsatisfiable one. `open` reads it from wherever
 * it is kept (the uploads store, or the variant cache on this machine's disk).
 */
export async function sendFile(request: FastifyRequest, reply: FastifyReply, info: FileInfo, open: OpenFile, options: SendOptions) {
  const lastModified = new Date(Math.floor(info.modified.getTime() / 1000) * 1000);
  void reply.headers({
    'cache-control': options.cacheControl,
    etag: options.etag,
    'last-modified': lastModified.toUTCString(),
    'accept-ranges': options.ranges ? 'bytes' : 'none',
  });
  if (notModified(request, options.etag, lastModified)) return reply.code(304).send();

  void reply.type(options.contentType);
  if (options.contentType === 'image/svg+xml') {
    // An SVG opened directly is a document that could run script on our origin.
    void reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  } else if (!SHOWN_INLINE.test(options.contentType)) {
    // Everything else uploaded (PDFs of 'Сведения' and the legal documents, lesson files, unknown
    // types) is a download, never a document of our origin: a PDF or an HTML-ish file opened in
    // the browser could run script with the visitor's session. Sandboxed too, should a browser
    // show it anyway.
    void reply.headers({
      'content-disposition': options.filename ? contentDisposition(options.filename) : 'attachment',
      'content-security-policy': "default-src 'none'; sandbox",
    });
  } else if (options.filename) {
    void reply.header('content-disposition', contentDisposition(options.filename, { type: 'inline' }));
  }

  const range = options.ranges ? request.headers.range : undefined;
  if (range && ifRangeHolds(request, options.etag, lastModified)) {
    const parsed = parseRange(range, info.size);
    if (parsed === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${info.size}`).send();
    }
    if (parsed) {
      const [start, end] = parsed;
      const body = request.method === 'HEAD' ? null : await open({ start, end });
      if (request.method !== 'HEAD' && !body) return gone(reply);
      void reply.code(206).headers({ 'content-range': `bytes ${start}-${end}/${info.size}`, 'content-length': end - start + 1 });
      return reply.send(body ?? undefined);
    }
  }
  const body = request.method === 'HEAD' ? null : await open();
  if (request.method !== 'HEAD' && !body) return gone(reply);
  void reply.header('content-length', info.size);
  return reply.send(body ?? undefined);
}

/** Removed between the look and the read: the 404 the route gives for a missing file. */
function gone(reply: FastifyReply) {
  for (const name of ['etag', 'last-modified', 'accept-ranges', 'content-disposition', 'content-security-policy']) reply.removeHeader(name);
  return reply.code(404).type('application/json; charset=utf-8').header('cache-control', 'no-cache').send({ detail: ERROR_TEXTS.notFound });
}

function notModified(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const weak = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => weak(tag) === weak(etag));
  }
  const since = request.headers['if-modified-since'];
  return since !== undefined && Date.parse(since) >= lastModified.getTime();
}

function ifRangeHolds(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const ifRange = request.headers['if-range'];
  if (ifRange === undefined) return true;
  if (typeof ifRange !== 'string') return false;
  // Ranges need a strong validator; ours is weak, so only the date form can hold.
  return !ifRange.startsWith('"') && !ifRange.startsWith('W/') && Date.parse(ifRange) >= lastModified.getTime();
}

/** One `bytes=` range as [start, end] inclusive; null to ignore the header (send it all). */
function parseRange(header: string, size: number): [number, number] | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return [start, end];
}
