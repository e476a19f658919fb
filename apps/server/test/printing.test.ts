import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import {
  makeColourPng,
  makeEncryptedPdf,
  makeGreyJpeg,
  makeLyingPdf,
  makePdf,
  makeZipBomb,
} from './helpers/fixtures';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

let t: TTestApp;
let twentyPages: Buffer;
beforeAll(async () => {
  t = await createTestApp({ MAX_UPLOAD_BYTES: String(400 * 1024) });
  twentyPages = await makePdf(20, [3, 7]);
});
afterAll(() => t?.close());

/** A signed-in person holding `pages` package pages (so their job is not 'limited'). */
async function personWithPages(pages: number, locale?: string) {
  const agent = new TestAgent(t.app);
  if (locale) agent.acceptLanguage = locale;
  const { id } = await registerAndSignIn(agent);
  if (pages > 0)
    await grantPages(t.ctx.db, { userId: id, source: 'package', pages, validDays: 30 });
  const job = (await agent.get('/ajax/printjobs/current')).json();
  return { agent, id, job };
}

const form = (body: Record<string, string>) => ({
  payload: new URLSearchParams(body).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('the current print job', () => {
  it('exists for every person and answers the spec’s fields', async () => {
    const { job } = await personWithPages(0);
    expect(job).toEqual({
      id: expect.any(Number),
      is_submitted: false,
      page_count: 0,
      cost: 0,
      is_grayscale: true,
      orientation: 'auto',
      kind: 'limited',
      is_duplex: false,
      pages_per_sheet: 1,
      status: 'created',
      documents: [],
      phase: 'editing',
      printer: null,
      last_result: null,
      // No documents: nothing to delete.
      files_delete_at: null,
    });
  });
});

describe('uploads', () => {
  it('counts the pages and colour pages of a PDF and prices it under every setting', async () => {
    const { agent, job } = await personWithPages(500);
    const res = await agent.upload('/ajax/documents/upload', 'thesis.pdf', twentyPages);
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({
      name: 'thesis.pdf',
      icon: 'pdf',
      is_failed: false,
      is_office: false,
      page_count: 20,
      color_pages: [3, 7],
      copies: 1,
      cost: 20,
      failure_reason: null,
    });

    const settings = (body: object) => agent.post(`/ajax/printjobs/${job.id}/settings`, body);
    expect((await settings({ is_grayscale: false })).json()).toMatchObject({
      cost: 20 + 2 * 2,
      page_count: 20,
    });
    // 2 per sheet: faces 1..10; pages 3 and 7 fall on faces 2 and 4.
    expect((await settings({ pages_per_sheet: 2 })).json()).toMatchObject({
      cost: 8 + 2 * 3,
      page_count: 10,
    });
    expect(
      (
        await settings({ pages_per_sheet: '4', is_duplex: 'true', orientation: 'landscape' })
      ).json(),
    ).toMatchObject({
      cost: 3 + 2 * 3,
      page_count: 5,
      is_duplex: true,
      orientation: 'landscape',
      pages_per_sheet: 4,
    });
    expect((await settings({ is_grayscale: true, pages_per_sheet: 1 })).json()).toMatchObject({
      cost: 20,
      page_count: 20,
    });

    const copies = await agent.request(
      'POST',
      `/ajax/documents/${doc.id}`,
      form({ _method: 'PUT', copies: '3' }).payload,
      {
        headers: form({}).headers,
      },
    );
    expect(copies.json()).toMatchObject({ id: doc.id, copies: 3, cost: 60 });
    expect((await agent.get('/ajax/printjobs/current')).json()).toMatchObject({
      cost: 60,
      page_count: 60,
    });
  });

  it('answers copies outside 1..99 with the spec’s generic messages', async () => {
    const { agent } = await personWithPages(50);
    const doc = (await agent.upload('/ajax/documents/upload', 'a.pdf', await makePdf(1))).json();
    const put = (copies: string) => agent.put(`/ajax/documents/${doc.id}`, { copies });
    expect((await put('0')).json().errors).toEqual({ copies: ['must be greater than 0'] });
    expect((await put('100')).json().errors).toEqual({ copies: ['must be less than 100'] });
    expect((await put('two')).json().errors).toEqual({ copies: ['is not a number'] });
    expect((await put('1.5')).json().errors).toEqual({ copies: ['must be an integer'] });
  });

  it('counts the real pages of a PDF whose page tree lies about its count', async () => {
    const { agent } = await personWithPages(50);
    const doc = (
      await agent.upload('/ajax/documents/upload', 'liar.pdf', await makeLyingPdf(5))
    ).json();
    expect(doc.page_count).toBe(5);
  });

  it('puts images on a page and tells colour from grey', async () => {
    const { agent } = await personWithPages(50);
    const colour = (
      await agent.upload('/ajax/documents/upload', 'photo.png', await makeColourPng())
    ).json();
    expect(colour).toMatchObject({ icon: 'image', page_count: 1, color_pages: [1] });
    const grey = (
      await agent.upload('/ajax/documents/upload', 'scan.jpg', await makeGreyJpeg())
    ).json();
    expect(grey).toMatchObject({ icon: 'image', page_count: 1, color_pages: [] });
  });

  it('recognises files by content, not by name', async () => {
    const { agent } = await personWithPages(50);
    const disguised = (
      await agent.upload('/ajax/documents/upload', 'holiday.docx', await makePdf(2))
    ).json();
    expect(disguised).toMatchObject({ is_failed: false, page_count: 2 });
    const fake = (
      await agent.upload(
        '/ajax/documents/upload',
        'report.pdf',
        Buffer.from([0, 1, 2, 3, 250, 251, 252, 0]),
      )
    ).json();
    expect(fake).toMatchObject({
      is_failed: true,
      failure_reason: 'this file type cannot be printed',
      page_count: null,
    });
  });

  it('refuses bad files with a reason in the person’s language and keeps the rest of the job', async () => {
    const { agent } = await personWithPages(50, 'pl');
    const good = (await agent.upload('/ajax/documents/upload', 'ok.pdf', await makePdf(2))).json();
    const failures: Array<[string, Buffer, string]> = [
      ['secret.pdf', await makeEncryptedPdf(), 'plik jest chroniony hasłem'],
      [
        'broken.pdf',
        Buffer.from('%PDF-1.7\nthis is not really a pdf\n%%EOF'),
        'plik jest uszkodzony lub nie jest prawidłowym dokumentem',
      ],
      ['empty.pdf', Buffer.alloc(0), 'plik jest pusty'],
      [
        'huge.pdf',
        Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(500 * 1024, 32)]),
        // With the server's limit (MAX_UPLOAD_BYTES 400 KiB), as the uploader says it.
        'za duży plik (maksymalnie 0,4 MB)',
      ],
    ];
    for (const [name, content, reason] of failures) {
      const res = await agent.upload('/ajax/documents/upload', name, content);
      expect(res.statusCode, name).toBe(201);
      expect(res.json(), name).toMatchObject({
        is_failed: true,
        failure_reason: reason,
        page_count: null,
        cost: 0,
      });
    }
    const job = (await agent.get('/ajax/printjobs/current')).json();
    expect(job.documents).toHaveLength(5);
    expect(job.documents[0]).toMatchObject({ id: good.id, page_count: 2, is_failed: false });
    expect(job).toMatchObject({ cost: 2, page_count: 2 });
  });

  it('refuses an Office archive that would unpack to gigabytes, quickly', async () => {
    const { agent } = await personWithPages(50);
    const started = Date.now();
    const res = await agent.upload('/ajax/documents/upload', 'bomb.docx', makeZipBomb());
    expect(res.json()).toMatchObject({
      is_failed: true,
      failure_reason: 'the file is too complex to process',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('holds at most 6 documents', async () => {
    const { agent } = await personWithPages(50);
    const pdf = await makePdf(1);
    for (let i = 0; i < 6; i++)
      expect((await agent.upload('/ajax/documents/upload', `${i}.pdf`, pdf)).statusCode).toBe(201);
    const seventh = await agent.upload('/ajax/documents/upload', '7.pdf', pdf);
    expect(seventh.statusCode).toBe(422);
    expect(seventh.json().message).toBe('a print job holds at most 6 files');
  });

  it('removes a document only with the anti-forgery header, and answers null when it is locked', async () => {
    const { agent, job } = await personWithPages(50);
    const doc = (await agent.upload('/ajax/documents/upload', 'a.pdf', await makePdf(1))).json();
    const doc2 = (await agent.upload('/ajax/documents/upload', 'b.pdf', await makePdf(1))).json();
    const forged = await agent.request('GET', `/ajax/documents/${doc.id}/remove`, undefined, {
      csrf: false,
    });
    expect(forged.statusCode).toBe(403);
    const removed = await agent.request('GET', `/ajax/documents/${doc.id}/remove`, undefined, {
      headers: { 'x-csrf-token': agent.csrfToken ?? '' },
    });
    expect(removed.json()).toMatchObject({ id: doc.id });
    expect(
      (await agent.get('/ajax/printjobs/current'))
        .json()
        .documents.map((d: { id: number }) => d.id),
    ).toEqual([doc2.id]);

    expect(
      (await agent.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true })).json()
        .is_submitted,
    ).toBe(true);
    const lockedRemove = await agent.request(
      'GET',
      `/ajax/documents/${doc2.id}/remove`,
      undefined,
      {
        headers: { 'x-csrf-token': agent.csrfToken ?? '' },
      },
    );
    expect(lockedRemove.statusCode).toBe(200);
    expect(lockedRemove.body).toBe('null');
  });

  it('renders each page of the normalised PDF for the preview', async () => {
    const { agent } = await personWithPages(50);
    const doc = (
      await agent.upload('/ajax/documents/upload', 'a.pdf', await makePdf(2, [2]))
    ).json();
    const page = await agent.get(`/api/documents/${doc.id}/pages/2.png`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/png');
    expect(page.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await agent.get(`/api/documents/${doc.id}/pages/3.png`)).statusCode).toBe(404);
  });
});

describe('confirming', () => {
  it('allows confirming only within the page limit, then locks the job until Edit', async () => {
    const { agent, id, job } = await personWithPages(10, 'pl');
    await agent.upload('/ajax/documents/upload', 'long.pdf', await makePdf(12));
    const over = await agent.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe('Wrzucone pliki przekraczają Twój limit stron.');

    await grantPages(t.ctx.db, { userId: id, source: 'card_bonus', pages: 12, validDays: 7 });
    const ok = await agent.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: 'true' });
    expect(ok.json()).toMatchObject({ is_submitted: true, status: 'created', cost: 12 });

    const locked = await agent.post(`/ajax/printjobs/${job.id}/settings`, { is_duplex: true });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(
      'Zlecenie druku jest zatwierdzone. Naciśnij „Edytuj”, aby je zmienić.',
    );
    expect(
      (await agent.upload('/ajax/documents/upload', 'x.pdf', await makePdf(1))).statusCode,
    ).toBe(409);

    const edit = await agent.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: false });
    expect(edit.json().is_submitted).toBe(false);
    expect(
      (await agent.post(`/ajax/printjobs/${job.id}/settings`, { is_duplex: true })).json()
        .is_duplex,
    ).toBe(true);
  });

  it('refuses confirming an empty job', async () => {
    const { agent, job } = await personWithPages(10);
    const res = await agent.post(`/ajax/printjobs/${job.id}/submit`, { is_submitted: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Add at least one document to print.');
  });
});

describe('limited jobs', () => {
  it('keep the default settings until the person buys a package', async () => {
    const { agent, id, job } = await personWithPages(0);
    await grantPages(t.ctx.db, { userId: id, source: 'card_bonus', pages: 12, validDays: 7 });
    expect((await agent.get('/ajax/printjobs/current')).json().kind).toBe('limited');
    const refused = await agent.post(`/ajax/printjobs/${job.id}/settings`, {
      is_grayscale: false,
      kind: 'standard',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This setting comes with a paid page package.');
    // Sending the defaults back is harmless.
    expect(
      (
        await agent.post(`/ajax/printjobs/${job.id}/settings`, {
          is_grayscale: true,
          pages_per_sheet: 1,
        })
      ).statusCode,
    ).toBe(200);

    await grantPages(t.ctx.db, { userId: id, source: 'package', pages: 100, validDays: 30 });
    const now = await agent.post(`/ajax/printjobs/${job.id}/settings`, { is_grayscale: false });
    expect(now.json()).toMatchObject({ kind: 'standard', is_grayscale: false });
  });
});

describe('another person’s documents and jobs', () => {
  it('answer 404 on every route', async () => {
    const owner = await personWithPages(50);
    const doc = (
      await owner.agent.upload('/ajax/documents/upload', 'mine.pdf', await makePdf(1))
    ).json();
    const other = await personWithPages(50);
    const tries = [
      other.agent.get(`/ajax/documents/${doc.id}`),
      other.agent.request('GET', `/ajax/documents/${doc.id}/remove`, undefined, {
        headers: { 'x-csrf-token': other.agent.csrfToken ?? '' },
      }),
      other.agent.put(`/ajax/documents/${doc.id}`, { copies: 2 }),
      other.agent.request('POST', `/ajax/documents/${doc.id}`, 'copies=2&_method=PUT', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      other.agent.get(`/api/documents/${doc.id}/pages/1.png`),
      other.agent.post(`/ajax/printjobs/${owner.job.id}/settings`, { is_duplex: true }),
      other.agent.post(`/ajax/printjobs/${owner.job.id}/submit`, { is_submitted: true }),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode).toBe(404);
    }
    expect((await owner.agent.get('/ajax/printjobs/current')).json().documents).toHaveLength(1);
  });
});

describe('dashboard panel', () => {
  it('shows remaining and colour pages, and the right hint', async () => {
    const { agent } = await personWithPages(31);
    const html = (await agent.get('/ajax/user.html')).body;
    expect(html).toContain('31 pages left');
    expect(html).toContain('that is 10 colour pages');
    expect(html).toContain('Download the Printomat app');
  });
});
