import type { TExpressTransitionError } from '@printomat/shared';
import { AppError } from '../../http/errors';

// The refusals a guest meets on the express pages, each with its message in de/en/pl.

/** A refusal of the express lifecycle (e.g. a draft-only change once the order was paid). */
export function expressTransitionError(error: TExpressTransitionError): AppError {
  return new AppError(409, error, `admin.express_orders.errors.${error}`);
}

export type TDiscountRefusal = 'unknown' | 'inactive' | 'expired' | 'used_up';

/** A discount code that cannot be used, as a message on the form's discount code field. */
export function discountCodeRefused(reason: TDiscountRefusal): AppError {
  const key = `express.errors.discount_code.${reason}` as const;
  return new AppError(422, `discount_code_${reason}`, key, undefined, {
    discount_code: [{ key }],
  });
}

/** Nothing ready to print yet (no document, or one still being processed). */
export const noDocuments = () => new AppError(422, 'no_documents', 'express.errors.no_documents');
export const documentsProcessing = () =>
  new AppError(422, 'processing', 'express.errors.processing');

/** Money is to be paid and no payment method was chosen. */
export const methodRequired = () =>
  new AppError(422, 'validation', 'express.errors.method_required', undefined, {
    method: [{ key: 'express.errors.method_required' }],
  });
