import { describe, expect, it } from 'vitest';
import type { PrinterCapabilities } from '../src/ipp/capabilities.js';
import { mediaSize } from '../src/print/impose.js';
import { chooseResolution, planPrint } from '../src/print/plan.js';

const raster: PrinterCapabilities = {
  documentFormats: ['application/octet-stream', 'image/pwg-raster', 'image/urf'],
  pwgResolutions: [300, 600],
  pwgTypes: ['black_1', 'sgray_8', 'srgb_8'],
  pwgSheetBack: 'normal',
  colorModes: ['auto', 'color', 'monochrome'],
  sides: ['one-sided', 'two-sided-long-edge', 'two-sided-short-edge'],
  maxNumberUp: 1,
  maxCopies: 1,
  mediaDefault: 'iso_a4_210x297mm',
  urf: null,
};
const job = { colorMode: 'color', sides: 'one-sided', copies: 1 } as const;

describe('choosing what to send', () => {
  it('sends PDF whenever the printer takes it', () => {
    expect(
      planPrint({ ...raster, documentFormats: ['application/pdf', 'image/pwg-raster'] }, job),
    ).toEqual({ format: 'pdf' });
  });

  it('renders at 300 dpi or the closest supported resolution', () => {
    expect(chooseResolution([600, 300, 1200])).toBe(300);
    expect(chooseResolution([600, 1200])).toBe(600);
    expect(chooseResolution([150, 600])).toBe(150);
    expect(chooseResolution([200, 400])).toBe(200);
    expect(chooseResolution([])).toBeNull();
  });

  it('picks the colour space from the job and what the printer supports', () => {
    expect(planPrint(raster, job)).toMatchObject({ colorSpace: 'srgb_8', colorMode: 'color' });
    expect(planPrint(raster, { ...job, colorMode: 'monochrome' })).toMatchObject({
      colorSpace: 'sgray_8',
      colorMode: 'monochrome',
    });
    const mono = { ...raster, pwgTypes: ['black_1', 'sgray_8'], colorModes: ['monochrome'] };
    expect(planPrint(mono, job)).toMatchObject({ colorSpace: 'sgray_8', colorMode: 'monochrome' });
  });

  it('turns back sides as the printer asks, and renders copies it cannot make', () => {
    const duplex = { ...job, sides: 'two-sided-long-edge', copies: 2 } as const;
    expect(planPrint({ ...raster, pwgSheetBack: 'rotated' }, duplex)).toMatchObject({
      backSide: 'rotated',
      printerCopies: false,
    });
    expect(planPrint({ ...raster, pwgSheetBack: 'flipped', maxCopies: 99 }, duplex)).toMatchObject({
      backSide: 'flipped-y',
      printerCopies: true,
    });
    // A printer without duplex prints one-sided rather than refusing the job.
    expect(planPrint({ ...raster, sides: ['one-sided'] }, duplex)).toMatchObject({
      sides: 'one-sided',
      backSide: 'normal',
    });
  });

  it('falls back to Apple raster (URF) for AirPrint printers without PWG raster', () => {
    const airprint = {
      ...raster,
      documentFormats: ['image/urf', 'image/jpeg'],
      urf: { resolutions: [600], types: ['sgray_8'], sheetBack: 'rotated' },
    };
    expect(planPrint(airprint, { ...job, sides: 'two-sided-long-edge' })).toMatchObject({
      format: 'urf',
      dpi: 600,
      colorSpace: 'sgray_8',
      backSide: 'rotated',
    });
  });

  it('says why when the printer takes none of PDF, PWG raster or URF', () => {
    const plan = planPrint({ ...raster, documentFormats: ['image/jpeg'] }, job);
    expect(plan).toEqual({
      format: 'unsupported',
      reason:
        'the printer accepts none of PDF, PWG raster or Apple raster (URF) (it offers image/jpeg)',
    });
  });

  it('says so when the PWG raster offered is not one the agent renders', () => {
    const plan = planPrint(
      { ...raster, documentFormats: ['image/pwg-raster'], pwgTypes: ['black_1'] },
      job,
    );
    expect(plan).toEqual({
      format: 'unsupported',
      reason:
        "the printer's PWG raster offers neither sgray_8 nor srgb_8 at a usable resolution (types: black_1; dpi: 300, 600)",
    });
  });

  it('reads sheet sizes from PWG media names', () => {
    expect(mediaSize('na_letter_8.5x11in')).toEqual({ width: 612, height: 792 });
    expect(mediaSize('iso_a4_210x297mm').width).toBeCloseTo(595.28, 1);
    expect(mediaSize('custom_max')).toEqual({ width: 595.28, height: 841.89 });
  });
});
