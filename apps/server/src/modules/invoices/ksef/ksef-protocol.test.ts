import { describe, expect, it } from 'vitest';
import { challengeMillis } from './ksef-crypto';
import { describeProblem, parseRetryAfter } from './ksef-http';
import { sellerNipOf, xmlWellFormedProblem } from './ksef-sandbox';

describe('KSeF protocol details', () => {
  it('reads Retry-After as seconds or as an HTTP date, capped at an hour', () => {
    const now = Date.parse('2026-02-01T10:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter('Sun, 01 Feb 2026 10:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter('86400', now)).toBe(3_600);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it("takes the challenge's timestampMs, else its timestamp cut to milliseconds (7 digits given)", () => {
    expect(challengeMillis({ timestamp: 'x', timestampMs: 1752236636015 })).toBe(1752236636015);
    expect(challengeMillis({ timestamp: '2025-07-11T12:23:56.0154302+00:00' })).toBe(1752236636015);
  });

  it("lists KSeF's exception codes, descriptions and details for people", () => {
    expect(
      describeProblem({
        exception: {
          exceptionDetailList: [
            { exceptionCode: 21405, exceptionDescription: 'Błąd walidacji', details: ['formCode'] },
            { exceptionCode: 21403, exceptionDescription: 'Nieprawidłowy skrót', details: null },
          ],
        },
      }),
    ).toEqual({
      reason: '21405 Błąd walidacji: formCode; 21403 Nieprawidłowy skrót',
      codes: [21405, 21403],
    });
    expect(
      describeProblem({
        status: { code: 429, description: 'Too Many Requests', details: ['30 s'] },
      }),
    ).toEqual({ reason: '429 Too Many Requests: 30 s', codes: [429] });
    expect(describeProblem(undefined).reason).toBe('no details given');
  });

  it('the sandbox checks that the XML nests and names the seller', () => {
    const xml =
      '<?xml version="1.0"?><f:Faktura xmlns:f="urn:x"><f:Podmiot1><f:DaneIdentyfikacyjne>' +
      '<f:NIP>9999999999</f:NIP></f:DaneIdentyfikacyjne></f:Podmiot1><f:Podmiot2><f:NIP>1111111111</f:NIP>' +
      '</f:Podmiot2><!-- <x> --><a b="1"/></f:Faktura>';
    expect(xmlWellFormedProblem(xml)).toBeNull();
    expect(sellerNipOf(xml)).toBe('9999999999');
    expect(xmlWellFormedProblem('<a><b></a></b>')).toContain('does not close');
    expect(xmlWellFormedProblem('<a></a><b></b>')).toContain('one root');
    expect(xmlWellFormedProblem('<a><b></a>')).not.toBeNull();
    expect(xmlWellFormedProblem('<a>< b</a>')).toContain('not well formed');
  });
});
