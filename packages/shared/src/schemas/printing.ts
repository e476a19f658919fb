import { z } from 'zod';

export const ORIENTATIONS = ['auto', 'portrait', 'landscape'] as const;
export const PRINTJOB_STATUSES = ['created', 'scheduled', 'printed', 'failed', 'archived'] as const;
export const PRINTJOB_KINDS = ['limited', 'standard'] as const;
export const DOCUMENT_ICONS = ['pdf', 'image', 'word', 'sheet', 'slides', 'text', 'file'] as const;
export const DOCUMENT_FAILURES = [
  'too_large',
  'unsupported',
  'password_protected',
  'corrupt',
  'empty',
  'too_many_pages',
  'too_complex',
  'too_many_files',
  'not_processed',
] as const;
export const MAX_COPIES = 99;

export type TOrientation = (typeof ORIENTATIONS)[number];
export type TPrintjobStatus = (typeof PRINTJOB_STATUSES)[number];
export type TPrintjobKind = (typeof PRINTJOB_KINDS)[number];
export type TDocumentFailure = (typeof DOCUMENT_FAILURES)[number];

/** A document as phone apps and the uploader read it (spec sections 3 and 7). */
export const ZDocument = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.enum(DOCUMENT_ICONS),
  is_failed: z.boolean(),
  is_office: z.boolean(),
  /** null while the document is being processed. */
  page_count: z.number().int().nullable(),
  /** Translated into the person's language; null unless is_failed. */
  failure_reason: z.string().nullable(),
  copies: z.number().int(),
  /** 1-based numbers of the pages that hold colour (known with page_count). */
  color_pages: z.array(z.number().int()),
  /** Pages this document costs with the job's current settings (0 until known or when failed). */
  cost: z.number().int(),
});
export type TDocument = z.infer<typeof ZDocument>;

/** The current print job with its documents (GET /ajax/printjobs/current). */
export const ZPrintjob = z.object({
  id: z.number().int(),
  is_submitted: z.boolean(),
  /** Faces that will come out of the printer; null while a document is still processed. */
  page_count: z.number().int().nullable(),
  /** Pages charged: a colour face counts 3. */
  cost: z.number().int(),
  is_grayscale: z.boolean(),
  orientation: z.enum(ORIENTATIONS),
  kind: z.enum(PRINTJOB_KINDS),
  is_duplex: z.boolean(),
  pages_per_sheet: z.union([z.literal(1), z.literal(2), z.literal(4)]),
  status: z.enum(PRINTJOB_STATUSES),
  documents: z.array(ZDocument),
  /**
   * Where a released job is: `editing` (not released), `waiting` (released, the printer has not
   * started it yet) or `printing` (the printer is printing it).
   */
  phase: z.enum(['editing', 'waiting', 'printing']),
  /** The printer a released job was sent to. */
  printer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The person's previous job if it ended in the last hour: what came out and what it cost. */
  last_result: z
    .object({
      printjob_id: z.number().int(),
      status: z.enum(['printed', 'failed']),
      /**
       * Why a failed job ended when the printer did not say: `expired` (not printed in time after
       * its release), `cancelled` (its owner took it back). Absent otherwise.
       */
      reason: z.enum(['expired', 'cancelled']).optional(),
      printed_pages: z.number().int(),
      charged_pages: z.number().int(),
      printer_name: z.string().nullable(),
      finished_at: z.string(),
      /**
       * Retention (DOCUMENT_RETENTION_HOURS after the job ended): when its documents' files are
       * deleted, and when they were (null until then). The rows stay (history, billing).
       */
      files_delete_at: z.string(),
      files_deleted_at: z.string().nullable(),
    })
    .nullable(),
  /**
   * When this job's documents are removed if it is neither printed nor touched until then (not
   * printed and left alone for DOCUMENT_ABANDON_HOURS); null without documents or once released.
   */
  files_delete_at: z.string().nullable(),
});
export type TPrintjob = z.infer<typeof ZPrintjob>;
export type TPrintjobResult = NonNullable<TPrintjob['last_result']>;

/** Form fields arrive as strings from phone apps: accept "true"/"1"/"on" as well as booleans. */
const zFlag = z.union([
  z.boolean(),
  z
    .enum(['true', 'false', '1', '0', 'on', 'off'])
    .transform((v) => v === 'true' || v === '1' || v === 'on'),
]);
const zPagesPerSheet = z.coerce
  .number({ error: 'not_a_number' })
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(4)], { error: 'invalid' }));

export const ZPrintjobSettingsInput = z.object({
  orientation: z.enum(ORIENTATIONS, { error: 'invalid' }).optional(),
  is_grayscale: zFlag.optional(),
  is_duplex: zFlag.optional(),
  pages_per_sheet: zPagesPerSheet.optional(),
  /** Sent by the spec's clients; the server decides the kind and ignores this. */
  kind: z.string().optional(),
});
export type TPrintjobSettingsInput = z.infer<typeof ZPrintjobSettingsInput>;

export const ZSubmitInput = z.object({ is_submitted: zFlag });
export type TSubmitInput = z.input<typeof ZSubmitInput>;

/** `POST /ajax/printjobs/:id/print`: the printer picked on the map or opened by its QR code. */
export const ZPrintAtPrinterInput = z.object({
  printer_id: z.coerce.number().int().positive(),
});
export type TPrintAtPrinterInput = z.input<typeof ZPrintAtPrinterInput>;

/** `POST /ajax/printjobs/:id/print_with_code`: the code the printer shows. */
export const ZPrintWithCodeInput = z.object({
  code: z
    .string({ error: 'blank' })
    .trim()
    .min(1, { error: 'blank' })
    .max(32, { error: 'too_long' }),
});
export type TPrintWithCodeInput = z.input<typeof ZPrintWithCodeInput>;

export const ZDocumentUpdateInput = z.object({
  _method: z.string().optional(),
  copies: z.coerce
    .number({ error: 'not_a_number' })
    .int({ error: 'not_an_integer' })
    .min(1, { error: 'greater_than' })
    .max(MAX_COPIES, { error: 'less_than' }),
});
