import {
  printedFaces,
  splitFirstFaces,
  type TPriceSettings,
  type TPricedDocument,
} from './pricing';

/** An express printer's page prices, in minor units of `currency`. */
export interface TExpressPrices {
  monoMinor: number;
  colorMinor: number;
  currency: string;
}

export interface TExpressPriceBreakdown {
  /** Faces that come out, and how many of them are in colour. */
  faces: number;
  colorFaces: number;
  monoFaces: number;
  /** Before the discount, the discount, and what is paid (minor units). */
  listMinor: number;
  discountMinor: number;
  totalMinor: number;
  discountPercent: number | null;
}

/** What `faces` split into colour and mono faces cost at these prices, before any discount. */
export function expressFacesCost(
  split: { colour: number; mono: number },
  prices: TExpressPrices,
): number {
  return split.colour * prices.colorMinor + split.mono * prices.monoMinor;
}

/**
 * The money price of an express job (issue 13): each printed face at the printer's mono or colour
 * price (a face is colour when its page has colour and the job is not greyscale), then the
 * discount, rounded to the nearest minor unit (half up) and never more than the price.
 */
export function expressPrice(
  documents: readonly TPricedDocument[],
  settings: TPriceSettings,
  prices: TExpressPrices,
  discountPercent: number | null = null,
): TExpressPriceBreakdown {
  const faces = printedFaces(documents, settings);
  const split = splitFirstFaces(documents, settings, faces);
  const listMinor = expressFacesCost(split, prices);
  const percent = discountPercent ?? 0;
  const discountMinor = Math.min(listMinor, Math.round((listMinor * percent) / 100));
  return {
    faces,
    colorFaces: split.colour,
    monoFaces: split.mono,
    listMinor,
    discountMinor,
    totalMinor: listMinor - discountMinor,
    discountPercent,
  };
}

/**
 * What a guest whose job stopped mid-way gets back: the price paid less what the faces that came
 * out cost (at the same discount), never negative and never more than was paid.
 */
export function expressRefundMinor(
  paidMinor: number,
  printed: { colour: number; mono: number },
  prices: TExpressPrices,
  discountPercent: number | null,
): number {
  const used = expressFacesCost(printed, prices);
  const usedAfterDiscount = used - Math.round((used * (discountPercent ?? 0)) / 100);
  return Math.max(0, Math.min(paidMinor, paidMinor - usedAfterDiscount));
}
