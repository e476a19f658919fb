import { z } from 'zod';

/** A scan made at a printer, in the person's account (GET /ajax/scans; issue 16). */
export const ZScan = z.object({
  id: z.number().int(),
  file_name: z.string(),
  pages: z.number().int(),
  byte_size: z.number().int(),
  created_at: z.string(),
  printer_name: z.string().nullable(),
  /** Null once the file is deleted (after SCAN_RETENTION_DAYS). */
  download_url: z.string().nullable(),
  /** When the file will be deleted; null once it is. */
  expires_at: z.string().nullable(),
});
export type TScan = z.infer<typeof ZScan>;

export const ZScanList = z.object({ scans: z.array(ZScan) });
export type TScanList = z.infer<typeof ZScanList>;
