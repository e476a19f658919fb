import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

let t: TTestApp;
let clock: Date;
beforeAll(async () => {
  t = await createTestApp();
  t.ctx.now = () => clock;
});
beforeEach(() => {
  clock = new Date('2026-11-20T09:30:00.000Z');
});
afterAll(() => t.close());

const WEB_PUBLIC = path.resolve(import.meta.dirname, '../../web/public');

interface TManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
  shortcuts: Array<{ name: string; url: string }>;
}

async function manifestFor(headers: Record<string, string>) {
  const guest = new TestAgent(t.app);
  const res = await guest.get('/manifest.webmanifest', { headers });
  return { res, manifest: res.json<TManifest>() };
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): string {
  const data = fs.readFileSync(file);
  expect(data.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${data.readUInt32BE(16)}x${data.readUInt32BE(20)}`;
}

describe('web app manifest', () => {
  it('is public, a manifest, and in English by default', async () => {
    const { res, manifest } = await manifestFor({});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('accept-language');
    expect(manifest).toMatchObject({
      id: '/app',
      name: 'Printomat – print at a printer near you',
      short_name: 'Printomat',
      lang: 'en',
      start_url: '/app',
      scope: '/',
      display: 'standalone',
      theme_color: '#3451d1',
    });
    expect(manifest.shortcuts).toEqual([
      expect.objectContaining({ name: 'Scan a printer’s code', url: '/app/scan' }),
      expect.objectContaining({ name: 'Upload documents', url: '/print' }),
    ]);
  });

  it('speaks German by Accept-Language and Polish by the language cookie', async () => {
    const de = await manifestFor({ 'accept-language': 'de-DE,de;q=0.9' });
    expect(de.manifest).toMatchObject({
      lang: 'de',
      name: 'Printomat – drucken am Drucker in deiner Nähe',
      description:
        'Lade deine Dokumente hoch, finde einen Drucker in der Nähe und starte den Druck direkt am Gerät.',
    });
    expect(de.manifest.shortcuts.map((s) => s.name)).toEqual([
      'Druckercode scannen',
      'Dokumente hochladen',
    ]);
    const pl = await manifestFor({ 'accept-language': 'de', cookie: 'lang=pl' });
    expect(pl.manifest).toMatchObject({
      lang: 'pl',
      name: 'Printomat – drukuj w drukarce w pobliżu',
    });
    expect(pl.manifest.shortcuts.map((s) => s.name)).toEqual([
      'Zeskanuj kod drukarki',
      'Wgraj dokumenty',
    ]);
  });

  it('lists icons of 192 and 512 pixels and a maskable one, and each file is that size', async () => {
    const { manifest } = await manifestFor({});
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      expect(pngSize(path.join(WEB_PUBLIC, icon.src))).toBe(icon.sizes);
    }
    expect(pngSize(path.join(WEB_PUBLIC, 'icons/apple-touch-icon.png'))).toBe('180x180');
  });
});

describe('POST /ajax/user/mobile_app', () => {
  it('needs a session and the CSRF token', async () => {
    const guest = new TestAgent(t.app);
    expect((await guest.post('/ajax/user/mobile_app')).statusCode).toBe(401);
    const person = new TestAgent(t.app);
    await registerAndSignIn(person);
    const res = await person.post('/ajax/user/mobile_app', {}, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect((await person.get('/ajax/user')).json().last_login_mobile).toBeNull();
  });

  it('sets last_login_mobile, and the dashboard then says to walk up to the printer', async () => {
    const person = new TestAgent(t.app);
    const { id } = await registerAndSignIn(person);
    expect((await person.get('/ajax/user.html')).body).toContain(
      'Download the Printomat app to your phone',
    );

    const res = await person.post('/ajax/user/mobile_app');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, last_login_mobile: '2026-11-20T09:30:00.000Z' });
    const row = await t.ctx.db
      .selectFrom('users')
      .select('last_login_mobile')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.last_login_mobile?.toISOString()).toBe('2026-11-20T09:30:00.000Z');
    expect((await person.get('/ajax/user')).json().last_login_mobile).toBe(
      '2026-11-20T09:30:00.000Z',
    );
    const html = (await person.get('/ajax/user.html')).body;
    expect(html).toContain('walk up to the printer and start the Printomat app');
    expect(html).not.toContain('Download the Printomat app');

    // A later start moves the time on.
    clock = new Date('2026-11-21T07:00:00.000Z');
    expect((await person.post('/ajax/user/mobile_app')).json().last_login_mobile).toBe(
      '2026-11-21T07:00:00.000Z',
    );
  });

  it('leaves other people alone', async () => {
    const a = new TestAgent(t.app);
    const b = new TestAgent(t.app);
    await registerAndSignIn(a);
    await registerAndSignIn(b);
    await a.post('/ajax/user/mobile_app');
    expect((await b.get('/ajax/user')).json().last_login_mobile).toBeNull();
  });
});
