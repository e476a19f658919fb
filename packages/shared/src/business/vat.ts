// VAT arithmetic in minor units (grosze), integers only (issue 15, docs/invoices.md). Business
// package prices are net; a purchase is charged net + VAT on that net. Personal prices include
// VAT; the VAT in them is worked out backwards. Rounding is half up (half away from zero for
// negative amounts, as corrections have), per line; totals are sums of lines.

/** The Polish standard rate, the only one Printomat's services carry. */
export const VAT_RATE_PERCENT = 23;

/** Rounds `numerator / denominator` (denominator > 0) half away from zero. */
function divRound(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  // `|| 0`: never -0 (it would compare unequal with Object.is).
  return sign * Math.floor((Math.abs(numerator) * 2 + denominator) / (denominator * 2)) || 0;
}

/** The VAT on a net amount. */
export function vatOnNet(netMinor: number, ratePercent: number = VAT_RATE_PERCENT): number {
  return divRound(netMinor * ratePercent, 100);
}

/** Net + VAT. */
export function grossFromNet(netMinor: number, ratePercent: number = VAT_RATE_PERCENT): number {
  return netMinor + vatOnNet(netMinor, ratePercent);
}

/** A gross amount split into net and VAT (net rounded, VAT the rest: they always add up). */
export function splitGross(
  grossMinor: number,
  ratePercent: number = VAT_RATE_PERCENT,
): { netMinor: number; vatMinor: number } {
  const netMinor = divRound(grossMinor * 100, 100 + ratePercent);
  return { netMinor, vatMinor: grossMinor - netMinor };
}
