// The printjobs module's public surface: what other modules may use of it. Other modules import
// from here (or from its *.service.ts files), never from printjobs.repo.ts or the presenter.
export { assertNothingPrinting, lockEditablePrintjob } from './printjobs.service';
export {
  ensureCurrentPrintjob,
  findJobReleasedOnPrinterSince,
  findPrintjob,
  findPrintjobById,
  listDocumentsOfPrintjob,
  markPrintingStarted,
} from './printjobs.repo';
export { failureReason, presentDocument, pricedDocuments, settingsOf } from './printjobs.presenter';
