// The printjobs module's public surface: what other modules may use of it. Other modules import
// from here (or from its *.service.ts files), never from printjobs.repo.ts or the presenter.
export { assertNothingPrinting, lockEditablePrintjob } from './printjobs.service';
export {
  ensureCurrentPrintjob,
  findJobReleasedOnPrinterSince,
  findPrintjob,
  findPrintjobById,
  listDocumentsOfPrintjob,
  lockPrintjobById,
} from './printjobs.repo';
// Retention (issue 17 point 4): when a job's documents' files go.
export { endedAt, filesDeleteAtOfEndedJob, filesDeleteAtOfOpenJob } from './files-retention';
export {
  documentLimits,
  failureReason,
  presentDocument,
  presentJobView,
  type TDocumentLimits,
} from './printjobs.presenter';
export { chargeOfFaces, pricedJob, type TPricedJob } from './priced-job';
// Changing a job: its status only through changePrintjobStatus, inside withPrintjobTransaction,
// which runs the change's effects (owner's pages, printer's agent, mail) after commit.
export { changePrintjobStatus, markPrintjobPrintingStarted } from './printjob-status.service';
export {
  onPrintjobEnded,
  withdrawalEffects,
  withPrintjobTransaction,
  PrintjobEffects,
  type TPrintjobEffect,
} from './printjob-effects';
// Jobs paid in money (express orders): released without a page reservation.
export { failPaidPrintjob, releasePaidPrintjob, resetPaidPrintjob } from './paid-release.service';
