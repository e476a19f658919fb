import type { TMessageKey } from '@printomat/shared';
import { hasMessage } from '../../i18n/messages-store';

/** The key itself when the loaded catalogue has it (all three languages do: a test checks). */
export function lookupKnown(key: string): TMessageKey | null {
  return hasMessage(key) ? (key as TMessageKey) : null;
}
