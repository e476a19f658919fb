import type { TInvoiceParty } from '../../db/schema';
import type { TInvoiceLineModel, TInvoiceModel, TInvoicePaymentMethod } from './invoice-model';
import {
  clip,
  commonSaleDay,
  escapeXml,
  formatAmount,
  groupPayments,
  saleDayOf,
} from './invoice-xml-format';

// The KSeF e-invoice in the FA(3) structure (schema 1-0E). The order of elements follows
// schemat.xsd exactly; a test validates every variant against the vendored official schema.

const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';
const ETD_NAMESPACE = 'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/';

/** TFormaPlatnosci: 2 karta, 6 przelew, 7 mobilna (BLIK and SMS are paid by phone). */
const PAYMENT_FORM: Record<TInvoicePaymentMethod, string> = {
  card: '2',
  transfer: '6',
  blik: '7',
  sms: '7',
};

/** The P_13_x / P_14_x pair each rate is summed in (FA(3): 1 basic, 2 first reduced, 3 second reduced). */
const RATE_FIELD: Record<number, number> = { 23: 1, 22: 1, 8: 2, 7: 2, 5: 3 };

/** TKodyKrajowUE: buyers with these prefixes are named by KodUE + NrVatUE. */
const EU_VAT_PREFIXES = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'EL',
  'HR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

/** ZaplataCzesciowa may occur at most 100 times. */
const MAX_PARTIAL_PAYMENTS = 100;

type TXmlNode = [name: string, content: string | TXmlNode[]];

/** The KSeF FA(3) XML of an invoice (valid against the official schema). Same model, same bytes. */
export function buildInvoiceXml(model: TInvoiceModel): string {
  const root: TXmlNode[] = [
    ['Naglowek', header(model)],
    ['Podmiot1', seller(model.seller, model.buyer.taxCountry !== 'PL')],
    ['Podmiot2', buyer(model.buyer)],
    ['Fa', invoiceBody(model)],
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Faktura xmlns="${FA3_NAMESPACE}" xmlns:etd="${ETD_NAMESPACE}">`,
    ...root.map((node) => render(node, 1)),
    '</Faktura>',
    '',
  ].join('\n');
}

function header(model: TInvoiceModel): TXmlNode[] {
  return [
    ['KodFormularza', 'FA'],
    ['WariantFormularza', '3'],
    ['DataWytworzeniaFa', creationMoment(model)],
    ['SystemInfo', 'Printomat'],
  ];
}

/** When the invoice was made: the model's moment, else the start of its issue day (never the clock). */
function creationMoment(model: TInvoiceModel): string {
  // new Date(): a driver that hands timestamps over as strings must not break the XML.
  if (model.createdAt) return new Date(model.createdAt).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `${model.issueDate}T00:00:00Z`;
}

function seller(party: TInvoiceParty, withVatPrefix: boolean): TXmlNode[] {
  const nodes: TXmlNode[] = [];
  // The "PL" VAT prefix is printed for intra-community customers (art. 97 ust. 10).
  if (withVatPrefix) nodes.push(['PrefiksPodatnika', 'PL']);
  nodes.push(
    [
      'DaneIdentyfikacyjne',
      [
        ['NIP', party.taxId],
        ['Nazwa', text(party.name, 512)],
      ],
    ],
    ['Adres', address(party)],
  );
  if (party.email) nodes.push(['DaneKontaktowe', [['Email', text(party.email, 255)]]]);
  return nodes;
}

function buyer(party: TInvoiceParty): TXmlNode[] {
  const nodes: TXmlNode[] = [
    ['DaneIdentyfikacyjne', [...buyerTaxId(party), ['Nazwa', text(party.name, 512)]]],
    ['Adres', address(party)],
  ];
  if (party.email) nodes.push(['DaneKontaktowe', [['Email', text(party.email, 255)]]]);
  // Not a local government unit (JST) nor a VAT group member (GV): FA(3) requires both answers.
  nodes.push(['JST', '2'], ['GV', '2']);
  return nodes;
}

function buyerTaxId(party: TInvoiceParty): TXmlNode[] {
  if (party.taxCountry === 'PL') return [['NIP', party.taxId]];
  if (EU_VAT_PREFIXES.has(party.taxCountry)) {
    return [
      ['KodUE', party.taxCountry],
      ['NrVatUE', party.taxId],
    ];
  }
  return [
    ['KodKraju', party.country],
    ['NrID', text(party.taxId, 50)],
  ];
}

function address(party: TInvoiceParty): TXmlNode[] {
  const cityLine = `${party.postcode} ${party.city}`.trim();
  const street = party.address.trim();
  const nodes: TXmlNode[] = [['KodKraju', party.country]];
  if (street) nodes.push(['AdresL1', text(street, 512)]);
  if (cityLine) nodes.push([street ? 'AdresL2' : 'AdresL1', text(cityLine, 512)]);
  return nodes;
}

function invoiceBody(model: TInvoiceModel): TXmlNode[] {
  // Each purchase is sold on its payment day: one P_6 when all lines share it, else a P_6A in
  // every line. FA(3) gives either only when it differs from the issue date (P_1).
  const saleDay = model.lines.length > 0 ? commonSaleDay(model.lines) : model.saleDate;
  const lineSaleDay = (line: TInvoiceLineModel): string | null => {
    if (saleDay !== null) return null;
    const day = saleDayOf(line);
    return day === model.issueDate ? null : day;
  };
  const nodes: TXmlNode[] = [
    ['KodWaluty', model.currency],
    ['P_1', model.issueDate],
    ['P_1M', text(model.placeOfIssue, 240)],
    ['P_2', text(model.number, 240)],
  ];
  if (saleDay !== null && saleDay !== model.issueDate) nodes.push(['P_6', saleDay]);
  nodes.push(
    ...rateTotals(model.lines),
    ['P_15', formatAmount(model.totals.grossMinor)],
    ['Adnotacje', annotations()],
    ['RodzajFaktury', model.kind === 'correction' ? 'KOR' : 'VAT'],
  );
  if (model.kind === 'correction') nodes.push(...correctionReference(model));
  nodes.push(
    ...model.lines.map((line): TXmlNode => ['FaWiersz', lineNodes(line, lineSaleDay(line))]),
  );
  if (model.kind === 'invoice') {
    const payment = paymentNodes(model.lines);
    if (payment.length > 0) nodes.push(['Platnosc', payment]);
  }
  return nodes;
}

/** Net and VAT per rate; a correction's are 'after' minus 'before'. */
function rateTotals(lines: TInvoiceLineModel[]): TXmlNode[] {
  const sums = new Map<number, { net: number; vat: number }>();
  for (const line of lines) {
    const field = RATE_FIELD[line.vatRate];
    if (field === undefined) throw new Error(`VAT rate ${line.vatRate} % has no FA(3) field here`);
    const sign = line.state === 'before' ? -1 : 1;
    const sum = sums.get(field) ?? { net: 0, vat: 0 };
    sum.net += sign * line.netMinor;
    sum.vat += sign * line.vatMinor;
    sums.set(field, sum);
  }
  if (sums.size === 0) sums.set(1, { net: 0, vat: 0 });
  return [...sums.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([field, sum]): TXmlNode[] => [
      [`P_13_${field}`, formatAmount(sum.net)],
      [`P_14_${field}`, formatAmount(sum.vat)],
    ]);
}

/** Every annotation answered "no": no cash accounting, self-billing, reverse charge, split payment, exemption, new vehicles, triangulation or margin scheme. */
function annotations(): TXmlNode[] {
  return [
    ['P_16', '2'],
    ['P_17', '2'],
    ['P_18', '2'],
    ['P_18A', '2'],
    ['Zwolnienie', [['P_19N', '1']]],
    ['NoweSrodkiTransportu', [['P_22N', '1']]],
    ['P_23', '2'],
    ['PMarzy', [['P_PMarzyN', '1']]],
  ];
}

function correctionReference(model: TInvoiceModel): TXmlNode[] {
  const correction = model.correction;
  if (!correction) throw new Error(`correction ${model.number} names no corrected invoice`);
  const ksef: TXmlNode[] = correction.correctedKsefNumber
    ? [
        ['NrKSeF', '1'],
        ['NrKSeFFaKorygowanej', correction.correctedKsefNumber],
      ]
    : [['NrKSeFN', '1']];
  const nodes: TXmlNode[] = [];
  const reason = correction.reason.trim();
  if (reason) nodes.push(['PrzyczynaKorekty', text(reason, 240)]);
  // 2: a refund lowers the tax base when the correcting invoice is issued (art. 29a ust. 13).
  nodes.push(['TypKorekty', '2']);
  nodes.push([
    'DaneFaKorygowanej',
    [
      ['DataWystFaKorygowanej', correction.correctedIssueDate],
      ['NrFaKorygowanej', text(correction.correctedNumber, 240)],
      ...ksef,
    ],
  ]);
  return nodes;
}

function lineNodes(line: TInvoiceLineModel, saleDay: string | null): TXmlNode[] {
  const nodes: TXmlNode[] = [['NrWierszaFa', String(line.position)]];
  if (saleDay) nodes.push(['P_6A', saleDay]);
  nodes.push(
    ['P_7', text(line.description, 512)],
    ['P_8A', 'szt.'],
    ['P_8B', String(line.quantity)],
    ['P_9A', formatAmount(line.unitNetMinor)],
    ['P_11', formatAmount(line.netMinor)],
    ['P_12', String(line.vatRate)],
  );
  if (line.state === 'before') nodes.push(['StanPrzed', '1']);
  return nodes;
}

/**
 * Paid in full: one payment day and method gives Zaplacono + DataZaplaty; purchases paid on
 * different days or by different methods are listed as partial payments that add up to the whole.
 */
function paymentNodes(lines: TInvoiceLineModel[]): TXmlNode[] {
  if (lines.length === 0) return [];
  let parts = groupPayments(lines, (line) => PAYMENT_FORM[line.paymentMethod]);
  if (parts.length > MAX_PARTIAL_PAYMENTS) parts = groupPayments(lines, () => null);
  const last = parts[parts.length - 1];
  if (!last) return [];
  if (parts.length === 1 || parts.length > MAX_PARTIAL_PAYMENTS) {
    const methods = new Set(lines.map((line) => PAYMENT_FORM[line.paymentMethod]));
    const nodes: TXmlNode[] = [
      ['Zaplacono', '1'],
      ['DataZaplaty', last.day],
    ];
    const [form] = [...methods];
    if (methods.size === 1 && form) nodes.push(['FormaPlatnosci', form]);
    return nodes;
  }
  return [
    // 2: paid in full, in several parts.
    ['ZnacznikZaplatyCzesciowej', '2'],
    ...parts.map((part): TXmlNode => {
      const nodes: TXmlNode[] = [
        ['KwotaZaplatyCzesciowej', formatAmount(part.grossMinor)],
        ['DataZaplatyCzesciowej', part.day],
      ];
      if (part.key) nodes.push(['FormaPlatnosci', part.key]);
      return ['ZaplataCzesciowa', nodes];
    }),
  ];
}

/** Free text, clipped to the schema's limit and escaped once at render time. */
function text(value: string, max: number): string {
  return clip(value, max);
}

function render([name, content]: TXmlNode, depth: number): string {
  const indent = '  '.repeat(depth);
  if (typeof content === 'string') {
    const attributes = name === 'KodFormularza' ? ' kodSystemowy="FA (3)" wersjaSchemy="1-0E"' : '';
    return `${indent}<${name}${attributes}>${escapeXml(content)}</${name}>`;
  }
  return [
    `${indent}<${name}>`,
    ...content.map((child) => render(child, depth + 1)),
    `${indent}</${name}>`,
  ].join('\n');
}
