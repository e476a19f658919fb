import { execFile } from 'node:child_process';
import type { PwgColorSpace } from './plan.js';

/** CUPS colour space numbers (cups/raster.h) for Ghostscript's pwgraster device. */
const CUPS_COLOR_SPACE: Record<PwgColorSpace, number> = { sgray_8: 18, srgb_8: 19 };

export interface RasterOptions {
  input: string;
  output: string;
  dpi: number;
  colorSpace: PwgColorSpace;
  /** The media keyword written into each page header (PWG PageSizeName). */
  media: string | null;
  sides: 'one-sided' | 'two-sided-long-edge' | 'two-sided-short-edge';
  timeoutMs: number;
}

/** Ghostscript could not render the document (or is missing): printing it cannot succeed. */
export class RenderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RenderError';
  }
}

/**
 * Renders a PDF to PWG Raster with Ghostscript: -dSAFER (no file access beyond its arguments),
 * killed after `timeoutMs`, its chatter capped. Pages keep the PDF's page size, which the layout
 * made the printer's media.
 */
export function rasterise(options: RasterOptions): Promise<void> {
  const args = [
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-dQUIET',
    '-sDEVICE=pwgraster',
    `-r${options.dpi}`,
    `-dcupsColorSpace=${CUPS_COLOR_SPACE[options.colorSpace]}`,
    '-dcupsBitsPerColor=8',
    ...(options.media ? [`-scupsPageSizeName=${options.media}`] : []),
    ...(options.sides === 'one-sided' ? [] : ['-dDuplex=true']),
    ...(options.sides === 'two-sided-short-edge' ? ['-dTumble=true'] : []),
    `-sOutputFile=${options.output}`,
    // An absolute path from mkdtemp: never read as an option.
    options.input,
  ];
  return new Promise((resolve, reject) => {
    execFile(
      'gs',
      args,
      { timeout: options.timeoutMs, killSignal: 'SIGKILL', maxBuffer: 256 * 1024 },
      (err, _stdout, stderr) => {
        if (!err) return resolve();
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT')
          return reject(new RenderError('Ghostscript (gs) is not installed', { cause: err }));
        if (err.killed) return reject(new RenderError('rendering took too long', { cause: err }));
        const detail = String(stderr).trim().split('\n').slice(-3).join(' ').slice(0, 300);
        reject(new RenderError(`Ghostscript failed${detail ? `: ${detail}` : ''}`, { cause: err }));
      },
    );
  });
}

/** Ghostscript's version, or null when it is not installed (or does not run). */
export function ghostscriptVersion(): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('gs', ['--version'], { timeout: 10_000 }, (err, stdout) =>
      resolve(err ? null : String(stdout).trim()),
    );
  });
}
