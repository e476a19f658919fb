import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import {
  addMonthlyCounts,
  addMonthlyUser,
  monthOf,
} from '../src/modules/printers/printer-stats.repo';
import { seedDemoData } from '../src/seed/seed';
import { printerForm, signInNewAdmin, WEEKDAYS_8_TO_20 } from './helpers/admin';
import { makePdf } from './helpers/fixtures';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

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
  admin = await signInAdmin();
});
afterAll(() => t?.close());

const signInAdmin = (locale: 'en' | 'de' | 'pl' = 'en') => signInNewAdmin(t, locale);

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

/** multipart/form-data with the printer's fields as JSON in `data` and image files. */
function printerMultipart(
  data: unknown,
  files: Array<{ field: string; name: string; content: Buffer }>,
) {
  const boundary = `----printomat${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`,
    ),
  ];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function sendPrinter(
  agent: TestAgent,
  method: 'POST' | 'PUT',
  url: string,
  data: unknown,
  files: Array<{ field: string; name: string; content: Buffer }> = [],
) {
  const body = printerMultipart(data, files);
  return agent.request(method, url, body.payload, {
    headers: { 'content-type': body.contentType },
  });
}

const printerCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('printers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const auditActions = async (printerId: number) =>
  (
    await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'printer')
      .where('subject_id', '=', String(printerId))
      .orderBy('id')
      .execute()
  ).map((r) => r.action);

describe('who may use the printer administration', () => {
  it('refuses guests and people who are not administrators', async () => {
    const guest = new TestAgent(t.app);
    expect((await guest.get('/api/admin/printers')).statusCode).toBe(401);
    const user = new TestAgent(t.app);
    await registerAndSignIn(user);
    for (const [method, url] of [
      ['GET', '/api/admin/printers'],
      ['GET', '/api/admin/printers/1'],
      ['POST', '/api/admin/printers'],
      ['PUT', '/api/admin/printers/1'],
      ['POST', '/api/admin/printers/1/maintenance'],
      ['POST', '/api/admin/printers/1/convert_v3'],
      ['GET', '/api/admin/printers/1/statistics'],
      ['GET', '/api/admin/printers/1/images/photo'],
    ] as const) {
      const res = await user.request(method, url, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const before = await printerCount();
    await user.post('/api/admin/printers', printerForm(warszawa));
    expect(await printerCount()).toBe(before);
  });
});

describe('index and show', () => {
  it('lists every printer with its city and live state', async () => {
    await t.ctx.db
      .updateTable('printers')
      .set({ agent_last_seen_at: new Date() })
      .where('direct_print_code', '=', '418273')
      .execute();
    const res = await admin.get('/api/admin/printers');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const tarasy = body.printers.find(
      (p: { direct_print_code: string }) => p.direct_print_code === '418273',
    );
    expect(tarasy).toMatchObject({
      city: 'Warszawa',
      availability: 'available',
      api_version: expect.any(Number),
    });
    expect(tarasy.last_seen_at).not.toBeNull();
    expect(body.cities.map((c: { name: string }) => c.name)).toContain('Berlin');
    expect(body.printers.some((p: { availability: string }) => p.availability === 'offline')).toBe(
      true,
    );
  });

  it('answers 404 for a printer that does not exist', async () => {
    expect((await admin.get('/api/admin/printers/999999')).statusCode).toBe(404);
  });
});

describe('creating a printer', () => {
  it('says "can\'t be blank" for every required field and saves nothing', async () => {
    const before = await printerCount();
    const res = await admin.post('/api/admin/printers', {
      name: ' ',
      full_name: '',
      country: '',
      street: '',
      house_number: '',
      postcode: '',
      location_x: null,
      location_y: null,
      radius: null,
      city_id: null,
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    for (const field of [
      'name',
      'full_name',
      'country',
      'street',
      'house_number',
      'postcode',
      'location_x',
      'location_y',
      'radius',
      'city_id',
    ])
      expect(errors[field], field).toEqual(["can't be blank"]);
    expect(res.json().message).toBe('Please correct the highlighted fields.');
    expect(await printerCount()).toBe(before);
  });

  it('checks the postcode against the country, the open hours and the city', async () => {
    const res = await admin.post(
      '/api/admin/printers',
      printerForm(warszawa, {
        postcode: '00950',
        open_hours: [
          { weekday: 1, is_open: true, open_time: '8:00', close_time: '20:00' },
          { weekday: 2, is_open: true, open_time: '10:00', close_time: '09:30' },
          { weekday: 3, is_open: true, open_time: '10:00', close_time: '25:00' },
          { weekday: 4, is_open: false, open_time: 'nonsense', close_time: null },
        ],
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      postcode: ['is invalid'],
      'open_hours.0.open_time': ['invalid format'],
      'open_hours.1.close_time': ['close time must be later than open time'],
      'open_hours.2.close_time': ['invalid format'],
    });

    const german = await admin.post(
      '/api/admin/printers',
      printerForm(warszawa, { country: 'DE', city_id: warszawa, postcode: '10115' }),
    );
    expect(german.json().errors).toEqual({ city_id: ['is invalid'] });
    const berliner = await admin.post(
      '/api/admin/printers',
      printerForm(warszawa, { country: 'DE', city_id: berlin, postcode: '00-950' }),
    );
    expect(berliner.json().errors).toEqual({ postcode: ['is invalid'] });
  });

  it('translates the messages into the admin’s language', async () => {
    const polish = await signInAdmin('pl');
    const res = await polish.post(
      '/api/admin/printers',
      printerForm(warszawa, {
        name: '',
        open_hours: [{ weekday: 1, is_open: true, open_time: '12:00', close_time: '11:00' }],
      }),
    );
    expect(res.json().errors).toEqual({
      name: ['nie może być puste'],
      'open_hours.0.close_time': ['godzina zamknięcia musi być późniejsza niż godzina otwarcia'],
    });
    const german = await signInAdmin('de');
    const logo = await sendPrinter(german, 'POST', '/api/admin/printers', printerForm(warszawa), [
      { field: 'logo', name: 'logo.png', content: await png(200, 50) },
    ]);
    expect(logo.json().errors).toEqual({ logo: ['Bild zu klein'] });
  });

  it('creates a printer with open hours and images, and an audit row', async () => {
    const data = printerForm(warszawa, { direct_print_code: '' });
    const res = await sendPrinter(admin, 'POST', '/api/admin/printers', data, [
      {
        field: 'photo',
        name: 'photo.jpg',
        content: await sharp(await png(300, 200))
          .jpeg()
          .toBuffer(),
      },
      { field: 'logo', name: 'logo.png', content: await png(140, 70) },
    ]);
    expect(res.statusCode).toBe(201);
    const printer = res.json();
    expect(printer).toMatchObject({
      name: data.name,
      city: 'Warszawa',
      postcode: '00-950',
      api_version: 2,
      maintenance_mode: false,
      availability: 'offline',
    });
    // An empty code gets a random free one.
    expect(printer.direct_print_code).toMatch(/^\d{6}$/);
    expect(printer.open_hours).toEqual(WEEKDAYS_8_TO_20);
    expect(printer.photo_url).toMatch(
      new RegExp(`^/api/admin/printers/${printer.id}/images/photo`),
    );
    const photo = await admin.get(printer.photo_url);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(photo.rawPayload).metadata()).height).toBe(200);
    const logo = await admin.get(printer.logo_url);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(await auditActions(printer.id)).toEqual(['printer.create']);

    // It is on the public map at once.
    const map = (await new TestAgent(t.app).get('/api/map')).json();
    expect(map.printers.some((p: { id: number }) => p.id === printer.id)).toBe(true);
  });

  it('refuses images that are not jpg or png, or less than 70 px high', async () => {
    const before = await printerCount();
    const gif = await sharp(await png(200, 200))
      .gif()
      .toBuffer();
    const res = await sendPrinter(admin, 'POST', '/api/admin/printers', printerForm(warszawa), [
      { field: 'logo', name: 'logo.png', content: await png(400, 50) },
      { field: 'photo', name: 'photo.gif', content: gif },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ logo: ['image too small'], photo: ['Wrong image format'] });

    const fake = await sendPrinter(admin, 'POST', '/api/admin/printers', printerForm(warszawa), [
      { field: 'photo', name: 'photo.png', content: Buffer.from('\x89PNG\r\n\x1a\nnot really') },
    ]);
    expect(fake.json().errors).toEqual({ photo: ['Wrong image format'] });
    const text = await sendPrinter(admin, 'POST', '/api/admin/printers', printerForm(warszawa), [
      { field: 'logo', name: 'logo.jpg', content: Buffer.from('just some text, not a picture') },
    ]);
    expect(text.json().errors).toEqual({ logo: ['Wrong image format'] });
    expect(await printerCount()).toBe(before);

    const huge = await sendPrinter(admin, 'POST', '/api/admin/printers', printerForm(warszawa), [
      { field: 'photo', name: 'huge.jpg', content: Buffer.alloc(11 * 1024 * 1024, 7) },
      { field: 'logo', name: 'logo.png', content: await png(100, 100) },
    ]);
    expect(huge.statusCode, huge.body).toBe(422);
    expect(huge.json().errors).toEqual({ photo: ['image too large (maximum 10 MB)'] });
    expect(await printerCount()).toBe(before);

    const exactly70 = await sendPrinter(
      admin,
      'POST',
      '/api/admin/printers',
      printerForm(warszawa),
      [{ field: 'logo', name: 'logo.png', content: await png(70, 70) }],
    );
    expect(exactly70.statusCode).toBe(201);
  });

  it('keeps codes, minion ids and e-mail addresses unique', async () => {
    const res = await admin.post(
      '/api/admin/printers',
      printerForm(warszawa, { email: 'bogus', express_email: 'x@example' }),
    );
    expect(res.json().errors).toEqual({ email: ['is invalid'], express_email: ['is invalid'] });
    const taken = await admin.post(
      '/api/admin/printers',
      printerForm(warszawa, {
        direct_print_code: '418273',
        email: 'printer@print.printomat.example',
      }),
    );
    expect(taken.json().errors).toEqual({ direct_print_code: ['has already been taken'] });
    const first = await admin.post(
      '/api/admin/printers',
      printerForm(warszawa, { minion_id: 'kiosk-unique-1' }),
    );
    expect(first.statusCode).toBe(201);
    const second = await admin.post(
      '/api/admin/printers',
      printerForm(warszawa, { minion_id: 'kiosk-unique-1' }),
    );
    expect(second.json().errors).toEqual({ minion_id: ['has already been taken'] });
  });
});

describe('editing a printer', () => {
  it('saves every change, or nothing when anything is invalid', async () => {
    const created = (
      await sendPrinter(admin, 'POST', '/api/admin/printers', printerForm(warszawa), [
        { field: 'photo', name: 'p.png', content: await png(100, 100) },
      ])
    ).json();
    const failed = await sendPrinter(
      admin,
      'PUT',
      `/api/admin/printers/${created.id}`,
      printerForm(warszawa, {
        name: 'Renamed',
        direct_print_code: created.direct_print_code,
        open_hours: [{ weekday: 1, is_open: true, open_time: '09:00', close_time: '08:00' }],
      }),
      [{ field: 'photo', name: 'p2.png', content: await png(300, 300) }],
    );
    expect(failed.statusCode).toBe(422);
    const after = (await admin.get(`/api/admin/printers/${created.id}`)).json();
    expect(after.name).toBe(created.name);
    expect(after.open_hours).toEqual(WEEKDAYS_8_TO_20);
    expect(after.photo_url).toBe(created.photo_url);
    expect((await admin.get(after.photo_url)).statusCode).toBe(200);

    const saved = await admin.put(`/api/admin/printers/${created.id}`, {
      ...printerForm(warszawa, { name: 'Renamed', direct_print_code: created.direct_print_code }),
      remove_photo: true,
      open_hours: WEEKDAYS_8_TO_20.map((d) =>
        d.weekday === 6 ? { ...d, is_open: true, open_time: '10:00', close_time: '14:00' } : d,
      ),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Renamed', photo_url: null });
    expect(saved.json().open_hours[5]).toEqual({
      weekday: 6,
      is_open: true,
      open_time: '10:00',
      close_time: '14:00',
    });
    // The removed photo is gone from the disk too.
    expect((await admin.get(created.photo_url)).statusCode).toBe(404);
    expect(await auditActions(created.id)).toEqual(['printer.create', 'printer.update']);
  });

  it('sets the printer’s express page prices (empty: the default), and refuses bad ones', async () => {
    const created = (
      await sendPrinter(
        admin,
        'POST',
        '/api/admin/printers',
        printerForm(warszawa, { express_mono_price_minor: 40, express_color_price_minor: null }),
        [],
      )
    ).json();
    expect(created).toMatchObject({
      express_mono_price_minor: 40,
      express_color_price_minor: null,
    });
    // The express page shows them: its own mono price, the configured colour default.
    const page = (await admin.get(`/ajax/express/printers/${created.id}`)).json();
    expect(page.prices).toMatchObject({
      mono_minor: 40,
      color_minor: t.ctx.config.express.colorPriceMinor,
    });
    const refused = await admin.put(`/api/admin/printers/${created.id}`, {
      ...printerForm(warszawa, { direct_print_code: created.direct_print_code }),
      express_mono_price_minor: -1,
      express_color_price_minor: 1.5,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      express_mono_price_minor: ['is invalid'],
      express_color_price_minor: ['must be an integer'],
    });
    const after = (await admin.get(`/api/admin/printers/${created.id}`)).json();
    expect(after.express_mono_price_minor).toBe(40);
  });
});

describe('maintenance mode', () => {
  it('refuses a person’s release at once with the spec’s message, and allows it again when off', async () => {
    const printer = await t.ctx.db
      .updateTable('printers')
      .set({ agent_last_seen_at: new Date(), is_enabled: true, maintenance_mode: false })
      .where('direct_print_code', '=', '418273')
      .returning('id')
      .executeTakeFirstOrThrow();
    const person = new TestAgent(t.app);
    const { id } = await registerAndSignIn(person);
    await grantPages(t.ctx.db, { userId: id, source: 'package', pages: 20, validDays: 30 });
    const uploaded = await person.upload('/ajax/documents/upload', 'doc.pdf', await makePdf(2));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const job = (await person.get('/ajax/printjobs/current')).json();
    const submitted = await person.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true });
    expect(submitted.statusCode, submitted.body).toBe(200);

    const on = await admin.post(`/api/admin/printers/${printer.id}/maintenance`, { enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ maintenance_mode: true, availability: 'maintenance' });
    const refused = await person.post(`/ajax/printjobs/${job.id}/print`, {
      printer_id: printer.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Maintenance mode enabled - printing not possible');
    // By its code the printer answers like a wrong code: trying codes reveals none (issue 11).
    const byCode = await person.post(`/ajax/printjobs/${job.id}/print_with_code`, {
      code: '418273',
    });
    expect(byCode.statusCode).toBe(404);
    expect(byCode.json().code).toBe('unknown_code');
    expect((await person.get('/ajax/user')).json().remaining_page_limit).toBe(20);
    const page = (await person.get(`/api/printers/${printer.id}`)).json();
    expect(page.availability).toBe('maintenance');

    const off = await admin.post(`/api/admin/printers/${printer.id}/maintenance`, {
      enabled: false,
    });
    expect(off.json().maintenance_mode).toBe(false);
    const released = await person.post(`/ajax/printjobs/${job.id}/print_with_code`, {
      code: '418273',
    });
    expect(released.statusCode).toBe(200);
    expect(await auditActions(printer.id)).toEqual(
      expect.arrayContaining(['printer.maintenance_on', 'printer.maintenance_off']),
    );
  });
});

describe('converting to API V3', () => {
  it('gives the spec’s messages, a reason when it fails, and converts a printer with a working agent', async () => {
    const created = (await admin.post('/api/admin/printers', printerForm(warszawa))).json();
    const convert = () => admin.post(`/api/admin/printers/${created.id}/convert_v3`);

    let res = await convert();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Cannot convert to V3 - printer must have a minion_id');

    await admin.put(`/api/admin/printers/${created.id}`, {
      ...printerForm(warszawa, { direct_print_code: created.direct_print_code }),
      minion_id: `kiosk-${created.id}`,
    });
    res = await convert();
    expect(res.json()).toEqual({
      code: 'v3_conversion_failed',
      message:
        'Conversion to API V3 failed: the printer has no agent secret yet; issue one and set up its agent first',
    });

    expect(
      (await admin.post(`/api/admin/printers/${created.id}/agent_secret`, {})).statusCode,
    ).toBe(200);
    res = await convert();
    expect(res.json().message).toBe(
      'Conversion to API V3 failed: its agent has never connected; start the agent and try again',
    );

    await t.ctx.db
      .updateTable('printers')
      .set({ agent_last_seen_at: new Date() })
      .where('id', '=', created.id)
      .execute();
    res = await convert();
    expect(res.statusCode).toBe(200);
    expect(res.json().api_version).toBe(3);

    res = await convert();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Printer is already API V3');
    const polish = await signInAdmin('pl');
    expect((await polish.post(`/api/admin/printers/${created.id}/convert_v3`)).json().message).toBe(
      'Drukarka używa już API V3',
    );
    expect(await auditActions(created.id)).toEqual([
      'printer.create',
      'printer.update',
      'printer.issue_agent_secret',
      'printer.convert_v3',
    ]);

    // A V3 printer cannot lose its minion_id.
    const lose = await admin.put(`/api/admin/printers/${created.id}`, {
      ...printerForm(warszawa, { direct_print_code: created.direct_print_code }),
      minion_id: '',
    });
    expect(lose.json().errors).toEqual({ minion_id: ["can't be blank"] });
  });
});

describe('statistics', () => {
  it('returns the monthly counters, users and the last trays and markers', async () => {
    const created = (await admin.post('/api/admin/printers', printerForm(warszawa))).json();
    const month = monthOf(new Date());
    await addMonthlyCounts(t.ctx.db, created.id, month, {
      classic_color_pages: 3,
      classic_mono_pages: 7,
      copy_mono_pages: 2,
      scanned_pages: 4,
    });
    const users = await t.ctx.db.selectFrom('users').select('id').limit(2).execute();
    for (const u of users) await addMonthlyUser(t.ctx.db, created.id, month, 'printing', u.id);
    await t.ctx.db
      .updateTable('printers')
      .set({
        agent_status: JSON.stringify({
          state: 'idle',
          reasons: [],
          inputTrays: ['type=sheetFeedAutoRemovableTray;maxcapacity=250;level=125;name=main;'],
          supplies: [],
          markers: [{ name: 'Black toner', level: 60, color: '#000000' }],
        }),
      })
      .where('id', '=', created.id)
      .execute();
    const res = await admin.get(`/api/admin/printers/${created.id}/statistics`);
    expect(res.statusCode).toBe(200);
    expect(res.json().months).toEqual([
      {
        month: month.slice(0, 7),
        classic_color_pages: 3,
        classic_mono_pages: 7,
        express_color_pages: 0,
        express_mono_pages: 0,
        copy_color_pages: 0,
        copy_mono_pages: 2,
        scanned_pages: 4,
        printing_users: users.length,
        copying_users: 0,
        scanning_users: 0,
      },
    ]);
    expect(res.json().status.markers).toEqual([
      { name: 'Black toner', level: 60, color: '#000000' },
    ]);
    expect(res.json().status.inputTrays).toHaveLength(1);
  });
});
