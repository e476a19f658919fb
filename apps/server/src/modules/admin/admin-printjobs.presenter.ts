import {
  translate,
  type TAdminPrintjobDetail,
  type TAdminPrintjobRow,
  type TLocale,
} from '@printomat/shared';
import type { TDocumentRow, TPrintjobRow } from '../../db/schema';
import { failureReason, pricedJob, type TDocumentLimits } from '../printjobs';
import { allowedActions } from './admin-printjobs.service';

type TNamedJob = TPrintjobRow & { user_email: string; printer_name: string | null };

export function presentAdminPrintjobRow(
  job: TNamedJob,
  documents: readonly TDocumentRow[],
): TAdminPrintjobRow {
  const priced = pricedJob(job, documents);
  return {
    id: job.id,
    status: job.status,
    user: { id: job.user_id, email: job.user_email },
    printer: job.printer_id === null ? null : { id: job.printer_id, name: job.printer_name ?? '' },
    document_count: documents.length,
    page_count: priced.faces,
    cost: priced.cost,
    needs_review: job.review_reason !== null,
    created_at: job.created_at.toISOString(),
    updated_at: job.updated_at.toISOString(),
  };
}

export function presentAdminPrintjobDetail(
  job: TNamedJob,
  documents: readonly TDocumentRow[],
  extra: {
    reservation: TAdminPrintjobDetail['reservation'];
    expressUrl: { id: number; express_url: string } | null;
    locale: TLocale;
    limits: TDocumentLimits;
  },
): TAdminPrintjobDetail {
  return {
    ...presentAdminPrintjobRow(job, documents),
    is_submitted: job.is_submitted,
    settings: {
      is_grayscale: job.is_grayscale,
      is_duplex: job.is_duplex,
      orientation: job.orientation,
      pages_per_sheet: job.pages_per_sheet,
    },
    documents: documents.map((d) => ({
      id: d.id,
      name: d.name,
      status: d.status,
      is_office: d.is_office,
      page_count: d.page_count,
      color_pages: d.color_pages.length,
      copies: d.copies,
      failure_reason:
        d.status === 'failed' && d.failure_code
          ? failureReason(extra.locale, d.failure_code, extra.limits)
          : null,
      size_bytes: d.size_bytes,
    })),
    reservation: extra.reservation,
    printed_faces: job.printed_faces,
    failure_reason: job.failure_reason,
    review_reason: job.review_reason
      ? translate(extra.locale, `admin.printjobs.review_reasons.${job.review_reason}`)
      : null,
    released_at: job.released_at?.toISOString() ?? null,
    finished_at: job.finished_at?.toISOString() ?? null,
    express_order: extra.expressUrl,
    allowed_actions: allowedActions(job.status),
  };
}
