import { describe, expect, it } from 'vitest';
import { PRINTJOB_STATUSES, type TPrintjobStatus } from '../schemas/printing';
import { createTranslator } from '../i18n/translate';
import { transitionPrintjob, type TPrintjobEvent } from './lifecycle';

const EVENTS: TPrintjobEvent[] = [
  'schedule',
  'mark_printed',
  'mark_failed',
  'reset',
  'cancel',
  'archive',
];

// Every (state, event) pair, with the expected next state or refusal.
const TABLE: Record<TPrintjobStatus, Record<TPrintjobEvent, string>> = {
  created: {
    schedule: 'scheduled',
    mark_printed: '!invalid_state',
    mark_failed: '!invalid_state',
    reset: '!not_failed',
    cancel: '!invalid_state',
    archive: '!invalid_state',
  },
  scheduled: {
    schedule: '!not_created',
    mark_printed: 'printed',
    mark_failed: 'failed',
    reset: '!not_failed',
    cancel: 'created',
    archive: '!invalid_state',
  },
  printed: {
    schedule: '!not_created',
    mark_printed: '!invalid_state',
    mark_failed: '!invalid_state',
    reset: '!not_failed',
    cancel: '!invalid_state',
    archive: 'archived',
  },
  failed: {
    schedule: '!not_created',
    mark_printed: 'printed',
    mark_failed: '!invalid_state',
    reset: 'created',
    cancel: '!invalid_state',
    archive: 'archived',
  },
  archived: {
    schedule: '!not_created',
    mark_printed: '!invalid_state',
    mark_failed: '!invalid_state',
    reset: '!archived',
    cancel: '!invalid_state',
    archive: '!invalid_state',
  },
};

describe('print job lifecycle', () => {
  for (const from of PRINTJOB_STATUSES) {
    for (const event of EVENTS) {
      const expected = TABLE[from][event];
      it(`${from} + ${event} → ${expected}`, () => {
        const result = transitionPrintjob(from, event);
        if (expected.startsWith('!'))
          expect(result).toEqual({ ok: false, from, error: expected.slice(1) });
        else expect(result).toEqual({ ok: true, from, to: expected });
      });
    }
  }

  it('refuses with the spec’s messages', () => {
    const t = createTranslator('en');
    const message = (from: TPrintjobStatus, event: TPrintjobEvent) => {
      const r = transitionPrintjob(from, event);
      return r.ok ? '' : t(`printjobs.errors.${r.error}`);
    };
    expect(message('scheduled', 'schedule')).toBe('Printjob is not in created status');
    expect(message('printed', 'reset')).toBe('Printjob is not marked as failed');
    expect(message('archived', 'reset')).toBe('Cannot reset archived printjob');
    expect(message('archived', 'mark_failed')).toBe('Invalid printjob state');
  });
});
