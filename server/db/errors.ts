/** PostgreSQL's error fields, whichever driver reported them (Drizzle wraps the driver's error as `cause`). */
function* chain(error: unknown): Generator<{ code?: unknown; constraint?: unknown; detail?: unknown }> {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) yield e as { code?: unknown };
}

/** A unique index said no (PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (const e of chain(error)) if (e.code === '23505') return true;
  return false;
}

/** The statement failed with this SQLSTATE on this constraint. */
export function hasConstraintError(error: unknown, code: string, constraint: string): boolean {
  for (const e of chain(error)) if (e.code === code && e.constraint === constraint) return true;
  return false;
}

/** The DETAIL of the error the statement failed with on this constraint; undefined when it failed otherwise. */
export function constraintErrorDetail(error: unknown, code: string, constraint: string): string | undefined {
  for (const e of chain(error)) {
    if (e.code === code && e.constraint === constraint) return typeof e.detail === 'string' ? e.detail : '';
  }
  return undefined;
}
