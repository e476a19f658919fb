import { isLocale, LOCALES, printerMailLocalPart, type TLocale } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { AppError } from '../../http/errors';
import {
  findStickerCity,
  findStickerPrinter,
  listCityStickerPrinters,
  type TStickerPrinterRow,
} from './printer-stickers.repo';
import { renderStickersPdf, type TSticker } from './sticker-pdf';

/** A sticker PDF ready to send: its bytes and an ASCII file name (headers carry no ł or ü). */
export type TStickerDownload = { filename: string; pdf: Buffer };

/** The printer's country's language first (where it stands), then the others in catalog order. */
function localesFor(country: string): TLocale[] {
  const own = country.toLowerCase();
  const first: TLocale = isLocale(own) ? own : 'en';
  return [first, ...LOCALES.filter((l) => l !== first)];
}

function stickerOf(ctx: TAppContext, printer: TStickerPrinterRow): TSticker {
  const publicUrl = ctx.config.publicUrl;
  return {
    name: printer.name,
    address: `${printer.street} ${printer.house_number}, ${printer.postcode} ${printer.city_name}`,
    // The printer's public page: it shows the printer and releases the current job there.
    pageUrl: `${publicUrl}/printers/${printer.id}`,
    // What a person types: the public URL without its scheme, keeping a path prefix
    // (https://example.org/printomat → "example.org/printomat"); config strips trailing slashes.
    site: publicUrl.replace(/^[a-z][a-z\d+.-]*:\/\//i, ''),
    code: printer.direct_print_code,
    email: printer.email,
    locales: localesFor(printer.country),
  };
}

function render(ctx: TAppContext, printers: TStickerPrinterRow[], title: string) {
  return renderStickersPdf(
    printers.map((p) => stickerOf(ctx, p)),
    ctx.config.invoices.pdfFonts,
    title,
  );
}

/** One printer's sticker (any printer an admin names, also one out of service). */
export async function printerSticker(ctx: TAppContext, id: number): Promise<TStickerDownload> {
  const printer = await findStickerPrinter(ctx.db, id);
  if (!printer) throw new AppError(404, 'not_found', 'stickers.errors.unknown_printer');
  const pdf = await render(ctx, [printer], `Printomat – ${printer.name}`);
  return {
    filename: `printomat-sticker-${printerMailLocalPart(printer.name)}.pdf`,
    pdf: Buffer.from(pdf),
  };
}

/** A sticker for each printer of the city in service, by name (one page each). */
export async function cityStickers(ctx: TAppContext, cityId: number): Promise<TStickerDownload> {
  const city = await findStickerCity(ctx.db, cityId);
  if (!city) throw new AppError(404, 'not_found', 'stickers.errors.unknown_city');
  const printers = await listCityStickerPrinters(ctx.db, cityId);
  if (printers.length === 0)
    throw new AppError(404, 'no_printers', 'stickers.errors.no_printers', { city: city.name });
  // Sorted as the city's language sorts (Ł after L in Polish), the same on every database.
  const collator = new Intl.Collator(localesFor(printers[0]!.country)[0]);
  printers.sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
  const title = `Printomat – ${city.name}`;
  const pdf = await render(ctx, printers, title);
  return {
    filename: `printomat-stickers-${printerMailLocalPart(city.slug)}.pdf`,
    pdf: Buffer.from(pdf),
  };
}
