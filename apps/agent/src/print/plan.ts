import type { PrinterCapabilities } from '../ipp/capabilities.js';
import type { ColorMode, Sides } from '../ipp/ipp-client.js';

export const PDF = 'application/pdf';
export const PWG_RASTER = 'image/pwg-raster';
export const URF = 'image/urf';

/** The resolution rendered when the printer offers it: sharp text, rasters of sane size. */
const PREFERRED_DPI = 300;

export type PwgColorSpace = 'sgray_8' | 'srgb_8';
/** How back sides of a duplex raster are turned: by 180°, or mirrored across the x / y axis. */
export type BackSide = 'normal' | 'rotated' | 'flipped-x' | 'flipped-y';

/** How one job goes to one printer. */
export type PrintPlan =
  | { format: 'pdf' }
  | {
      /** PWG raster, or Apple raster (URF: the same pixels and compression, other headers). */
      format: 'pwg-raster' | 'urf';
      dpi: number;
      colorSpace: PwgColorSpace;
      /** The print-color-mode sent with the raster (what it really is). */
      colorMode: ColorMode;
      sides: Sides;
      /** How back sides are turned for the printer (PWG 5100.14 sheet-back, URF DM1-DM4). */
      backSide: BackSide;
      /** Copies the printer makes; the rest are rendered into the raster. */
      printerCopies: boolean;
    }
  /** The printer takes none of the formats the agent can send: the job fails with this reason. */
  | { format: 'unsupported'; reason: string };

export interface PlanInput {
  colorMode: ColorMode;
  sides: Sides;
  copies: number;
}

/** The supported resolution closest to 300 dpi (the lower one on a tie: smaller rasters). */
export function chooseResolution(supported: readonly number[]): number | null {
  let best: number | null = null;
  for (const dpi of supported) {
    const distance = Math.abs(dpi - PREFERRED_DPI);
    const bestDistance = best === null ? Infinity : Math.abs(best - PREFERRED_DPI);
    if (distance < bestDistance || (distance === bestDistance && best !== null && dpi < best))
      best = dpi;
  }
  return best;
}

/**
 * Back sides of a duplex raster as the printer wants them (cupsRasterInitPWGHeader): "rotated"
 * turns long-edge backs by 180°, "manual-tumble" short-edge backs, "flipped" mirrors them.
 */
function backSideOf(sheetBack: string | null, sides: Sides): BackSide {
  if (sides === 'one-sided') return 'normal';
  const tumble = sides === 'two-sided-short-edge';
  switch (sheetBack) {
    case 'rotated':
      return tumble ? 'normal' : 'rotated';
    case 'manual-tumble':
      return tumble ? 'rotated' : 'normal';
    case 'flipped':
      return tumble ? 'flipped-x' : 'flipped-y';
    case null:
    default:
      return 'normal';
  }
}

/** A raster plan from what the printer says of one raster format; null when it is unusable. */
function rasterPlan(
  format: 'pwg-raster' | 'urf',
  raster: { resolutions: number[]; types: string[]; sheetBack: string | null },
  caps: PrinterCapabilities,
  job: PlanInput,
): PrintPlan | null {
  const dpi = chooseResolution(raster.resolutions);
  const canGray = raster.types.includes('sgray_8');
  const canRgb = raster.types.includes('srgb_8');
  if (dpi === null || !(canGray || canRgb)) return null;
  const color = job.colorMode === 'color' && canRgb && caps.colorModes.includes('color');
  const sides =
    job.sides === 'one-sided' || caps.sides.includes(job.sides) ? job.sides : 'one-sided';
  return {
    format,
    dpi,
    // A grey page on a colour-only raster printer is still grey: it is rendered in sRGB.
    colorSpace: color || !canGray ? 'srgb_8' : 'sgray_8',
    colorMode: color ? 'color' : 'monochrome',
    sides,
    backSide: backSideOf(raster.sheetBack, sides),
    printerCopies: caps.maxCopies >= job.copies,
  };
}

/**
 * PDF when the printer takes it (its own layout, number-up and copies apply as today); else PWG
 * raster, the format every IPP Everywhere printer must accept, or else Apple raster (URF, what
 * AirPrint printers take), at the resolution closest to 300 dpi, in grey for greyscale jobs or
 * printers without colour, else in sRGB.
 */
export function planPrint(caps: PrinterCapabilities, job: PlanInput): PrintPlan {
  if (caps.documentFormats.includes(PDF)) return { format: 'pdf' };
  const pwg = caps.documentFormats.includes(PWG_RASTER)
    ? rasterPlan(
        'pwg-raster',
        { resolutions: caps.pwgResolutions, types: caps.pwgTypes, sheetBack: caps.pwgSheetBack },
        caps,
        job,
      )
    : null;
  if (pwg) return pwg;
  const urf =
    caps.documentFormats.includes(URF) && caps.urf ? rasterPlan('urf', caps.urf, caps, job) : null;
  if (urf) return urf;
  if (caps.documentFormats.includes(PWG_RASTER)) {
    // PWG raster, but not in 8-bit grey or sRGB, or at no square resolution: nothing we render.
    const types = caps.pwgTypes.join(', ') || 'none';
    const dpis = caps.pwgResolutions.join(', ') || 'none';
    return {
      format: 'unsupported',
      reason:
        `the printer's PWG raster offers neither sgray_8 nor srgb_8 at a usable resolution ` +
        `(types: ${types}; dpi: ${dpis})`,
    };
  }
  const offered = caps.documentFormats.filter((f) => f !== 'application/octet-stream');
  return {
    format: 'unsupported',
    reason:
      `the printer accepts none of PDF, PWG raster or Apple raster (URF) ` +
      `(it offers ${offered.length > 0 ? offered.join(', ') : 'no document format'})`,
  };
}
