import { z } from 'zod';

// Messages on schemas are catalog keys under `errors.`; the server and the forms translate them.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

/** A required trimmed string: missing, null and blank all say "can't be blank". */
export function zRequiredText(max: number) {
  return z
    .string({ error: 'blank' })
    .trim()
    .min(1, { error: 'blank', abort: true })
    .max(max, { error: 'too_long' });
}

export const zEmail = zRequiredText(EMAIL_MAX_LENGTH)
  .toLowerCase()
  .pipe(z.email({ error: 'invalid' }));

export const zPassword = z
  .string({ error: 'blank' })
  .min(1, { error: 'blank', abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: 'too_short' })
  .max(PASSWORD_MAX_LENGTH, { error: 'too_long' });

/** Any non-empty secret, checked elsewhere (sign-in, old password). */
export const zSecret = z
  .string({ error: 'blank' })
  .min(1, { error: 'blank', abort: true })
  .max(PASSWORD_MAX_LENGTH * 4, { error: 'too_long' });
