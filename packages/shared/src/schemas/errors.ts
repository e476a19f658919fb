import { z } from 'zod';
import type { TTranslate } from '../i18n/translate';
import type { TMessageKey } from '../i18n/catalog';

/** Every error answer: a message for the person, and per-field messages for forms. */
export const ZErrorResponse = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZOk = z.object({ ok: z.literal(true) });

type TIssueLike = {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  params?: Record<string, unknown>;
};

const KNOWN = new Set([
  'blank',
  'invalid',
  'taken',
  'confirmation',
  'too_short',
  'too_long',
  'wrong_length',
  'not_a_number',
  'not_an_integer',
  'greater_than',
  'less_than',
  'incorrect',
  'invalid_format',
  'close_before_open',
  'wrong_image_format',
  'image_too_small',
  'image_too_large',
]);

/** Turns zod issues (whose messages are catalog keys) into translated messages per field. */
export function issuesToFieldErrors(
  issues: readonly TIssueLike[],
  t: TTranslate,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    const key = KNOWN.has(issue.message) ? issue.message : 'invalid';
    let count = Number(issue.minimum ?? issue.maximum ?? 0);
    // ".min(1)" reads "must be greater than 0", ".max(99)" "must be less than 100".
    if (key === 'greater_than' && issue.minimum !== undefined && issue.inclusive !== false)
      count -= 1;
    if (key === 'less_than' && issue.maximum !== undefined && issue.inclusive !== false) count += 1;
    const attribute = issue.params?.attribute;
    const text = t(`errors.${key}` as TMessageKey, {
      count,
      attribute: typeof attribute === 'string' ? t(`fields.${attribute}` as TMessageKey) : '',
    });
    const list = (out[field] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return out;
}
