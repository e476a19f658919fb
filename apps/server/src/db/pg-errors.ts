/**
 * PostgreSQL error codes the server reacts to, in one place (PGlite raises the same codes).
 * See https://www.postgresql.org/docs/current/errcodes-appendix.html.
 */
export const PG_ERROR = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

export type TPgErrorName = keyof typeof PG_ERROR;

/** A database error as both drivers raise it: `code` plus, for constraints, its name. */
export type TPgError = { code: string; constraint?: string; detail?: string };

/** Whether `error` is a database error with the named code. */
export function isPgError(error: unknown, name: TPgErrorName): error is TPgError {
  return (
    typeof error === 'object' && error !== null && 'code' in error && error.code === PG_ERROR[name]
  );
}

/** The usual case: a unique index refused the row (a concurrent insert won). */
export const isUniqueViolation = (error: unknown): error is TPgError =>
  isPgError(error, 'uniqueViolation');
