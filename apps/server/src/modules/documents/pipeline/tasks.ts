import type { TDocumentFailure } from '@printomat/shared';
import type { TDetectedType } from './sniff';

/**
 * The CPU-heavy steps of processing a document, as run by a pipeline worker thread
 * (`pipeline.worker.ts`). Paths only cross the thread boundary, never file contents.
 */
export type TPipelineTask =
  | { kind: 'ping' }
  | { kind: 'detect'; path: string; name: string }
  | { kind: 'pdf'; input: string; output: string; maxPages: number; timeoutMs: number }
  | { kind: 'image'; input: string; output: string }
  | {
      kind: 'colour';
      pdfPath: string;
      pageCount: number;
      maxPageSide: number;
      timeoutMs: number;
    };

export interface TPipelineResults {
  ping: true;
  detect: TDetectedType;
  pdf: { pageCount: number; maxPageSide: number };
  image: { pageCount: number; maxPageSide: number; width: number; height: number };
  colour: number[];
}

export type TTaskOf<K extends TPipelineTask['kind']> = Extract<TPipelineTask, { kind: K }>;

/** Main thread -> worker. `crash` makes the worker exit mid-task, as a killed thread would (tests). */
export interface TTaskMessage {
  id: number;
  task: TPipelineTask;
  crash?: boolean;
}

/** Worker -> main thread. A DocumentFailure keeps its code; anything else is worth a retry. */
export type TTaskReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; failure: TDocumentFailure; message: string }
  | { id: number; ok: false; error: string };
