/*
 * Build-time configuration of the HTTP client. Vite inlines `import.meta.env.VITE_*` when it builds the PWA,
 * so changing one of these means rebuilding. Every value is optional; the defaults run on a laptop.
 *
 * | Variable                    | Default      | Meaning                                                                 |
 * |-----------------------------|--------------|-------------------------------------------------------------------------|
 * | VITE_API_BASE_URL           | '' (origin)  | Origin every service is served from, e.g. https://api.example.com       |
 * | VITE_USER_BASE_URL          | API base     | Origin of the user service (its prefix /api/user is appended)           |
 * | VITE_COMMERCE_BASE_URL      | API base     | Origin of the commerce service (/api/commerce)                          |
 * | VITE_INVOICING_BASE_URL     | API base     | Origin of the invoicing service (/api/invoicing)                        |
 * | VITE_FORMS_BASE_URL         | API base     | Origin of the forms service (/api/forms)                                |
 * | VITE_ASSOCIATES_BASE_URL    | API base     | Origin of the associates service (/api/associates)                      |
 * | VITE_MARKETING_BASE_URL     | API base     | Origin of the marketing (analytics) service (/api/marketing), spec §7   |
 * | VITE_POSTAL_BASE_URL        | API base     | Origin of the postal lookup service (/api/postal)                       |
 * | VITE_MAINTENANCE_BASE_URL   | API base     | Origin of the maintenance status service (/api/maintenance)             |
 * | VITE_API_TIMEOUT_MS         | 30000        | Per-request timeout in ms; a call that takes longer is a timeout error  |
 * | VITE_MAINTENANCE_MODE       | 'false'      | 'true' starts the PWA on the maintenance screen (src/features/maintenance) |
 *
 * A per-service override is an origin (or origin plus a path the service sits under); the service prefix is
 * always appended, so the same server layout works behind one host or several.
 */

export const SERVICES = [
  'user',
  'commerce',
  'invoicing',
  'forms',
  'associates',
  'marketing',
  'postal',
  'maintenance',
] as const;
export type Service = (typeof SERVICES)[number];

/** Service prefixes of DESIGN.md §2; the server mounts each module under one of these. */
export const SERVICE_PREFIX: Record<Service, string> = {
  user: '/api/user',
  commerce: '/api/commerce',
  invoicing: '/api/invoicing',
  forms: '/api/forms',
  associates: '/api/associates',
  marketing: '/api/marketing',
  postal: '/api/postal',
  maintenance: '/api/maintenance',
};

export const DEFAULT_TIMEOUT_MS = 30_000;

export interface ApiConfig {
  /** Full base URL per service: origin + prefix, no trailing slash ('' origin = same origin). */
  baseUrls: Record<Service, string>;
  /** Each service's origin without its prefix ('' = same origin): files served beside the API sit there. */
  origins: Record<Service, string>;
  timeoutMs: number;
  /** How requests are sent: the platform's fetch, or the server's in-process one when it renders a page. */
  fetch?: typeof fetch;
}

type Env = Record<string, unknown>;

/** An origin variable, trimmed and without trailing slashes ('' when unset: the same origin). */
function origin(value: unknown): string {
  return typeof value === 'string' ? value.trim().replace(/\/+$/, '') : '';
}

function positiveInteger(value: unknown): number | undefined {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

/**
 * Reads the build-time variables (plain code, not a schema: this runs on every page's first load); a malformed
 * timeout falls back to the default rather than breaking boot.
 */
export function resolveApiConfig(env: Env = import.meta.env): ApiConfig {
  const base = origin(env.VITE_API_BASE_URL);
  const origins = Object.fromEntries(
    SERVICES.map((service) => [service, origin(env[`VITE_${service.toUpperCase()}_BASE_URL`]) || base]),
  ) as Record<Service, string>;
  const baseUrls = Object.fromEntries(
    SERVICES.map((service) => [service, `${origins[service]}${SERVICE_PREFIX[service]}`]),
  ) as Record<Service, string>;
  return { baseUrls, origins, timeoutMs: positiveInteger(env.VITE_API_TIMEOUT_MS) ?? DEFAULT_TIMEOUT_MS };
}

let current: ApiConfig | undefined;

/** The configuration in effect (resolved once from the build-time env). */
export function getApiConfig(): ApiConfig {
  current ??= resolveApiConfig();
  return current;
}

/** Replaces the configuration, e.g. in tests; pass nothing to re-read the env. */
export function setApiConfig(config?: ApiConfig): void {
  current = config;
}

export type QueryValue = string | number | boolean | null | undefined;

/** Joins a service's base URL with a path ("/profile/v1/" or "profile/v1/") and an optional query. */
export function serviceUrl(
  service: Service,
  path: string,
  query?: Record<string, QueryValue | readonly QueryValue[]>,
  config: ApiConfig = getApiConfig(),
): string {
  const url = `${config.baseUrls[service]}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}
