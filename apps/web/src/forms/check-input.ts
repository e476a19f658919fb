import { issuesToFieldErrors, type TTranslate } from '@printomat/shared';
import type { ZodType } from 'zod';
import { ApiError } from '../api/client';

/**
 * Checks a form's values with the shared schema the server validates the same request with.
 * A refusal throws the ApiError the server's 422 answer would carry (`errors.validation` on top,
 * the same translated messages per field), so `useSubmit` shows it the same way and nothing is
 * sent. The values go out as typed, not as zod's output: the server parses them itself.
 */
export function checkInput<T>(schema: ZodType<unknown, T>, values: T, t: TTranslate): T {
  const result = schema.safeParse(values);
  if (result.success) return values;
  throw new ApiError(
    422,
    'validation',
    t('errors.validation'),
    issuesToFieldErrors(result.error.issues, t),
  );
}
