import {
  formatMegabytes,
  translate,
  type TDocument,
  type TDocumentFailure,
  type TLocale,
  type TPrintjob,
  type TPrintjobKind,
  type TPrintjobResult,
  MAX_FILE_SLOTS,
} from '@printomat/shared';
import type { TDocumentRow, TPrintjobRow } from '../../db/schema';
import { documentCostOf, pricedJob } from './priced-job';

const ICONS: Record<string, TDocument['icon']> = {
  pdf: 'pdf',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  tif: 'image',
  tiff: 'image',
  bmp: 'image',
  doc: 'word',
  docx: 'word',
  odt: 'word',
  rtf: 'word',
  xls: 'sheet',
  xlsx: 'sheet',
  ods: 'sheet',
  ppt: 'slides',
  pptx: 'slides',
  odp: 'slides',
  txt: 'text',
};

/** The server's limits a document failure names: pages per document, bytes per upload. */
export type TDocumentLimits = { maxPages: number; maxBytes: number };

export const documentLimits = (config: {
  maxPagesPerDocument: number;
  maxUploadBytes: number;
}): TDocumentLimits => ({ maxPages: config.maxPagesPerDocument, maxBytes: config.maxUploadBytes });

/** Why a document failed, with the limit it broke ("file too large (at most 50 MB)"). */
export function failureReason(locale: TLocale, code: string, limits: TDocumentLimits): string {
  const max = code === 'too_many_files' ? MAX_FILE_SLOTS : limits.maxPages;
  return translate(locale, `documents.failure.${code as TDocumentFailure}`, {
    max,
    limit: formatMegabytes(locale, limits.maxBytes),
  });
}

export function presentDocument(
  doc: TDocumentRow,
  job: TPrintjobRow,
  locale: TLocale,
  limits: TDocumentLimits,
): TDocument {
  const extension = doc.name.includes('.') ? (doc.name.split('.').pop() ?? '').toLowerCase() : '';
  const ready = doc.status === 'ready' && doc.page_count !== null;
  return {
    id: doc.id,
    name: doc.name,
    icon:
      ICONS[extension] ??
      (doc.source_type === 'image' ? 'image' : doc.source_type === 'pdf' ? 'pdf' : 'file'),
    is_failed: doc.status === 'failed',
    is_office:
      doc.is_office ||
      ['doc', 'docx', 'odt', 'rtf', 'txt', 'xls', 'xlsx', 'ods', 'ppt', 'pptx', 'odp'].includes(
        extension,
      ),
    page_count: ready ? doc.page_count : null,
    failure_reason:
      doc.status === 'failed' && doc.failure_code
        ? failureReason(locale, doc.failure_code, limits)
        : null,
    copies: doc.copies,
    color_pages: ready ? doc.color_pages : [],
    cost: documentCostOf(doc, job),
  };
}

/** GET /ajax/printjobs/current: the spec's printjob with its documents. */
export function presentPrintjob(
  job: TPrintjobRow,
  documents: readonly TDocumentRow[],
  kind: TPrintjobKind,
  locale: TLocale,
  limits: TDocumentLimits,
  live: {
    printerName: string | null;
    lastResult: TPrintjobResult | null;
    filesDeleteAt?: Date | null;
  } = {
    printerName: null,
    lastResult: null,
  },
): TPrintjob {
  const priced = pricedJob(job, documents);
  const processing = documents.some((d) => d.status === 'processing');
  return {
    id: job.id,
    is_submitted: job.is_submitted,
    page_count: processing ? null : priced.faces,
    cost: priced.cost,
    is_grayscale: job.is_grayscale,
    orientation: job.orientation,
    kind,
    is_duplex: job.is_duplex,
    pages_per_sheet: job.pages_per_sheet,
    status: job.status,
    documents: documents.map((d) => presentDocument(d, job, locale, limits)),
    phase:
      job.status !== 'scheduled' ? 'editing' : job.printing_started_at ? 'printing' : 'waiting',
    printer:
      job.printer_id !== null && live.printerName !== null
        ? { id: job.printer_id, name: live.printerName }
        : null,
    last_result: live.lastResult,
    files_delete_at: live.filesDeleteAt?.toISOString() ?? null,
  };
}

/** The same answer for a job view (the person's current job, or an express order's job). */
export function presentJobView(
  view: {
    job: TPrintjobRow;
    documents: readonly TDocumentRow[];
    kind: TPrintjobKind;
    printerName: string | null;
    lastResult: TPrintjobResult | null;
    filesDeleteAt?: Date | null;
  },
  locale: TLocale,
  limits: TDocumentLimits,
): TPrintjob {
  return presentPrintjob(view.job, view.documents, view.kind, locale, limits, view);
}
