import type { IppAttributes, IppValue } from './encoding.js';

/** What the printer says it can print (Get-Printer-Attributes), as far as the agent cares. */
export interface PrinterCapabilities {
  /** MIME types the printer accepts, e.g. application/pdf, image/pwg-raster, image/urf. */
  documentFormats: string[];
  /** PWG raster resolutions in dots per inch (x = y for the ones we can use). */
  pwgResolutions: number[];
  /** PWG raster colour spaces and depths, e.g. sgray_8, srgb_8, black_1. */
  pwgTypes: string[];
  /** How the printer expects back sides of duplex raster pages (normal, flipped, rotated, manual-tumble). */
  pwgSheetBack: string | null;
  colorModes: string[];
  sides: string[];
  /** Largest number-up the printer applies itself (1 when it does not say). */
  maxNumberUp: number;
  /** Largest copies the printer makes itself (raster-only printers often say 1). */
  maxCopies: number;
  /** Default media keyword, e.g. iso_a4_210x297mm. */
  mediaDefault: string | null;
  /** Apple raster (AirPrint), from urf-supported, in the PWG terms above; null when not said. */
  urf: { resolutions: number[]; types: string[]; sheetBack: string | null } | null;
}

export const CAPABILITY_ATTRIBUTES = [
  'document-format-supported',
  'pwg-raster-document-resolution-supported',
  'pwg-raster-document-type-supported',
  'pwg-raster-document-sheet-back',
  'print-color-mode-supported',
  'sides-supported',
  'number-up-supported',
  'copies-supported',
  'media-default',
  'urf-supported',
];

/** urf-supported colour keywords and the PWG raster types with the same pixels. */
const URF_TYPES: Record<string, string> = { W8: 'sgray_8', SRGB24: 'srgb_8' };
/** urf-supported duplex keywords (DM1-DM4) as PWG sheet-back values. */
const URF_SHEET_BACK: Record<string, string> = {
  DM1: 'normal',
  DM2: 'flipped',
  DM3: 'rotated',
  DM4: 'manual-tumble',
};

/** urf-supported, e.g. V1.4,CP1,W8,SRGB24,RS300-600,DM3 (AirPrint). */
function parseUrf(keywords: string[]): PrinterCapabilities['urf'] {
  if (keywords.length === 0) return null;
  const resolutions: number[] = [];
  const types: string[] = [];
  let sheetBack: string | null = null;
  for (const keyword of keywords) {
    if (keyword.startsWith('RS'))
      for (const dpi of keyword.slice(2).split('-').map(Number))
        if (Number.isInteger(dpi) && dpi > 0) resolutions.push(dpi);
    const type = URF_TYPES[keyword];
    if (type) types.push(type);
    sheetBack = URF_SHEET_BACK[keyword] ?? sheetBack;
  }
  return { resolutions, types, sheetBack };
}

const strings = (values: IppValue[] | undefined): string[] =>
  (values ?? []).filter((v): v is string => typeof v === 'string');

/** A resolution value: int32 x, int32 y, int8 units (3 = per inch, 4 = per cm). */
function dpi(value: IppValue): number | null {
  if (!Buffer.isBuffer(value) || value.length !== 9) return null;
  const x = value.readInt32BE(0);
  const y = value.readInt32BE(4);
  const units = value.readInt8(8);
  // Rasters with different x and y resolutions would need anisotropic rendering: not used.
  if (x !== y || x <= 0) return null;
  if (units === 3) return x;
  if (units === 4) return Math.round(x * 2.54);
  return null;
}

/** Upper bound of an integer or rangeOfInteger (int32 lower, int32 upper) attribute. */
function upperBound(values: IppValue[] | undefined, fallback: number): number {
  let max: number | null = null;
  for (const value of values ?? []) {
    const upper =
      typeof value === 'number'
        ? value
        : Buffer.isBuffer(value) && value.length === 8
          ? value.readInt32BE(4)
          : null;
    if (upper !== null) max = Math.max(max ?? upper, upper);
  }
  return max ?? fallback;
}

export function parseCapabilities(attrs: IppAttributes): PrinterCapabilities {
  const sheetBack = strings(attrs['pwg-raster-document-sheet-back'])[0];
  const media = strings(attrs['media-default'])[0];
  return {
    documentFormats: strings(attrs['document-format-supported']).map((f) => f.toLowerCase()),
    pwgResolutions: (attrs['pwg-raster-document-resolution-supported'] ?? [])
      .map(dpi)
      .filter((d): d is number => d !== null),
    pwgTypes: strings(attrs['pwg-raster-document-type-supported']),
    pwgSheetBack: sheetBack ?? null,
    colorModes: strings(attrs['print-color-mode-supported']),
    sides: strings(attrs['sides-supported']),
    maxNumberUp: upperBound(attrs['number-up-supported'], 1),
    maxCopies: upperBound(attrs['copies-supported'], 1),
    mediaDefault: media ?? null,
    urf: parseUrf(strings(attrs['urf-supported'])),
  };
}
