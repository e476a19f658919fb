// Entry of a document pipeline worker thread (see worker-pool.ts). Runs pdf-lib, sharp, the
// zip directory check and the colour count here so none of it blocks the HTTP event loop.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { detectColorPages } from './color';
import { DocumentFailure } from './failure';
import { imageToPdf } from './image';
import { normalizePdf } from './pdf';
import { detectFileType } from './sniff';
import type { TPipelineTask, TTaskMessage, TTaskReply } from './tasks';

function run(task: TPipelineTask): Promise<unknown> {
  switch (task.kind) {
    case 'ping':
      return Promise.resolve(true);
    case 'detect':
      return detectFileType(task.path, task.name);
    case 'pdf':
      return normalizePdf(task.input, task.output, task);
    case 'image':
      return imageToPdf(task.input, task.output);
    case 'colour':
      return detectColorPages(task.pdfPath, task.pageCount, task.maxPageSide, task.timeoutMs);
  }
}

const port = parentPort;
if (!port) throw new Error('pipeline.worker must run as a worker thread');

// On Linux the nice value belongs to the thread: this one (and the tools it starts) yields the
// CPU to the HTTP thread. Elsewhere it would lower the whole server, so it is left alone.
if (process.platform === 'linux') {
  try {
    os.setPriority(10);
  } catch {
    // Not permitted here: processing simply runs at normal priority.
  }
}

port.on('message', (message: TTaskMessage) => {
  if (message.crash) process.exit(70);
  const reply = (body: TTaskReply) => port.postMessage(body);
  run(message.task).then(
    (result) => reply({ id: message.id, ok: true, result }),
    (err: unknown) => {
      if (err instanceof DocumentFailure)
        reply({ id: message.id, ok: false, failure: err.code, message: err.message });
      else
        reply({
          id: message.id,
          ok: false,
          error: err instanceof Error ? err.message : String(err),
        });
    },
  );
});
