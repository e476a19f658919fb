import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PrinterCapabilities } from '../ipp/capabilities.js';
import type { PrintData, PrintJobAttributes } from '../ipp/ipp-client.js';
import { RenderError, rasterise } from './ghostscript.js';
import { layOut } from './impose.js';
import { PDF, PWG_RASTER, URF, planPrint } from './plan.js';
import { pwgToUrf } from './urf.js';

/** The settings of a released job that shape the document (as the server sends them). */
export interface JobSettings {
  sides: 'one-sided' | 'two-sided-long-edge';
  colorMode: 'color' | 'monochrome';
  numberUp: 1 | 2 | 4;
  orientation: 'portrait' | 'landscape' | null;
}

type DocumentAttributes = Omit<PrintJobAttributes, 'jobName' | 'requestingUser'>;

export type PreparedDocument =
  | {
      ok: true;
      data: PrintData;
      attrs: DocumentAttributes;
      /** Removes the rendered files; safe to call more than once. */
      cleanup(): Promise<void>;
    }
  | { ok: false; reason: string };

export interface PrepareOptions {
  /** Longest Ghostscript may take for one document. */
  renderTimeoutMs?: number;
  /** Where the scratch directory is made (default: the system's temporary directory). */
  tmpDir?: string;
}

/**
 * Turns a normalised PDF into what the printer accepts. A PDF printer gets the PDF unchanged with
 * the job's attributes (it lays pages out itself). A raster-only printer gets PWG raster (or
 * URF for AirPrint-only ones): laid out (number-up, orientation, copies it cannot make) on its
 * media, rendered by Ghostscript in a scratch directory that `cleanup` removes. Pages counted
 * and billed stay the PDF's: this only changes what goes over the wire.
 */
export async function prepareDocument(
  pdf: Buffer,
  job: JobSettings,
  copies: number,
  caps: PrinterCapabilities,
  options: PrepareOptions = {},
): Promise<PreparedDocument> {
  const plan = planPrint(caps, { colorMode: job.colorMode, sides: job.sides, copies });
  if (plan.format === 'unsupported') return { ok: false, reason: plan.reason };
  if (plan.format === 'pdf') {
    return {
      ok: true,
      data: pdf,
      attrs: { documentFormat: PDF, copies, ...job },
      cleanup: () => Promise.resolve(),
    };
  }
  const dir = await mkdtemp(path.join(options.tmpDir ?? os.tmpdir(), 'printomat-raster-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    let laidOut: { pdf: Uint8Array; sides: number };
    try {
      laidOut = await layOut(pdf, {
        numberUp: job.numberUp,
        orientation: job.orientation,
        media: caps.mediaDefault,
        copies: plan.printerCopies ? 1 : copies,
        duplex: plan.sides !== 'one-sided',
        backSide: plan.backSide,
      });
    } catch (err) {
      throw new RenderError(
        `the document could not be laid out (${err instanceof Error ? err.message : String(err)})`,
        { cause: err },
      );
    }
    const input = path.join(dir, 'laid-out.pdf');
    const raster = path.join(dir, 'document.pwg');
    await writeFile(input, laidOut.pdf);
    await rasterise({
      input,
      output: raster,
      dpi: plan.dpi,
      colorSpace: plan.colorSpace,
      media: caps.mediaDefault,
      sides: plan.sides,
      timeoutMs: options.renderTimeoutMs ?? 5 * 60_000,
    });
    await rm(input, { force: true });
    let output = raster;
    if (plan.format === 'urf') {
      output = path.join(dir, 'document.urf');
      try {
        await pwgToUrf(raster, output, laidOut.sides);
      } catch (err) {
        throw new RenderError(
          `the raster could not be made URF (${err instanceof Error ? err.message : String(err)})`,
          { cause: err },
        );
      }
      await rm(raster, { force: true });
    }
    return {
      ok: true,
      data: { file: output },
      attrs: {
        documentFormat: plan.format === 'urf' ? URF : PWG_RASTER,
        copies: plan.printerCopies ? copies : 1,
        sides: plan.sides,
        colorMode: plan.colorMode,
        // Already in the raster: the printer must not apply them again.
        numberUp: null,
        orientation: null,
      },
      cleanup,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
