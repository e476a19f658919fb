import {
  ZDocument,
  ZExpressCheckoutResult,
  ZExpressOrderView,
  ZExpressPrice,
  ZExpressPrinter,
  type TDocument,
  type TExpressCheckoutInput,
  type TExpressCheckoutResult,
  type TExpressOrderView,
  type TExpressPrice,
  type TExpressPrinter,
  type TPrintWithCodeInput,
  type TExpressQuoteInput,
  type TLocale,
  type ZPrintjobSettingsInput,
} from '@printomat/shared';
import type { z } from 'zod';
import { api } from '../api/client';
import { uploadFile } from '../print/print-api';
import type { TUploaderApi } from '../print/uploader-api';

// Express orders (issue 13): a guest's order is reached only by its token, which is in every
// address below. Answers are checked in development and tests only (see TResponseSchema).
const RESPONSES = import.meta.env.DEV
  ? {
      printer: ZExpressPrinter,
      order: ZExpressOrderView,
      price: ZExpressPrice,
      checkout: ZExpressCheckoutResult,
      document: ZDocument,
    }
  : null;

/** How often the order page reads the order again while something can still change. */
export const EXPRESS_POLL_MS = 2_500;

export const expressPrinterKey = (printerId: number) => ['express', 'printer', printerId] as const;
export const expressOrderKey = (token: string) => ['express', 'order', token] as const;

const orderPath = (token: string) => `/ajax/express/orders/${encodeURIComponent(token)}`;

export const fetchExpressPrinter = (printerId: number) =>
  api.get<TExpressPrinter>(`/ajax/express/printers/${printerId}`, {
    schema: RESPONSES?.printer,
  });

/** Opens a draft order (a guest account and its print job) at this printer. */
export const createExpressOrder = (printerId: number, locale: TLocale) =>
  api.post<TExpressOrderView>(
    `/ajax/express/printers/${printerId}/orders`,
    { locale },
    {
      schema: RESPONSES?.order,
    },
  );

export const fetchExpressOrder = (token: string) =>
  api.get<TExpressOrderView>(orderPath(token), { schema: RESPONSES?.order });

export const removeExpressDocument = (token: string, documentId: number) =>
  api.delete<unknown>(`${orderPath(token)}/documents/${documentId}`);

export const saveExpressCopies = (token: string, documentId: number, copies: number) =>
  api.patch<TDocument>(
    `${orderPath(token)}/documents/${documentId}`,
    { copies },
    {
      schema: RESPONSES?.document,
    },
  );

export const saveExpressSettings = (
  token: string,
  settings: z.input<typeof ZPrintjobSettingsInput>,
) =>
  api.post<TExpressOrderView>(`${orderPath(token)}/settings`, settings, {
    schema: RESPONSES?.order,
  });

export const quoteExpressOrder = (token: string, input: TExpressQuoteInput) =>
  api.post<TExpressPrice>(`${orderPath(token)}/quote`, input, { schema: RESPONSES?.price });

export const checkoutExpressOrder = (token: string, input: TExpressCheckoutInput) =>
  api.post<TExpressCheckoutResult>(`${orderPath(token)}/checkout`, input, {
    schema: RESPONSES?.checkout,
  });

export const printExpressOrder = (token: string) =>
  api.post<TExpressOrderView>(`${orderPath(token)}/print`, undefined, {
    schema: RESPONSES?.order,
  });

export const printExpressOrderWithCode = (token: string, input: TPrintWithCodeInput) =>
  api.post<TExpressOrderView>(`${orderPath(token)}/print_with_code`, input, {
    schema: RESPONSES?.order,
  });

export const expressPreviewUrl = (token: string, documentId: number, page: number) =>
  `${orderPath(token)}/documents/${documentId}/pages/${page}.png`;

/**
 * The uploader's components talking to one order. A settings change answers the whole order:
 * `onOrder` keeps the page's copy current, the settings sync gets the print job it expects.
 */
export function expressUploaderApi(
  token: string,
  onOrder: (order: TExpressOrderView) => void,
  preview: (document: TDocument) => void,
): TUploaderApi {
  return {
    upload: (file, onProgress) =>
      uploadFile(file, onProgress, `${orderPath(token)}/documents/upload`),
    saveCopies: (documentId, copies) => saveExpressCopies(token, documentId, copies),
    saveSettings: async (_jobId, settings) => {
      const order = await saveExpressSettings(token, settings);
      onOrder(order);
      return order.printjob;
    },
    preview,
  };
}

/** The draft being filled at a printer, kept per printer so that a reload resumes it. */
const draftStorageKey = (printerId: number) => `printomat.express.${printerId}`;

export function storedDraftToken(printerId: number): string | null {
  try {
    return window.localStorage.getItem(draftStorageKey(printerId));
  } catch {
    return null;
  }
}

export function storeDraftToken(printerId: number, token: string | null): void {
  try {
    if (token) window.localStorage.setItem(draftStorageKey(printerId), token);
    else window.localStorage.removeItem(draftStorageKey(printerId));
  } catch {
    // Private mode without storage: the draft just does not survive a reload.
  }
}
