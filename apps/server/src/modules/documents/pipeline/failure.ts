import type { TDocumentFailure } from '@printomat/shared';

/** A document that cannot be printed, with the reason the person is shown. */
export class DocumentFailure extends Error {
  constructor(
    readonly code: TDocumentFailure,
    detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}
