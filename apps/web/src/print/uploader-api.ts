import { createContext, useContext } from 'react';
import type { TDocument, TPrintjob, ZPrintjobSettingsInput } from '@printomat/shared';
import type { z } from 'zod';
import { saveCopies, saveSettings, uploadFile, type TUploadHandle } from './print-api';

/**
 * Where the uploader's parts (document rows, upload queue, settings sync) send their requests.
 * The signed-in uploader talks to the person's current print job; the express pages (issue 13)
 * provide their own adapter that talks to one order by its token, so the same components serve
 * both without being copied.
 */
export type TUploaderApi = {
  upload: (file: File, onProgress: (fraction: number) => void) => TUploadHandle;
  saveCopies: (documentId: number, copies: number) => Promise<unknown>;
  saveSettings: (
    jobId: number,
    settings: z.input<typeof ZPrintjobSettingsInput>,
  ) => Promise<TPrintjob>;
  /** Shows a document's pages; null: the signed-in preview dialog (`printjobs/preview/0/:id`). */
  preview: ((document: TDocument) => void) | null;
};

// Arrow functions, not the imports themselves: tests replace print-api's functions.
export const SIGNED_IN_UPLOADER_API: TUploaderApi = {
  upload: (file, onProgress) => uploadFile(file, onProgress),
  saveCopies: (documentId, copies) => saveCopies(documentId, copies),
  saveSettings: (jobId, settings) => saveSettings(jobId, settings),
  preview: null,
};

export const UploaderApiContext = createContext<TUploaderApi>(SIGNED_IN_UPLOADER_API);

export function useUploaderApi(): TUploaderApi {
  return useContext(UploaderApiContext);
}
