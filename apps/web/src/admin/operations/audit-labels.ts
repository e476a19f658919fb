import { lookupMessage, type TMessageKey } from '@printomat/shared';

/** The key itself when the English catalogue has it (all three languages do: a test checks). */
export function lookupKnown(key: string): TMessageKey | null {
  return lookupMessage('en', key) === undefined ? null : (key as TMessageKey);
}
