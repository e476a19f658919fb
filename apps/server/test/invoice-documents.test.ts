import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TInvoiceParty } from '../src/db/schema';
import type { TInvoiceLineModel, TInvoiceModel } from '../src/modules/invoices/invoice-model';
import { renderInvoicePdf } from '../src/modules/invoices/invoice-pdf';
import { buildInvoiceXml } from '../src/modules/invoices/invoice-xml';

// The invoice documents of issue 15: every FA(3) XML is checked by xmllint against the official
// schema (vendored in fixtures/ksef-fa3), and the PDF's text is read back with pdftotext.

const run = promisify(execFile);
const SCHEMA = path.join(__dirname, 'fixtures', 'ksef-fa3', 'schemat.xsd');
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'invoice-documents-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const SELLER: TInvoiceParty = {
  name: 'Printomat sp. z o.o.',
  address: 'ul. Marszałkowska 1',
  postcode: '00-001',
  city: 'Warszawa',
  country: 'PL',
  taxCountry: 'PL',
  taxId: '5261040828',
  email: 'faktury@printomat.example',
  bankAccount: 'PL61109010140000071219812874',
};

const BUYER_PL: TInvoiceParty = {
  name: 'Biuro Rachunkowe Żółć Sp. J.',
  address: 'ul. Świętokrzyska 12/4',
  postcode: '31-042',
  city: 'Kraków',
  country: 'PL',
  taxCountry: 'PL',
  taxId: '6762471590',
  email: 'ksiegowosc@zolc.example',
};

function line(overrides: Partial<TInvoiceLineModel> & { position: number }): TInvoiceLineModel {
  return {
    state: 'sale',
    description: 'Pakiet stron M (2000 stron, ważny 90 dni)',
    quantity: 1,
    unitNetMinor: 8130,
    netMinor: 8130,
    vatRate: 23,
    vatMinor: 1870,
    grossMinor: 10000,
    paymentMethod: 'card',
    paidAt: new Date('2026-11-03T10:00:00Z'),
    paymentReference: 'pay_1',
    ...overrides,
  };
}

function totalsOf(lines: TInvoiceLineModel[]) {
  const sign = (l: TInvoiceLineModel) => (l.state === 'before' ? -1 : 1);
  return {
    netMinor: lines.reduce((sum, l) => sum + sign(l) * l.netMinor, 0),
    vatMinor: lines.reduce((sum, l) => sum + sign(l) * l.vatMinor, 0),
    grossMinor: lines.reduce((sum, l) => sum + sign(l) * l.grossMinor, 0),
  };
}

function invoice(overrides: Partial<TInvoiceModel> = {}): TInvoiceModel {
  const lines = overrides.lines ?? [
    line({ position: 1 }),
    line({
      position: 2,
      description: 'Pakiet stron S (500 stron)',
      unitNetMinor: 2439,
      netMinor: 2439,
      vatMinor: 561,
      grossMinor: 3000,
      paymentMethod: 'transfer',
      paidAt: new Date('2026-11-10T23:30:00Z'), // 11 November in Warsaw
    }),
    line({
      position: 3,
      description: 'Pakiet stron L',
      quantity: 2,
      unitNetMinor: 16260,
      netMinor: 32520,
      vatMinor: 7480,
      grossMinor: 40000,
      paymentMethod: 'blik',
      paidAt: new Date('2026-11-20T08:00:00Z'),
    }),
  ];
  return {
    id: 1,
    kind: 'invoice',
    number: 'FV/2026/11/0001',
    issueDate: '2026-12-01',
    saleDate: '2026-11-30',
    period: '2026-11',
    placeOfIssue: 'Warszawa',
    currency: 'PLN',
    seller: SELLER,
    buyer: BUYER_PL,
    locale: 'pl',
    lines,
    totals: totalsOf(lines),
    correction: null,
    ksefNumber: null,
    ...overrides,
  };
}

function correction(correctedKsefNumber: string | null): TInvoiceModel {
  const lines = [
    line({ position: 1, state: 'before' }),
    line({
      position: 1,
      state: 'after',
      quantity: 0,
      netMinor: 0,
      vatMinor: 0,
      grossMinor: 0,
    }),
  ];
  return invoice({
    id: 2,
    kind: 'correction',
    number: 'KOR/2026/12/0001',
    issueDate: '2026-12-14',
    lines,
    totals: totalsOf(lines),
    correction: {
      reason: 'Zwrot zakupu pakietu stron (odstąpienie od umowy)',
      correctedNumber: 'FV/2026/11/0001',
      correctedIssueDate: '2026-12-01',
      correctedKsefNumber,
    },
  });
}

/** xmllint's verdict on a document: exit code 0 means valid against the FA(3) schema. */
async function validate(xml: string, name: string): Promise<{ ok: boolean; output: string }> {
  const file = path.join(dir, `${name}.xml`);
  await fs.writeFile(file, xml);
  try {
    const { stderr } = await run('xmllint', ['--noout', '--nonet', '--schema', SCHEMA, file]);
    return { ok: true, output: stderr };
  } catch (err) {
    const failure = err as { code?: number; stderr?: string };
    return { ok: false, output: `exit ${failure.code}: ${failure.stderr}` };
  }
}

async function expectValid(model: TInvoiceModel, name: string): Promise<string> {
  const xml = buildInvoiceXml(model);
  const verdict = await validate(xml, name);
  expect(verdict.output).toContain('validates');
  expect(verdict.ok).toBe(true);
  return xml;
}

describe('FA(3) XML', () => {
  it('an ordinary invoice with lines paid on different days and by different methods validates', async () => {
    const xml = await expectValid(invoice(), 'ordinary');
    expect(xml).toContain('<RodzajFaktury>VAT</RodzajFaktury>');
    expect(xml).toContain('<P_2>FV/2026/11/0001</P_2>');
    expect(xml).toContain('<P_13_1>430.89</P_13_1>');
    expect(xml).toContain('<P_14_1>99.11</P_14_1>');
    expect(xml).toContain('<P_15>530.00</P_15>');
    expect(xml).toContain('<ZnacznikZaplatyCzesciowej>2</ZnacznikZaplatyCzesciowej>');
    // The transfer at 23:30 UTC on 10 November was paid on 11 November in Poland.
    expect(xml).toMatch(
      /<KwotaZaplatyCzesciowej>30\.00<\/KwotaZaplatyCzesciowej>\s*<DataZaplatyCzesciowej>2026-11-11<\/DataZaplatyCzesciowej>\s*<FormaPlatnosci>6<\/FormaPlatnosci>/,
    );
    expect(xml).toMatch(
      /<DataZaplatyCzesciowej>2026-11-20<\/DataZaplatyCzesciowej>\s*<FormaPlatnosci>7</,
    );
    expect(xml).toMatch(
      /<DataZaplatyCzesciowej>2026-11-03<\/DataZaplatyCzesciowej>\s*<FormaPlatnosci>2</,
    );
    expect(xml).toContain('<DataWytworzeniaFa>2026-12-01T00:00:00Z</DataWytworzeniaFa>');
  });

  it('lines paid on different days each carry their sale day (P_6A), with no P_6', async () => {
    const xml = await expectValid(invoice(), 'sale-days');
    expect(xml).not.toContain('<P_6>');
    expect(xml).not.toContain('2026-11-30');
    const saleDays = [
      ...xml.matchAll(/<NrWierszaFa>(\d+)<\/NrWierszaFa>\s*<P_6A>([\d-]+)<\/P_6A>/g),
    ];
    // Each prepaid purchase is sold on its (Polish) payment day: the transfer on 11 November.
    expect(saleDays.map(([, position, day]) => `${position} ${day}`)).toEqual([
      '1 2026-11-03',
      '2 2026-11-11',
      '3 2026-11-20',
    ]);
  });

  it('a line sold on the issue day has no P_6A: P_1 already says its day', async () => {
    const lines = [
      line({ position: 1 }),
      line({ position: 2, paidAt: new Date('2026-11-15T09:00:00Z') }),
    ];
    const xml = await expectValid(
      invoice({ issueDate: '2026-11-15', lines, totals: totalsOf(lines) }),
      'sale-day-is-issue-day',
    );
    expect(xml).not.toContain('<P_6>');
    expect(xml.match(/<P_6A>/g)).toHaveLength(1);
    expect(xml).toMatch(/<NrWierszaFa>1<\/NrWierszaFa>\s*<P_6A>2026-11-03<\/P_6A>/);
    expect(xml).toMatch(/<NrWierszaFa>2<\/NrWierszaFa>\s*<P_7>/);
  });

  it('is the same document every time for one model, whenever it is built', () => {
    expect(atClock('2027-01-01', () => buildInvoiceXml(invoice()))).toBe(
      atClock('2031-06-30', () => buildInvoiceXml(invoice())),
    );
  });

  it('says when the invoice was made when the model knows it', async () => {
    const xml = await expectValid(
      invoice({ createdAt: new Date('2026-11-30T23:00:04.123Z') }),
      'created-at',
    );
    expect(xml).toContain('<DataWytworzeniaFa>2026-11-30T23:00:04Z</DataWytworzeniaFa>');
  });

  it('one payment day and method is "paid" with its date', async () => {
    const xml = await expectValid(
      invoice({ lines: [line({ position: 1 }), line({ position: 2 })] }),
      'one-payment',
    );
    // All sold on one day: one P_6 for the invoice, none per line.
    expect(xml).toContain('<P_6>2026-11-03</P_6>');
    expect(xml).not.toContain('<P_6A>');
    expect(xml).toMatch(
      /<Platnosc>\s*<Zaplacono>1<\/Zaplacono>\s*<DataZaplaty>2026-11-03<\/DataZaplaty>\s*<FormaPlatnosci>2<\/FormaPlatnosci>\s*<\/Platnosc>/,
    );
  });

  it('a buyer with a German VAT number is named by KodUE and NrVatUE', async () => {
    const buyer: TInvoiceParty = {
      name: 'Müller Druck GmbH',
      address: 'Hauptstraße 5',
      postcode: '10115',
      city: 'Berlin',
      country: 'DE',
      taxCountry: 'DE',
      taxId: '123456789',
    };
    const xml = await expectValid(invoice({ buyer, locale: 'de' }), 'eu-buyer');
    expect(xml).toMatch(/<KodUE>DE<\/KodUE>\s*<NrVatUE>123456789<\/NrVatUE>/);
    expect(xml).toContain('<PrefiksPodatnika>PL</PrefiksPodatnika>');
  });

  it('company names with &, quotes, < > and Polish letters are escaped and still valid', async () => {
    // \u0007 (a bell pasted with the name) is not allowed in XML at all: it is dropped.
    const buyer = { ...BUYER_PL, name: `"Łódź & Syn" <Spółka> Zażółć 'gęślą'\u0007 jaźń` };
    const xml = await expectValid(invoice({ buyer }), 'escaping');
    expect(xml).toContain(
      '<Nazwa>&quot;Łódź &amp; Syn&quot; &lt;Spółka&gt; Zażółć &apos;gęślą&apos; jaźń</Nazwa>',
    );
  });

  it('awkward amounts (1 grosz, half-grosz rounding) are written with two decimals', async () => {
    const lines = [
      // 1 grosz gross: net 1, VAT 0 (0.23 rounds down).
      line({ position: 1, unitNetMinor: 1, netMinor: 1, vatMinor: 0, grossMinor: 1 }),
      // net 0.50 → VAT 0.115 → 0.12 (half up).
      line({ position: 2, unitNetMinor: 50, netMinor: 50, vatMinor: 12, grossMinor: 62 }),
      // net 1.50 → VAT 0.345 → 0.35.
      line({
        position: 3,
        quantity: 3,
        unitNetMinor: 50,
        netMinor: 150,
        vatMinor: 35,
        grossMinor: 185,
      }),
      line({
        position: 4,
        unitNetMinor: 100000000,
        netMinor: 100000000,
        vatMinor: 23000000,
        grossMinor: 123000000,
      }),
    ];
    const xml = await expectValid(invoice({ lines, totals: totalsOf(lines) }), 'awkward');
    expect(xml).toContain('<P_9A>0.01</P_9A>');
    expect(xml).toContain('<P_11>0.50</P_11>');
    expect(xml).toContain('<P_11>1000000.00</P_11>');
    expect(xml).toContain('<P_13_1>1000002.01</P_13_1>');
    expect(xml).toContain('<P_14_1>230000.47</P_14_1>');
    expect(xml).toContain('<P_15>1230002.48</P_15>');
  });

  it('a correction that names the corrected invoice by its KSeF number validates', async () => {
    const xml = await expectValid(
      correction('5261040828-20261201-0A1B2C3D4E5F-7A'),
      'correction-ksef',
    );
    expect(xml).toContain('<RodzajFaktury>KOR</RodzajFaktury>');
    expect(xml).toMatch(
      /<NrKSeF>1<\/NrKSeF>\s*<NrKSeFFaKorygowanej>5261040828-20261201-0A1B2C3D4E5F-7A</,
    );
    expect(xml).toContain('<NrFaKorygowanej>FV/2026/11/0001</NrFaKorygowanej>');
    expect(xml).toContain('<StanPrzed>1</StanPrzed>');
    expect(xml).toContain('<P_15>-100.00</P_15>');
    expect(xml).toContain('<P_13_1>-81.30</P_13_1>');
    expect(xml).toContain(
      '<PrzyczynaKorekty>Zwrot zakupu pakietu stron (odstąpienie od umowy)</PrzyczynaKorekty>',
    );
  });

  it('a correction of an invoice KSeF has not numbered says NrKSeFN', async () => {
    const xml = await expectValid(correction(null), 'correction-no-ksef');
    expect(xml).toContain('<NrKSeFN>1</NrKSeFN>');
    expect(xml).not.toContain('NrKSeFFaKorygowanej');
    // The corrected purchase keeps its own sale day, not the correction's or the month's end.
    expect(xml).toContain('<P_6>2026-11-03</P_6>');
    expect(xml).not.toContain('<P_6A>');
  });

  it("a correction of purchases paid on different days keeps each row's sale day", async () => {
    const paidAt = new Date('2026-11-20T08:00:00Z');
    const lines = [
      line({ position: 1, state: 'before' }),
      line({ position: 1, state: 'after', quantity: 0, netMinor: 0, vatMinor: 0, grossMinor: 0 }),
      line({ position: 2, state: 'before', paidAt }),
      line({
        position: 2,
        state: 'after',
        paidAt,
        quantity: 0,
        netMinor: 0,
        vatMinor: 0,
        grossMinor: 0,
      }),
    ];
    const model = { ...correction(null), lines, totals: totalsOf(lines) };
    const xml = await expectValid(model, 'correction-sale-days');
    expect(xml).not.toContain('<P_6>');
    const saleDays = [...xml.matchAll(/<P_6A>([\d-]+)<\/P_6A>/g)].map(([, day]) => day);
    expect(saleDays).toEqual(['2026-11-03', '2026-11-03', '2026-11-20', '2026-11-20']);
    expect(xml).toContain('<P_15>-200.00</P_15>');
  });

  it('the check can fail: a NIP with 9 digits is rejected by the schema', async () => {
    const xml = buildInvoiceXml(invoice({ buyer: { ...BUYER_PL, taxId: '676247159' } }));
    const verdict = await validate(xml, 'broken');
    expect(verdict.ok).toBe(false);
    expect(verdict.output).toContain('exit 3');
    expect(verdict.output).toContain("'676247159' is not accepted by the pattern");
  });
});

/** The PDF's text as pdftotext reads it, with its page count. */
async function pdfText(pdf: Uint8Array, name: string): Promise<{ text: string; pages: number }> {
  const file = path.join(dir, `${name}.pdf`);
  await fs.writeFile(file, pdf);
  const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
  const { stdout: info } = await run('pdfinfo', [file]);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  return { text, pages };
}

describe('invoice PDF', () => {
  it('prints the number, both tax numbers, Polish totals and Polish letters; Polish only for pl customers', async () => {
    const { text, pages } = await pdfText(await renderInvoicePdf(invoice()), 'pl');
    expect(pages).toBe(1);
    expect(text).toContain('Faktura VAT');
    expect(text).not.toContain('Invoice');
    expect(text).toContain('FV/2026/11/0001');
    expect(text).toContain('NIP: 5261040828');
    expect(text).toContain('NIP: 6762471590');
    expect(text).toContain('Biuro Rachunkowe Żółć Sp. J.');
    expect(text).toContain('ul. Świętokrzyska 12/4');
    expect(text).toMatch(/Razem netto\s+430,89 zł/);
    expect(text).toMatch(/VAT 23 %\s+99,11 zł/);
    expect(text).toMatch(/Razem brutto\s+530,00 zł/);
    // Paid in three parts: day, method, amount (the transfer on the Polish day).
    expect(text).toMatch(/2026-11-11\s+przelew\s+30,00 zł/);
    expect(text).toMatch(/2026-11-20\s+BLIK\s+400,00 zł/);
    expect(text).toMatch(/2026-11-03\s+karta\s+100,00 zł/);
    // Sold on three days: the heading says so and each line shows its own sale date.
    expect(text).toContain('Data sprzedaży: podana przy każdej pozycji');
    expect(text).not.toContain('2026-11-30');
    for (const day of ['2026-11-03', '2026-11-11', '2026-11-20'])
      expect(text).toContain(`Data sprzedaży: ${day}`);
  });

  it('one sale date in the heading when every line was paid on the same day', async () => {
    const lines = [line({ position: 1 }), line({ position: 2, description: 'Pakiet stron S' })];
    const model = invoice({ locale: 'de', lines, totals: totalsOf(lines) });
    const { text } = await pdfText(await renderInvoicePdf(model), 'one-sale-day');
    expect(text).toContain('Data sprzedaży / Leistungsdatum: 2026-11-03');
    expect(text.match(/Data sprzedaży/g)).toHaveLength(1);
  });

  it('an en customer reads "Faktura VAT / Invoice", with thousands grouped the Polish way', async () => {
    const lines = [
      line({
        position: 1,
        unitNetMinor: 100370,
        netMinor: 100370,
        vatMinor: 23085,
        grossMinor: 123455,
      }),
      line({ position: 2, unitNetMinor: 1, netMinor: 1, vatMinor: 0, grossMinor: 1 }),
    ];
    const model = invoice({
      locale: 'en',
      lines,
      totals: totalsOf(lines),
      ksefNumber: '5261040828-20261201-0A1B2C3D4E5F-7A',
    });
    const { text } = await pdfText(await renderInvoicePdf(model), 'en');
    expect(text).toContain('Faktura VAT / Invoice');
    expect(text).toContain('Data wystawienia / Date of issue: 2026-12-01');
    expect(text).toContain('Numer KSeF / KSeF number: 5261040828-20261201-0A1B2C3D4E5F-7A');
    expect(text).toMatch(/Razem brutto \/ Total gross\s+1 234,56 zł/);
    expect(text).toContain('0,01');
  });

  it('a German customer with an EU VAT number and a long name that wraps', async () => {
    const buyer: TInvoiceParty = {
      name: 'Müller & Söhne Druck- und Verlagsgesellschaft mit beschränkter Haftung Zweigniederlassung Berlin-Charlottenburg',
      address: 'Hauptstraße 5',
      postcode: '10115',
      city: 'Berlin',
      country: 'DE',
      taxCountry: 'DE',
      taxId: '123456789',
    };
    const { text } = await pdfText(await renderInvoicePdf(invoice({ buyer, locale: 'de' })), 'de');
    expect(text).toContain('Faktura VAT / Rechnung');
    expect(text).toContain('Numer VAT UE / USt-IdNr.: DE123456789');
    expect(text).toContain('Berlin-Charlottenburg');
    const nameLines = text.split('\n').filter((l) => /Müller|Zweigniederlassung/.test(l));
    expect(nameLines.length).toBeGreaterThan(1);
  });

  it('a correction shows the rows before and after, the difference, the reason and the corrected invoice', async () => {
    const model = { ...correction('5261040828-20261201-0A1B2C3D4E5F-7A'), locale: 'en' as const };
    const { text } = await pdfText(await renderInvoicePdf(model), 'correction');
    expect(text).toContain('Faktura korygująca / Corrective invoice');
    expect(text).toContain('KOR/2026/12/0001');
    expect(text).toContain('przed korektą / before correction');
    expect(text).toContain('po korekcie / after correction');
    expect(text).toMatch(/różnica \/ difference\s+-1 szt\.\s+-81,30\s+-18,70\s+-100,00/);
    expect(text).toContain(
      'Faktura korygowana / Corrected invoice: FV/2026/11/0001 z dnia 2026-12-01',
    );
    expect(text).toContain('5261040828-20261201-0A1B2C3D4E5F-7A');
    expect(text).toContain(
      'Przyczyna korekty / Reason for correction: Zwrot zakupu pakietu stron (odstąpienie od umowy)',
    );
    expect(text).toMatch(/Do zwrotu \/ To be refunded\s+100,00 zł/);
  });

  it('an invoice of 40 lines flows onto a second page, headed and numbered', async () => {
    const lines = Array.from({ length: 40 }, (_, i) =>
      line({ position: i + 1, description: `Pakiet stron ${i + 1}` }),
    );
    const { text, pages } = await pdfText(
      await renderInvoicePdf(invoice({ lines, totals: totalsOf(lines) })),
      'long',
    );
    expect(pages).toBe(2);
    const [first = '', second = ''] = text.split('\f');
    expect(first).toContain('Strona 1 z 2');
    expect(second).toContain('Strona 2 z 2');
    expect(second).toContain('Pakiet stron 40');
    expect(second).toContain('Lp.');
    expect(second).toMatch(/Razem brutto\s+4 000,00 zł/);
  });

  it('is the same file every time for one model, whenever it is drawn', async () => {
    const a = await atClock('2027-01-01', () => renderInvoicePdf(invoice()));
    const b = await atClock('2031-06-30', () => renderInvoicePdf(invoice()));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});

/** Runs `work` with the clock (Date only) set to `day`: a document must not depend on it. */
function atClock<T>(day: string, work: () => T): T {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${day}T12:00:00Z`));
  try {
    const result = work();
    if (result instanceof Promise) return result.finally(() => vi.useRealTimers()) as T;
    vi.useRealTimers();
    return result;
  } catch (error) {
    vi.useRealTimers();
    throw error;
  }
}
