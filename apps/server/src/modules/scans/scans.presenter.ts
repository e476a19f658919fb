import type { TScan } from '@printomat/shared';
import type { Selectable } from 'kysely';
import type { TScansTable } from '../../db/schema';

export type TScanRow = Selectable<TScansTable>;

/** A scan in the person's list: the download link and the deletion date while the file exists. */
export function presentScan(
  scan: TScanRow & { printer_name: string | null },
  retentionMs: number,
): TScan {
  const stored = scan.file_key !== null;
  return {
    id: scan.id,
    file_name: scan.file_name,
    pages: scan.pages,
    byte_size: scan.byte_size,
    created_at: scan.created_at.toISOString(),
    printer_name: scan.printer_name,
    download_url: stored ? `/ajax/scans/${scan.id}/download` : null,
    expires_at: stored ? new Date(scan.created_at.getTime() + retentionMs).toISOString() : null,
  };
}
