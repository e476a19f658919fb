import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPrinterMailAddresses } from '../src/modules/inbound-mail/inbound-addresses.service';
import { PRINTER_MAIL_LOCAL_PART } from '@printomat/shared';
import { seedDemoData } from '../src/seed/seed';
import { printerForm, signInNewAdmin } from './helpers/admin';
import { createTestApp, TestAgent, type TTestApp } from './helpers/test-app';

// Issue 14 point 2: every printer's print-by-e-mail address is made from its name at the inbound
// mail domain when the admin leaves it blank, is unique, and can only be one that receives mail.

const DOMAIN = 'print.printomat.example';
const LOCAL_PART_MESSAGE =
  'may hold only a–z, 0–9, “.”, “-” and “_” before the @, a dot neither first, last nor twice in a row (at most 64 characters)';

let t: TTestApp;
let admin: TestAgent;
let warszawa: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.ctx.db);
  const city = await t.ctx.db
    .selectFrom('cities')
    .select('id')
    .where('slug', '=', 'warszawa')
    .executeTakeFirstOrThrow();
  warszawa = city.id;
  admin = await signInNewAdmin(t, 'en');
});
afterAll(() => t?.close());

/** A valid printer form whose address is left blank (derived) unless given. */
const printer = (overrides: Record<string, unknown> = {}) => printerForm(warszawa, overrides);

const emailOf = async (id: number) =>
  (
    await t.ctx.db
      .selectFrom('printers')
      .select('email')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).email;

describe('a printer saved with a blank address', () => {
  it('gets one made from its name, transliterated, numbered when taken', async () => {
    const first = await admin.post('/api/admin/printers', printer({ name: 'Müllerstraße Ecke' }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().email).toBe(`muellerstrasse-ecke@${DOMAIN}`);

    const second = await admin.post('/api/admin/printers', printer({ name: 'Müllerstraße Ecke' }));
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().email).toBe(`muellerstrasse-ecke-2@${DOMAIN}`);

    // The seeded demo kiosk holds zlote-tarasy@: a new printer of that name is numbered past it.
    const third = await admin.post('/api/admin/printers', printer({ name: 'Złote  Tarasy' }));
    expect(third.statusCode, third.body).toBe(201);
    expect(third.json().email).toBe(`zlote-tarasy-2@${DOMAIN}`);
    expect(await emailOf(third.json().id)).toBe(`zlote-tarasy-2@${DOMAIN}`);
  });

  it('keeps its own address when saved again, and follows a new name when blanked', async () => {
    const created = (
      await admin.post('/api/admin/printers', printer({ name: 'Grüne Ecke', email: '  ' }))
    ).json();
    expect(created.email).toBe(`gruene-ecke@${DOMAIN}`);

    const again = await admin.put(
      `/api/admin/printers/${created.id}`,
      printer({ name: 'Grüne Ecke', direct_print_code: created.direct_print_code }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().email).toBe(`gruene-ecke@${DOMAIN}`);

    const renamed = await admin.put(
      `/api/admin/printers/${created.id}`,
      printer({ name: 'Żółta Łąka', direct_print_code: created.direct_print_code, email: '' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().email).toBe(`zolta-laka@${DOMAIN}`);
    expect(await emailOf(created.id)).toBe(`zolta-laka@${DOMAIN}`);
  });
});

describe('an address typed by an admin', () => {
  it('is saved in lower case', async () => {
    const res = await admin.post(
      '/api/admin/printers',
      printer({ email: ' Kiosk.One_A@Print.Printomat.Example ' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().email).toBe(`kiosk.one_a@${DOMAIN}`);
    expect(await emailOf(res.json().id)).toBe(`kiosk.one_a@${DOMAIN}`);
    // The public printer page and the map carry it.
    const pub = await new TestAgent(t.app).get(`/api/printers/${res.json().id}`);
    expect(pub.json().email).toBe(`kiosk.one_a@${DOMAIN}`);
  });

  it('is refused at its field, naming the domain, when it is at another domain', async () => {
    const before = await t.ctx.db
      .selectFrom('printers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await admin.post(
      '/api/admin/printers',
      printer({ email: 'kiosk@printomat.example' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: [`must end in @${DOMAIN}: mail to any other domain never reaches this printer`],
    });
    const after = await t.ctx.db
      .selectFrom('printers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const german = await signInNewAdmin(t, 'de');
    const de = await german.post('/api/admin/printers', printer({ email: 'kiosk@gmail.com' }));
    expect(de.json().errors.email).toEqual([
      `muss auf @${DOMAIN} enden: Mail an eine andere Domain erreicht diesen Drucker nie`,
    ]);
  });

  it('may hold only a-z, 0-9, ".", "-" and "_" before the @', async () => {
    const res = await admin.post(
      '/api/admin/printers',
      printer({ email: `kiosk+print@${DOMAIN}` }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: [LOCAL_PART_MESSAGE] });
  });

  it('may not start or end with a dot, nor hold two in a row', async () => {
    for (const local of ['.kiosk', 'kiosk.', 'kiosk..one']) {
      // The shared rule (the start-up address check uses it too), and the admin form's answer.
      expect(PRINTER_MAIL_LOCAL_PART.test(local), local).toBe(false);
      const res = await admin.post('/api/admin/printers', printer({ email: `${local}@${DOMAIN}` }));
      expect(res.statusCode, local).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['email']);
    }
    expect(PRINTER_MAIL_LOCAL_PART.test('kiosk.two')).toBe(true);
    const fine = await admin.post('/api/admin/printers', printer({ email: `kiosk.two@${DOMAIN}` }));
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('is refused when another printer holds it, also in another case', async () => {
    const res = await admin.post(
      '/api/admin/printers',
      printer({ email: `Zlote-Tarasy@${DOMAIN}` }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['has already been taken'] });
  });
});

describe('another inbound mail domain', () => {
  let other: TTestApp;
  beforeAll(async () => {
    other = await createTestApp({ INBOUND_MAIL_DOMAIN: 'mail.example.org' });
    await seedDemoData(other.ctx.db, new Date(), other.ctx.config.inbound.domain);
  });
  afterAll(() => other?.close());

  it('is where the demo printers and new printers get their addresses', async () => {
    const kiosk = await other.ctx.db
      .selectFrom('printers')
      .select('email')
      .where('name', '=', 'Złote Tarasy')
      .executeTakeFirstOrThrow();
    expect(kiosk.email).toBe('zlote-tarasy@mail.example.org');

    const otherAdmin = await signInNewAdmin(other, 'pl');
    const city = await other.ctx.db
      .selectFrom('cities')
      .select('id')
      .where('slug', '=', 'warszawa')
      .executeTakeFirstOrThrow();
    const created = await otherAdmin.post(
      '/api/admin/printers',
      printer({ name: 'Dworzec Główny', city_id: city.id }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().email).toBe('dworzec-glowny@mail.example.org');

    const refused = await otherAdmin.post(
      '/api/admin/printers',
      printer({ city_id: city.id, email: `dworzec@${DOMAIN}` }),
    );
    expect(refused.json().errors.email).toEqual([
      'musi kończyć się na @mail.example.org: poczta do innej domeny nigdy nie trafi do tej drukarki',
    ]);
  });
});

describe('printers from before print by e-mail, at the server’s start', () => {
  it('get an address at the domain: none, the old z-ote-tarasy kind, another domain; chosen ones stay', async () => {
    const kiosk = await t.ctx.db
      .selectFrom('printers')
      .select('id')
      .where('name', '=', 'Złote Tarasy')
      .executeTakeFirstOrThrow();
    const make = async (name: string, email: string | null) => {
      const res = await admin.post('/api/admin/printers', printer({ name }));
      expect(res.statusCode, res.body).toBe(201);
      const id: number = res.json().id;
      await t.ctx.db.updateTable('printers').set({ email }).where('id', '=', id).execute();
      return id;
    };
    // The old rule turned every letter outside a–z into '-'.
    await t.ctx.db
      .updateTable('printers')
      .set({ email: `z-ote-tarasy@${DOMAIN}` })
      .where('id', '=', kiosk.id)
      .execute();
    const none = await make('Dworzec Wschodni', null);
    const elsewhere = await make('Stary Rynek', 'stary-rynek@printomat.example');
    const badElsewhere = await make('Łódź Fabryczna', '.odd..one@old.example');
    const chosen = await make('Chosen One', `front-desk@${DOMAIN}`);

    expect(await fillPrinterMailAddresses(t.ctx)).toBe(4);
    expect(await emailOf(kiosk.id)).toBe(`zlote-tarasy@${DOMAIN}`);
    expect(await emailOf(none)).toBe(`dworzec-wschodni@${DOMAIN}`);
    expect(await emailOf(elsewhere)).toBe(`stary-rynek@${DOMAIN}`);
    expect(await emailOf(badElsewhere)).toBe(`lodz-fabryczna@${DOMAIN}`);
    expect(await emailOf(chosen)).toBe(`front-desk@${DOMAIN}`);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['subject_id', 'details'])
      .where('action', '=', 'printer.mail_address_renewed')
      .execute();
    expect(audit.map((a) => Number(a.subject_id)).sort((a, b) => a - b)).toEqual(
      [kiosk.id, none, elsewhere, badElsewhere].sort((a, b) => a - b),
    );

    // Idempotent: the next start changes nothing.
    expect(await fillPrinterMailAddresses(t.ctx)).toBe(0);
  });

  it('numbers an address made at start-up past one another printer holds', async () => {
    const res = await admin.post('/api/admin/printers', printer({ name: 'Plac Grzybowski' }));
    const id: number = res.json().id;
    await t.ctx.db.updateTable('printers').set({ email: null }).where('id', '=', id).execute();
    const other = await admin.post('/api/admin/printers', printer({ name: 'Other' }));
    await t.ctx.db
      .updateTable('printers')
      .set({ email: `plac-grzybowski@${DOMAIN}` })
      .where('id', '=', other.json().id)
      .execute();
    expect(await fillPrinterMailAddresses(t.ctx)).toBe(1);
    expect(await emailOf(id)).toBe(`plac-grzybowski-2@${DOMAIN}`);
  });
});
