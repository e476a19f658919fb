import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPages } from '../src/modules/pages/pages-ledger.service';
import { flatText, makeOfficeFixtures } from './converters/office-fixtures';
import { makePdf } from './helpers/fixtures';
import { createTestApp, registerAndSignIn, TestAgent, type TTestApp } from './helpers/test-app';

// LibreOffice never runs without its network namespace. Where `unshare -rn` cannot be set up the
// server still starts and PDFs are still priced; Office documents are not converted, and
// the queue records why; the conversion is retried, then the person is told it failed.

let t: TTestApp;
let dir: string;
let odt: Buffer;

beforeAll(async () => {
  t = await createTestApp({ UNSHARE_PATH: path.join('/nonexistent', 'unshare') });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-sandbox-'));
  await fs.writeFile(path.join(dir, 'notes.fodt'), flatText([['Printomat notes']]));
  await makeOfficeFixtures(dir, [
    {
      input: path.join(dir, 'notes.fodt'),
      output: path.join(dir, 'notes.odt'),
      filter: 'writer8',
    },
  ]);
  odt = await fs.readFile(path.join(dir, 'notes.odt'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

type TDoc = {
  id: number;
  is_failed: boolean;
  page_count: number | null;
  failure_reason: string | null;
};

async function settled(agent: TestAgent, id: number, timeoutMs = 15_000): Promise<TDoc> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const doc = (await agent.get(`/ajax/documents/${id}`)).json<TDoc>();
    if (doc.page_count !== null || doc.is_failed || Date.now() > deadline) return doc;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('without a network sandbox for LibreOffice', () => {
  it('still prices PDFs, and does not convert Office documents, saying why', async () => {
    const person = new TestAgent(t.app);
    const { id } = await registerAndSignIn(person);
    await grantPages(t.ctx.db, { userId: id, source: 'package', pages: 50, validDays: 30 });

    const pdf = await person.upload('/ajax/documents/upload', 'doc.pdf', await makePdf(2));
    expect(pdf.statusCode).toBe(201);
    expect((await settled(person, pdf.json().id as number)).page_count).toBe(2);

    const office = await person.upload('/ajax/documents/upload', 'notes.odt', odt);
    expect(office.statusCode).toBe(201);
    const documentId = office.json().id as number;
    // The converter says why it refuses (the queue logs it with each failed attempt).
    await expect(
      t.ctx.officeConverter.convert(path.join(dir, 'notes.odt'), path.join(dir, 'notes.pdf')),
    ).rejects.toThrow(
      /LibreOffice is not started without its network sandbox.*unshare is not installed/,
    );
    // Retried (2 s, 4 s); after the last attempt the person is told, never left waiting.
    const doc = await settled(person, documentId, 30_000);
    expect(doc.page_count).toBeNull();
    expect(doc.is_failed).toBe(true);
    expect(doc.failure_reason).toBe(
      'the file could not be processed right now; please try again later or upload a PDF',
    );
  }, 60_000);
});
