import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { enqueueJob } from '../src/modules/jobs/queue';
import { SEND_MAIL_JOB } from '../src/modules/mail/mail.jobs';
import { PROCESS_DOCUMENT_JOB } from '../src/modules/documents/documents.jobs';
import { LocalFileStorage } from '../src/modules/documents/storage';
import { until } from './helpers/http-session';
import { confirmedUser } from './helpers/payments';
import { makePdf, multipartBody } from './helpers/fixtures';
import { createTestApp, TEST_PUBLIC_URL, uniqueEmail, type TTestApp } from './helpers/test-app';

// Document processing in the running app (issue 11 point 3): its own lane, DOCUMENT_CONCURRENCY,
// the uploader as fair key, and no scratch files left by interrupted uploads or crashes.

describe('the documents lane', () => {
  let t: TTestApp;
  let release: () => void = () => undefined;
  beforeAll(async () => {
    t = await createTestApp({ DOCUMENT_CONCURRENCY: '3' });
  });
  afterAll(async () => {
    release();
    await t?.close();
  });

  it('defaults to two documents at once', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).documentConcurrency).toBe(2);
  });

  it('processes DOCUMENT_CONCURRENCY documents at once and delivers mail meanwhile', async () => {
    const gate = new Promise<void>((resolve) => (release = resolve));
    let running = 0;
    let most = 0;
    // Slow documents: the real lane (its concurrency from the setting), a handler that waits.
    t.ctx.worker.register(PROCESS_DOCUMENT_JOB, async () => {
      running += 1;
      most = Math.max(most, running);
      await gate;
      running -= 1;
    });
    for (let documentId = 1; documentId <= 5; documentId += 1)
      await enqueueJob(t.ctx.db, PROCESS_DOCUMENT_JOB, { documentId }, { fairKey: 'user:slow' });
    t.ctx.worker.kick();
    await expect.poll(() => running, { timeout: 5_000, interval: 20 }).toBe(3);

    const to = uniqueEmail('mail-during-documents');
    await enqueueJob(t.ctx.db, SEND_MAIL_JOB, {
      to,
      subject: 'Not stuck behind documents',
      text: 'hello',
      html: '<p>hello</p>',
    });
    t.ctx.worker.kick();
    await t.smtp.waitFor(to, () => true, 5_000);
    // Delivered while all three document slots were still busy and two documents waited.
    expect(running).toBe(3);
    const documentJobs = await t.ctx.db
      .selectFrom('jobs')
      .select('status')
      .where('name', '=', PROCESS_DOCUMENT_JOB.name)
      .execute();
    expect(documentJobs.filter((j) => j.status === 'pending')).toHaveLength(2);

    release();
    await expect
      .poll(
        async () =>
          (
            await t.ctx.db
              .selectFrom('jobs')
              .select('status')
              .where('name', '=', PROCESS_DOCUMENT_JOB.name)
              .where('status', '=', 'done')
              .execute()
          ).length,
        { timeout: 10_000, interval: 25 },
      )
      .toBe(5);
    expect(most).toBe(3);
  });
});

describe('uploads', () => {
  let t: TTestApp;
  let base: string;
  beforeAll(async () => {
    // A short timeout, so a stalled upload is given up within the test.
    t = await createTestApp({ REQUEST_TIMEOUT_MS: '2000' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const scratchRoot = () => t.ctx.storage.scratchRoot;
  const scratchDirs = () => fs.readdir(scratchRoot()).catch(() => [] as string[]);

  it("queues the document job under the uploader's name, for fair turns", async () => {
    const { agent, id } = await confirmedUser(t);
    const res = await agent.upload('/ajax/documents/upload', 'one.pdf', await makePdf(1));
    expect(res.statusCode).toBe(201);
    const documentId = res.json<{ id: number }>().id;
    const jobs = await t.ctx.db
      .selectFrom('jobs')
      .select(['payload', 'fair_key'])
      .where('name', '=', PROCESS_DOCUMENT_JOB.name)
      .execute();
    expect(jobs).toContainEqual({ payload: { documentId }, fair_key: `user:${id}` });
  });

  /** Sends the headers and half the body of an upload over a raw socket, and then nothing. */
  async function startHalfUpload(): Promise<{ socket: net.Socket; scratch: string }> {
    const { agent } = await confirmedUser(t);
    // A session cookie and CSRF token, as the browser would send them.
    await agent.get('/api/session');
    const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const body = multipartBody('file', 'abandoned.pdf', randomBytes(2 * 1024 * 1024));
    const { port } = new URL(base);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    socket.on('error', () => undefined);
    socket.write(
      [
        'POST /ajax/documents/upload HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        `Cookie: ${cookie}`,
        `X-CSRF-Token: ${agent.csrfToken}`,
        `Origin: ${TEST_PUBLIC_URL}`,
        `Content-Type: ${body.contentType}`,
        `Content-Length: ${body.payload.length}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(body.payload.subarray(0, body.payload.length / 2));
    // The server is writing the upload to its scratch directory.
    const scratch = await until(async () => {
      for (const dir of await scratchDirs()) {
        const size = await fs
          .stat(path.join(scratchRoot(), dir, 'upload'))
          .then((s) => s.size)
          .catch(() => 0);
        if (size > 0) return path.join(scratchRoot(), dir);
      }
      return undefined;
    }, 5_000);
    return { socket, scratch };
  }

  const exists = (dir: string) =>
    fs.stat(dir).then(
      () => true,
      () => false,
    );

  const abandonedDocuments = () =>
    t.ctx.db.selectFrom('documents').select('id').where('name', '=', 'abandoned.pdf').execute();

  it('removes the scratch file of an upload the client abandons halfway', async () => {
    const { socket, scratch } = await startHalfUpload();
    socket.destroy();
    await expect.poll(() => exists(scratch), { timeout: 5_000, interval: 50 }).toBe(false);
    expect(await abandonedDocuments()).toEqual([]);
  });

  it('removes the scratch file of an upload that stalls (the connection times out)', async () => {
    const { socket, scratch } = await startHalfUpload();
    try {
      await expect.poll(() => exists(scratch), { timeout: 10_000, interval: 100 }).toBe(false);
      expect(await abandonedDocuments()).toEqual([]);
    } finally {
      socket.destroy();
    }
  });
});

describe('scratch left by a crashed process', () => {
  it('is removed at start-up once it is an hour old, and fresh scratch is kept', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-scratch-'));
    try {
      const storage = new LocalFileStorage(path.join(dataDir, 'documents'));
      const stale = await storage.scratch();
      await fs.writeFile(path.join(stale, 'upload'), 'half an upload');
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
      await fs.utimes(path.join(stale, 'upload'), twoHoursAgo, twoHoursAgo);
      await fs.utimes(stale, twoHoursAgo, twoHoursAgo);
      // Another instance sharing the directory may be using this one right now.
      const fresh = await storage.scratch();
      await fs.writeFile(path.join(fresh, 'upload'), 'arriving');

      const t = await createTestApp({ DATA_DIR: dataDir });
      try {
        const left = await fs.readdir(path.join(dataDir, 'documents', 'tmp'));
        expect(left).toEqual([path.basename(fresh)]);
      } finally {
        await t.close();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
