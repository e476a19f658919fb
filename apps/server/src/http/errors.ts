import type { TMessageKey, TMessageValues } from '@printomat/shared';

export type TFieldErrorSpec = { key: string; values?: TMessageValues };

/**
 * An error meant for the person: `messageKey` is translated into their language by the error
 * handler; `logMessage` (optional) is what the logs get.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: TMessageKey,
    readonly values?: TMessageValues,
    readonly fieldErrors?: Record<string, TFieldErrorSpec[]>,
  ) {
    super(code);
  }
}

/** 422 with messages attached to form fields, e.g. `{ email: [{ key: 'taken' }] }`. */
export function fieldError(field: string, key: string, values?: TMessageValues): AppError {
  return new AppError(422, 'validation', 'errors.validation', undefined, {
    [field]: [values ? { key, values } : { key }],
  });
}

export const notFound = () => new AppError(404, 'not_found', 'errors.not_found');
export const unauthorized = () => new AppError(401, 'unauthorized', 'errors.unauthorized');
export const forbidden = () => new AppError(403, 'forbidden', 'errors.forbidden');
