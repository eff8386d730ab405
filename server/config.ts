import { z } from 'zod';

/** A boolean environment variable: true/false, 1/0, yes/no (case-insensitive). */
const booleanFromEnv = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no']))
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * Every setting the server reads, with its default and a line for the README.
 * The README's configuration table is written from this list.
 */
export const CONFIG_VARIABLES = [
  {
    name: 'PORT',
    default: '8080',
    description: 'TCP port the server listens on (npm run dev: Vite here, API on PORT+1).',
  },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to listen on; 127.0.0.1 keeps it local.' },
  {
    name: 'DATA_DIR',
    default: '.data',
    description:
      'Directory of the embedded PGlite database and the runtime files (operator.token, server.json).',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description: 'PostgreSQL connection string; when unset the embedded PGlite in DATA_DIR is used.',
  },
  { name: 'NODE_ENV', default: 'development', description: 'development, production or test.' },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'pino level: fatal, error, warn, info, debug, trace or silent.',
  },
  { name: 'STATIC_DIR', default: 'dist', description: 'Directory of the built PWA served by the server.' },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description: 'Trust X-Forwarded-* headers (true/false); set when behind a load balancer.',
  },
] as const satisfies readonly { name: string; default: string; description: string }[];

export const configSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(8080)),
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('.data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  STATIC_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('dist')),
  TRUST_PROXY: z.preprocess(emptyToUndefined, booleanFromEnv.default(false)),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the settings; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '?');
      return `${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return parsed.data;
}
