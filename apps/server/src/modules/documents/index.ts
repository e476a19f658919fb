// The documents module's public surface: what other modules may use of it. Other modules import
// from here (or from documents.service.ts), never from documents.repo.ts.
export { findDocumentForDownload, markDocumentDelivered } from './documents.repo';
export { receiveDocumentUpload, sendPagePng } from './document-http';
export type { TStoredStream } from './storage';
/** The sandbox for external tools on untrusted files (nice, prlimit, timeout, SIGKILL). */
export { runTool, type TToolResult } from './pipeline/run-tool';
