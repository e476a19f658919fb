import fs from 'node:fs/promises';
import path from 'node:path';
import type { TDocumentFailure } from '@printomat/shared';
import type { TSourceType } from '../../../db/schema';
import { ConversionError, type TOfficeConverter } from '../converters/office-converter';
import type { FileStorage } from '../storage';
import { DocumentFailure } from './failure';
import type { PipelinePool } from './worker-pool';

export interface TProcessed {
  sourceType: TSourceType;
  isOffice: boolean;
  pdfKey: string;
  pageCount: number;
  colorPages: number[];
}

export interface TPipelineDeps {
  storage: FileStorage;
  officeConverter: TOfficeConverter;
  /** Worker threads for the CPU-heavy steps; the HTTP event loop only orchestrates. */
  pool: PipelinePool;
  maxPages: number;
  timeoutMs: number;
}

const CONVERSION_FAILURES: Record<string, TDocumentFailure> = {
  timeout: 'too_complex',
  password_protected: 'password_protected',
  corrupt: 'corrupt',
};

/**
 * Turns an uploaded file into the one PDF that will be counted, billed and printed.
 * Throws DocumentFailure for files that cannot be printed; other errors are worth a retry.
 * Every step but the LibreOffice conversion (its own process) runs on a pipeline worker thread.
 * The tools work on local files: the upload as storage hands it (withLocalFile), the PDF made in a
 * scratch directory and stored once it is complete.
 */
export function processUpload(
  deps: TPipelineDeps,
  originalKey: string,
  originalName: string,
): Promise<TProcessed> {
  return deps.storage.withLocalFile(originalKey, (source) =>
    processLocalFile(deps, source, originalName),
  );
}

async function processLocalFile(
  deps: TPipelineDeps,
  source: string,
  originalName: string,
): Promise<TProcessed> {
  const { pool } = deps;
  const type = await pool.run({ kind: 'detect', path: source, name: originalName });
  const pdfKey = deps.storage.newKey('pdf');
  const scratch = await deps.storage.scratch();
  const output = path.join(scratch, 'output.pdf');
  const normalize = (input: string) =>
    pool.run({
      kind: 'pdf',
      input,
      output,
      maxPages: deps.maxPages,
      timeoutMs: deps.timeoutMs,
    });
  try {
    let pageCount: number;
    // Longest page side in points, so colour detection can bound its raster.
    let maxPageSide: number;
    let sourceType: TSourceType;
    switch (type.kind) {
      case 'pdf':
        sourceType = 'pdf';
        ({ pageCount, maxPageSide } = await normalize(source));
        break;
      case 'image':
        sourceType = 'image';
        ({ pageCount, maxPageSide } = await pool.run({ kind: 'image', input: source, output }));
        break;
      case 'office':
      case 'text': {
        sourceType = type.kind;
        // LibreOffice picks its import filter by extension, so give it the detected one.
        const input = path.join(scratch, `input.${type.kind === 'text' ? 'txt' : type.extension}`);
        await fs.copyFile(source, input);
        const converted = path.join(scratch, 'converted.pdf');
        try {
          await deps.officeConverter.convert(input, converted);
        } catch (err) {
          if (err instanceof ConversionError) {
            const failure = CONVERSION_FAILURES[err.reason];
            if (failure) throw new DocumentFailure(failure, err.message);
          }
          throw err;
        }
        ({ pageCount, maxPageSide } = await normalize(converted));
        break;
      }
    }
    const colorPages = await pool.run({
      kind: 'colour',
      pdfPath: output,
      pageCount,
      maxPageSide,
      timeoutMs: deps.timeoutMs,
    });
    await deps.storage.moveIn(pdfKey, output);
    return {
      sourceType,
      isOffice: sourceType === 'office' || sourceType === 'text',
      pdfKey,
      pageCount,
      colorPages,
    };
  } catch (err) {
    await deps.storage.remove(pdfKey);
    throw err;
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
