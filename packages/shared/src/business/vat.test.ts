import { describe, expect, it } from 'vitest';
import { grossFromNet, splitGross, VAT_RATE_PERCENT, vatOnNet } from './vat';

describe('VAT on a net price (business packages)', () => {
  it('is 23 %', () => expect(VAT_RATE_PERCENT).toBe(23));

  it('rounds half up to the grosz', () => {
    const cases: [net: number, vat: number, gross: number][] = [
      [0, 0, 0],
      [1, 0, 1], // 0.23 gr
      [2, 0, 2], // 0.46 gr
      [3, 1, 4], // 0.69 gr
      [50, 12, 62], // 11.5 gr: half up
      [150, 35, 185], // 34.5 gr: half up
      [250, 58, 308], // 57.5 gr
      [9900, 2277, 12177],
      [34900, 8027, 42927],
      [9999, 2300, 12299], // 2299.77 gr
    ];
    for (const [net, vat, gross] of cases) {
      expect(vatOnNet(net), `VAT on ${net}`).toBe(vat);
      expect(grossFromNet(net), `gross of ${net}`).toBe(gross);
    }
  });

  it('rounds negative amounts (corrections) half away from zero, mirroring positives', () => {
    expect(vatOnNet(-50)).toBe(-12);
    expect(vatOnNet(-150)).toBe(-35);
    expect(Math.abs(vatOnNet(-1))).toBe(0);
    expect(grossFromNet(-34900)).toBe(-42927);
    expect(grossFromNet(-150)).toBe(-185);
  });

  it('takes another rate when asked', () => {
    expect(vatOnNet(150, 8)).toBe(12);
    expect(vatOnNet(50, 5)).toBe(3); // 2.5 gr: half up
  });
});

describe('a gross price split into net and VAT (personal prices)', () => {
  it('rounds the net and leaves the rest as VAT, so they always add up', () => {
    const cases: [gross: number, net: number, vat: number][] = [
      [0, 0, 0],
      [1, 1, 0], // 0.81 gr net
      [2, 2, 0], // 1.63 gr net
      [62, 50, 12],
      [123, 100, 23],
      [4900, 3984, 916], // 3983.74 gr net
      [12177, 9900, 2277],
      [42927, 34900, 8027],
    ];
    for (const [gross, netMinor, vatMinor] of cases)
      expect(splitGross(gross), `split ${gross}`).toEqual({ netMinor, vatMinor });
  });

  it('splits negative amounts symmetrically', () => {
    expect(splitGross(-123)).toEqual({ netMinor: -100, vatMinor: -23 });
    expect(splitGross(-4900)).toEqual({ netMinor: -3984, vatMinor: -916 });
  });

  it('gives back the net of every net price it came from', () => {
    for (let net = 0; net <= 20_000; net += 7)
      expect(splitGross(grossFromNet(net)).netMinor).toBe(net);
  });
});
