import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';

/** 127.0.0.0/8, ::1, or either written as an IPv4-mapped IPv6 address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (isIP(ip) === 4) return ip.startsWith('127.');
  return ip === '::1' || ip === '0:0:0:0:0:0:0:1';
}

/**
 * True for a request made on this machine: the client address is loopback, and no forwarding
 * header names anyone else (a reverse proxy on the same machine, not listed in TRUST_PROXY, would
 * otherwise make every visitor look local).
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.ip)) return false;
  if (request.headers.forwarded !== undefined) return false;
  const forwardedFor = request.headers['x-forwarded-for'];
  if (forwardedFor === undefined) return true;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',').map((s) => s.trim());
  return hops.every((hop) => isLoopbackAddress(hop));
}

/**
 * onRequest hook for tools that must only answer the developer's own machine (the /dev/ mailbox
 * and sign-in stand-ins): anyone else gets the same 404 as for a path that does not exist.
 */
export async function localOnly(request: FastifyRequest): Promise<void> {
  if (!isLocalRequest(request)) throw ApiError.notFound();
}
