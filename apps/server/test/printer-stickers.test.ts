import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, translate, type TLocale } from '@printomat/shared';
import { seedDemoData } from '../src/seed/seed';
import { printerForm, signInNewAdmin } from './helpers/admin';
import {
  createTestApp,
  registerAndSignIn,
  TEST_PUBLIC_URL,
  TestAgent,
  type TTestApp,
} from './helpers/test-app';

const run = promisify(execFile);

let t: TTestApp;
let admin: TestAgent;
let warszawa: number;
let berlin: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.ctx.db);
  const cities = await t.ctx.db.selectFrom('cities').select(['id', 'slug']).execute();
  warszawa = cities.find((c) => c.slug === 'warszawa')!.id;
  berlin = cities.find((c) => c.slug === 'berlin')!.id;
  admin = await signInNewAdmin(t, 'pl');
});
afterAll(() => t?.close());

const printerNamed = (name: string) =>
  t.ctx.db
    .selectFrom('printers')
    .select(['id', 'direct_print_code', 'email', 'decommissioned_at'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();

/** Runs a poppler tool on the PDF in a scratch folder; answers its stdout and the folder. */
async function withPdf<T>(pdf: Buffer, use: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sticker-'));
  const file = path.join(dir, 'sticker.pdf');
  await fs.writeFile(file, pdf);
  try {
    return await use(file, dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** One page's text as pdftotext reads it, white space collapsed (wrapped lines join). */
const pageText = (pdf: Buffer, page = 1) =>
  withPdf(pdf, async (file) => {
    const args = ['-enc', 'UTF-8', '-f', String(page), '-l', String(page), file, '-'];
    const { stdout } = await run('pdftotext', args);
    return stdout.replace(/\s+/g, ' ').trim();
  });

const pageCount = (pdf: Buffer) =>
  withPdf(pdf, async (file) => {
    const { stdout } = await run('pdfinfo', [file]);
    return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
  });

/** The page printed at 150 dpi (pdftoppm) and its QR code read back with jsQR. */
const qrOnPage = (pdf: Buffer, page = 1) =>
  withPdf(pdf, async (file, dir) => {
    const out = path.join(dir, 'page');
    await run('pdftoppm', ['-r', '150', '-png', '-f', String(page), '-l', String(page), file, out]);
    const png = (await fs.readdir(dir)).find((f) => f.endsWith('.png'))!;
    const { data, info } = await sharp(path.join(dir, png))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
  });

const instructions = (locale: TLocale, code: string, email: string) =>
  `${translate(locale, 'stickers.pdf.scan', { site: 'printomat.test', code })} ${translate(
    locale,
    'stickers.pdf.mail',
    { address: email },
  )}`;

describe('a printer sticker', () => {
  it('is an A4 PDF with the QR code of the printer page, its code, address and the three languages', async () => {
    const printer = await printerNamed('Złote Tarasy');
    const res = await admin.get(`/api/admin/printers/${printer.id}/sticker.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="printomat-sticker-zlote-tarasy.pdf"',
    );
    const pdf = res.rawPayload;
    expect(await pageCount(pdf)).toBe(1);
    await withPdf(pdf, async (file) => {
      const { stdout } = await run('pdfinfo', [file]);
      // A4: 595.28 x 841.89 pt.
      expect(stdout).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
    });

    expect(await qrOnPage(pdf)).toBe(`${TEST_PUBLIC_URL}/printers/${printer.id}`);

    const text = await pageText(pdf);
    expect(text).toContain('Złote Tarasy');
    expect(text).toContain('00-120 Warszawa');
    expect(text).toContain(printer.direct_print_code);
    expect(printer.email).toBe('zlote-tarasy@print.printomat.example');
    expect(text).toContain(printer.email!);
    for (const locale of LOCALES) {
      expect(text).toContain(translate(locale, 'stickers.pdf.heading'));
      expect(text).toContain(instructions(locale, printer.direct_print_code, printer.email!));
    }
    // The letters survive the font (no boxes, no transliteration).
    expect(text).toContain('otwórz printomat.test i wpisz kod 418273, aby rozpocząć drukowanie.');
    expect(text).toContain('Możesz też wysłać dokument e-mailem na adres zlote-tarasy@');
    expect(text).toContain('öffne printomat.test');
    expect(text).toContain('Kod drukarki · Druckcode · Print code');
    // Where the printer stands, its language comes first: Polish in Warsaw.
    const order = LOCALES.map((l) => text.indexOf(translate(l, 'stickers.pdf.heading')));
    expect(order[2]).toBeLessThan(order[0]!); // pl before de
    expect(order[0]).toBeLessThan(order[1]!); // de before en
  });

  it('puts German first on a printer in Berlin and leaves out the mail lines of a printer without an address', async () => {
    const berlinPrinter = await t.ctx.db
      .selectFrom('printers')
      .select(['id', 'direct_print_code'])
      .where('city_id', '=', berlin)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('printers')
      .set({ email: null })
      .where('id', '=', berlinPrinter.id)
      .execute();
    const res = await admin.get(`/api/admin/printers/${berlinPrinter.id}/sticker.pdf`);
    expect(res.statusCode).toBe(200);
    const text = await pageText(res.rawPayload);
    const [de, en, pl] = LOCALES.map((l) => text.indexOf(translate(l, 'stickers.pdf.heading')));
    expect(de).toBeGreaterThanOrEqual(0);
    expect(de).toBeLessThan(en!);
    expect(en).toBeLessThan(pl!);
    expect(text).toContain(
      translate('de', 'stickers.pdf.scan', {
        site: 'printomat.test',
        code: berlinPrinter.direct_print_code,
      }),
    );
    for (const locale of LOCALES)
      expect(text).not.toContain(translate(locale, 'stickers.pdf.email_label'));
    expect(text).not.toContain('@');
    expect(await qrOnPage(res.rawPayload)).toBe(`${TEST_PUBLIC_URL}/printers/${berlinPrinter.id}`);
  });

  it('is refused to guests (401) and to people who are not admins (403); an unknown printer is 404', async () => {
    const printer = await printerNamed('BUW');
    const url = `/api/admin/printers/${printer.id}/sticker.pdf`;
    expect((await new TestAgent(t.app).get(url)).statusCode).toBe(401);
    const person = new TestAgent(t.app);
    await registerAndSignIn(person);
    expect((await person.get(url)).statusCode).toBe(403);
    expect(
      (await person.get(`/api/admin/printers/stickers.pdf?city_id=${warszawa}`)).statusCode,
    ).toBe(403);
    expect(
      (await new TestAgent(t.app).get(`/api/admin/printers/stickers.pdf?city_id=${warszawa}`))
        .statusCode,
    ).toBe(401);

    const unknown = await admin.get('/api/admin/printers/999999/sticker.pdf');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Nie ma takiej drukarki.');
    expect((await admin.get('/api/admin/printers/abc/sticker.pdf')).statusCode).toBe(422);
  });
});

describe('a sticker of a Printomat under a path', () => {
  it('names the site with its path prefix, as the QR code does', async () => {
    // PUBLIC_URL with a path (and the trailing slash config strips): the sticker must not send
    // people to the bare host, where there is no Printomat.
    const prefixed = await createTestApp({ PUBLIC_URL: `${TEST_PUBLIC_URL}/printomat/` });
    try {
      const city = await prefixed.ctx.db
        .insertInto('cities')
        .values({
          name: 'Kraków',
          slug: 'krakow',
          country: 'PL',
          timezone: 'Europe/Warsaw',
          lat: 50.06,
          lon: 19.94,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const prefixedAdmin = await signInNewAdmin(prefixed, 'en');
      const created = await prefixedAdmin.post(
        '/api/admin/printers',
        printerForm(city.id, { name: 'Wawel', direct_print_code: '515253' }),
      );
      expect(created.statusCode).toBe(201);
      const printer = await prefixed.ctx.db
        .selectFrom('printers')
        .select(['id'])
        .where('name', '=', 'Wawel')
        .executeTakeFirstOrThrow();

      const res = await prefixedAdmin.get(`/api/admin/printers/${printer.id}/sticker.pdf`);
      expect(res.statusCode).toBe(200);
      const text = await pageText(res.rawPayload);
      for (const locale of LOCALES)
        expect(text).toContain(
          translate(locale, 'stickers.pdf.scan', {
            site: 'printomat.test/printomat',
            code: '515253',
          }),
        );
      expect(text).toContain('otwórz printomat.test/printomat i wpisz kod 515253');
      expect(await qrOnPage(res.rawPayload)).toBe(
        `${TEST_PUBLIC_URL}/printomat/printers/${printer.id}`,
      );
    } finally {
      await prefixed.close();
    }
  });
});

describe("a city's stickers", () => {
  it('has a page per printer in service, sorted by name as the city sorts it', async () => {
    // A name with Ł (a byte-order sort would put it after Z).
    const created = await admin.post(
      '/api/admin/printers',
      printerForm(warszawa, { name: 'Łazienki', direct_print_code: '909192' }),
    );
    expect(created.statusCode).toBe(201);
    const buw = await printerNamed('BUW');
    expect(
      (await admin.post(`/api/admin/printers/${buw.id}/decommission`, { decommissioned: true }))
        .statusCode,
    ).toBe(200);

    const res = await admin.get(`/api/admin/printers/stickers.pdf?city_id=${warszawa}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="printomat-stickers-warszawa.pdf"',
    );
    // Polish order: Ł after L, Ż after Z (English would put Żabka before Złote).
    const expected = [
      'Arkadia',
      'Galeria Mokotów',
      'Łazienki',
      'Politechnika',
      'Złote Tarasy',
      'Żabka Marszałkowska',
    ];
    const inService = await t.ctx.db
      .selectFrom('printers')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('city_id', '=', warszawa)
      .where('decommissioned_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(inService.n)).toBe(expected.length);
    expect(await pageCount(res.rawPayload)).toBe(expected.length);
    for (const [index, name] of expected.entries()) {
      const printer = await printerNamed(name);
      const text = await pageText(res.rawPayload, index + 1);
      expect(text).toContain(name);
      expect(text).toContain(printer.direct_print_code);
      expect(await qrOnPage(res.rawPayload, index + 1)).toBe(
        `${TEST_PUBLIC_URL}/printers/${printer.id}`,
      );
    }
  });

  it('answers 404 with a clear message for a city without printers in service or no such city', async () => {
    const city = await t.ctx.db
      .insertInto('cities')
      .values({
        name: 'Gdańsk',
        slug: 'gdansk',
        country: 'PL',
        timezone: 'Europe/Warsaw',
        lat: 54.35,
        lon: 18.65,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const empty = await admin.get(`/api/admin/printers/stickers.pdf?city_id=${city.id}`);
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe(
      'W mieście Gdańsk nie ma czynnych drukarek, więc nie ma naklejek do wydrukowania.',
    );
    const english = await signInNewAdmin(t, 'en');
    expect(
      (await english.get(`/api/admin/printers/stickers.pdf?city_id=${city.id}`)).json().message,
    ).toBe('Gdańsk has no printers in service, so there are no stickers to print.');
    const unknown = await admin.get('/api/admin/printers/stickers.pdf?city_id=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Nie ma takiego miasta.');
    expect((await admin.get('/api/admin/printers/stickers.pdf')).statusCode).toBe(422);
  });
});
