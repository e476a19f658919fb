import type {
  TDocument,
  TExpressOrderView,
  TExpressPrice,
  TExpressPrinter,
} from '@printomat/shared';
import { buildDocument, buildPrintjob } from '../test/printing-fixtures';

// Test data of the express pages (issue 13).

export function buildExpressPrinter(overrides: Partial<TExpressPrinter> = {}): TExpressPrinter {
  return {
    id: 5,
    name: 'Library',
    full_name: 'University Library, ground floor',
    address: 'Main Street 1',
    city: 'Warsaw',
    is_color: true,
    prices: { mono_minor: 50, color_minor: 150, currency: 'PLN' },
    unavailable_reason: null,
    ...overrides,
  };
}

export function buildExpressPrice(overrides: Partial<TExpressPrice> = {}): TExpressPrice {
  return {
    faces: 3,
    color_faces: 1,
    mono_faces: 2,
    list_minor: 250,
    discount_minor: 0,
    total_minor: 250,
    currency: 'PLN',
    discount_code: null,
    discount_percent: null,
    ...overrides,
  };
}

/** The same PDF with its second page in colour. */
export function buildExpressDocument(overrides: Partial<TDocument> = {}): TDocument {
  return buildDocument({ color_pages: [2], cost: 5, ...overrides });
}

export function buildExpressOrder(overrides: Partial<TExpressOrderView> = {}): TExpressOrderView {
  return {
    token: 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    status: 'draft',
    printer: buildExpressPrinter(),
    printjob: buildPrintjob({
      is_grayscale: false,
      documents: [buildExpressDocument()],
      cost: 5,
    }),
    price: buildExpressPrice(),
    customer_email: null,
    locale: 'en',
    order_url:
      'http://printomat.test/express/orders/tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    paid_at: null,
    print_by: null,
    printed_at: null,
    failure_reason: null,
    refund: null,
    documents_delete_at: null,
    documents_deleted: false,
    can_print: false,
    ...overrides,
  };
}
