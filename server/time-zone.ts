import type { FastifyRequest } from 'fastify';

/** The shop's zone (spec §9), and the zone of a request that names none. */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

const known = new Map<string, boolean>();

function isTimeZone(zone: string): boolean {
  let ok = known.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    if (known.size < 1000) known.set(zone, ok);
  }
  return ok;
}

/** The request's IANA zone from x-tz (spec §7); the shop's own when absent or not a zone this runtime knows. */
export function requestTimeZone(request: Pick<FastifyRequest, 'headers'>): string {
  const header = request.headers['x-tz'];
  const zone = (Array.isArray(header) ? header[0] : header)?.trim();
  return zone && zone.length <= 64 && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}
