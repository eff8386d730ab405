import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import type { Executor } from '../db/client';
import { hitRateLimit, type RateLimitRule } from '../db/rate-limit';
import { HttpError } from '../errors';

/** 429 in spec §8's body, with the wait in time_in_seconds and Retry-After (as the sign-in code limits answer). */
export function tooManyRequests(message: string, seconds: number, field?: string): HttpError {
  return new HttpError(
    429,
    message,
    { time_in_seconds: seconds, response: message, ...(field === undefined ? {} : { field }) },
    { headers: { 'retry-after': String(seconds) } },
  );
}

/**
 * The client a limit counts against: an IPv4 address, or an IPv6 address's /64 (one subscriber's network, whose
 * addresses its owner can rotate at will). IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${address.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

/**
 * The network a client's address sits in: an IPv4 /24 or an IPv6 /48 (one site's allocation), so one operator
 * spreading requests over many of its addresses still meets one limit. IPv4-mapped addresses count as IPv4.
 */
export function networkKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return `${address.toString().split('.').slice(0, 3).join('.')}.0/24`;
  return `${address.toNormalizedString().split(':').slice(0, 3).join(':')}::/48`;
}

export interface ClientLimit {
  /** Names the counter: `<name>:ip:<client>`. */
  name: string;
  limit: number;
  windowSeconds: number;
  message: string;
}

/**
 * A hook that counts each request against its client's limit in the database and refuses the ones over it with
 * 429. As an onRequest hook it refuses before the body is read.
 */
export function limitPerClient(deps: { db: Executor; now: () => Date }, rule: ClientLimit) {
  return async (request: FastifyRequest): Promise<void> => {
    const limit: RateLimitRule = {
      key: `${rule.name}:ip:${clientKey(request.ip)}`,
      limit: rule.limit,
      windowSeconds: rule.windowSeconds,
    };
    const hit = await hitRateLimit(deps.db, limit, deps.now());
    if (!hit.allowed) throw tooManyRequests(rule.message, hit.retryAfterSeconds);
  };
}

/** A hook that counts each request against one limit shared by every client (a cap on what they may store). */
export function limitOverall(deps: { db: Executor; now: () => Date }, rule: ClientLimit) {
  return async (): Promise<void> => {
    const hit = await hitRateLimit(
      deps.db,
      { key: `${rule.name}:all`, limit: rule.limit, windowSeconds: rule.windowSeconds },
      deps.now(),
    );
    if (!hit.allowed) throw tooManyRequests(rule.message, hit.retryAfterSeconds);
  };
}
