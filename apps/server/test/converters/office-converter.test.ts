import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConversionError,
  createOfficeConverter,
  type TOfficeConverter,
} from '../../src/modules/documents/converters/office-converter';
import {
  flatPresentation,
  flatSpreadsheet,
  flatText,
  flatTextWithBackgroundImage,
  flatTextWithImages,
  makeOfficeFixtures,
  pdfImages,
  pdfPages,
  pdfText,
  solidPng,
} from './office-fixtures';

const run = promisify(execFile);

const POLISH = 'Zażółć gęślą jaźń — ąęłńóśźż ĄĘŁŃÓŚŹŻ';

let root: string;
let fixtures: string;
let out: string;
let shared: TOfficeConverter;
let sharedWorkDir: string;
const logLines: Array<{ msg: string | undefined; obj: object }> = [];
const opened: TOfficeConverter[] = [];
let workDirs = 0;

const log = {
  info: (obj: object, msg?: string) => logLines.push({ msg, obj }),
  warn: (obj: object, msg?: string) => logLines.push({ msg, obj }),
};

function converter(options: Partial<Parameters<typeof createOfficeConverter>[0]> = {}): {
  converter: TOfficeConverter;
  workDir: string;
} {
  const workDir = path.join(root, `work-${++workDirs}`);
  const created = createOfficeConverter({ workDir, log, ...options });
  opened.push(created);
  return { converter: created, workDir };
}

const fixture = (name: string): string => path.join(fixtures, name);
const output = (name: string): string => path.join(out, name);

async function failureOf(promise: Promise<unknown>): Promise<ConversionError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ConversionError) return err;
    throw err;
  }
  throw new Error('expected the conversion to fail');
}

/** Processes whose command line mentions dir (soffice.bin carries its profile path, the helper too). */
async function processesUnder(dir: string): Promise<string[]> {
  try {
    const { stdout } = await run('pgrep', ['-af', dir]);
    return stdout.split('\n').filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

async function sofficeBinPid(dir: string): Promise<number> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const line = (await processesUnder(dir)).find((entry) => entry.includes('soffice.bin'));
    if (line) return Number(line.split(' ')[0]);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no soffice.bin found');
}

async function waitUntilNoProcessesUnder(dir: string, ms = 5_000): Promise<string[]> {
  const deadline = Date.now() + ms;
  let left = await processesUnder(dir);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = await processesUnder(dir);
  }
  return left;
}

/** A TCP listener on the host's loopback that counts the connections it is offered. */
async function loopbackListener(): Promise<{
  port: number;
  connections: () => number;
  close: () => Promise<void>;
}> {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const BRIDGE_SCRIPT = fileURLToPath(
  new URL('../../src/modules/documents/converters/office-bridge.py', import.meta.url),
);

/**
 * The control experiment: our own bridge, with the same hardened profile, run directly (no
 * network namespace), converting one document. Not something the converter ever does.
 */
async function convertWithoutSandbox(input: string, outputFile: string): Promise<void> {
  const profile = path.join(root, `unsandboxed-${randomBytes(4).toString('hex')}`);
  const child = spawn(
    '/usr/bin/python3',
    [
      '-I',
      '-B',
      BRIDGE_SCRIPT,
      '--soffice',
      'soffice',
      '--profile',
      profile,
      '--pipe',
      `printomat-test-${process.pid}-${randomBytes(4).toString('hex')}`,
    ],
    { stdio: ['pipe', 'pipe', 'ignore'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const reply = await new Promise<{ ok?: boolean; message?: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the bridge did not answer')), 45_000);
      createInterface({ input: child.stdout }).on('line', (line) => {
        const message = JSON.parse(line) as { ready?: boolean; id?: number; ok?: boolean };
        if (message.ready === true) {
          child.stdin.write(`${JSON.stringify({ id: 1, input, output: outputFile })}\n`);
        } else if (message.ready === false || (message.id === 1 && 'ok' in message)) {
          clearTimeout(timer);
          resolve(message);
        }
      });
    });
    expect(reply, reply.message).toMatchObject({ ok: true });
  } finally {
    child.stdin.end();
    await exited;
  }
}

async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function timed(task: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await task();
  return Math.round(performance.now() - started);
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'printomat-office-'));
  fixtures = path.join(root, 'fixtures');
  out = path.join(root, 'out');
  await fs.mkdir(fixtures);
  await fs.mkdir(out);

  const threePages = [
    ['Printomat page one', 'First page text.'],
    ['Printomat page two', 'Second page text.'],
    ['Printomat page three', 'Third page text.'],
  ];
  await fs.writeFile(fixture('doc.fodt'), flatText(threePages));
  await fs.writeFile(
    fixture('sheet.fods'),
    flatSpreadsheet([
      ['Price', 'Item'],
      ['0.30', 'Printomat sheet A4'],
      ['0.60', 'Printomat sheet A3'],
    ]),
  );
  await fs.writeFile(
    fixture('slides.fodp'),
    flatPresentation(['Printomat slide one', 'Printomat slide two']),
  );
  // ~1.7 s to convert warm here: long enough to time out or to crash in the middle of.
  const bigPages = Array.from({ length: 100 }, (_, page) =>
    Array.from(
      { length: 20 },
      (_, line) => `Page ${page + 1} line ${line + 1}: lorem ipsum dolor sit amet.`,
    ),
  );
  await fs.writeFile(fixture('big.fodt'), flatText(bigPages));
  await fs.writeFile(
    fixture('big400.fodt'),
    flatText([...bigPages, ...bigPages, ...bigPages, ...bigPages]),
  );
  // Many times what any machine here converts within the 2 s timeout of the timeout test (800
  // pages were once enough; a newer LibreOffice converted them in under 2 s).
  await fs.writeFile(
    fixture('huge.fodt'),
    flatText(Array.from({ length: 40 }, () => bigPages).flat()),
  );
  await fs.writeFile(fixture('polish.txt'), `${POLISH}\nDruga linia: żółw.\n`, 'utf8');
  await fs.writeFile(fixture('corrupt.docx'), randomBytes(20_000));
  await fs.writeFile(fixture('local-secret.png'), solidPng(40, 40, [255, 0, 0]));
  await fs.writeFile(
    fixture('images.fodt'),
    flatTextWithImages(fixture('local-secret.png'), solidPng(30, 30, [0, 0, 255])),
  );

  await makeOfficeFixtures(root, [
    { input: fixture('doc.fodt'), output: fixture('doc.docx'), filter: 'MS Word 2007 XML' },
    { input: fixture('doc.fodt'), output: fixture('doc.odt'), filter: 'writer8' },
    {
      input: fixture('sheet.fods'),
      output: fixture('sheet.xlsx'),
      filter: 'Calc MS Excel 2007 XML',
    },
    {
      input: fixture('slides.fodp'),
      output: fixture('slides.pptx'),
      filter: 'Impress MS PowerPoint 2007 XML',
    },
    { input: fixture('slides.fodp'), output: fixture('slides.odp'), filter: 'impress8' },
    {
      input: fixture('doc.fodt'),
      output: fixture('secret.docx'),
      filter: 'MS Word 2007 XML',
      password: 'tajne',
    },
    {
      input: fixture('doc.fodt'),
      output: fixture('secret.odt'),
      filter: 'writer8',
      password: 'tajne',
    },
    {
      input: fixture('doc.fodt'),
      output: fixture('secret.doc'),
      filter: 'MS Word 97',
      password: 'tajne',
    },
    { input: fixture('images.fodt'), output: fixture('images.docx'), filter: 'MS Word 2007 XML' },
  ]);

  ({ converter: shared, workDir: sharedWorkDir } = converter());
  const cold = await timed(async () => {
    await shared.warmUp();
    await shared.convert(fixture('doc.docx'), output('cold.pdf'));
  });
  console.info(`office converter: cold start + first conversion ${cold} ms`);
}, 60_000);

afterAll(async () => {
  await Promise.all(opened.map((entry) => entry.close()));
  if (root) await fs.rm(root, { recursive: true, force: true });
});

describe('office converter', () => {
  it('converts a three-page DOCX to a three-page PDF', async () => {
    await shared.convert(fixture('doc.docx'), output('doc-docx.pdf'));
    expect(await pdfPages(output('doc-docx.pdf'))).toBe(3);
    expect(await pdfText(output('doc-docx.pdf'))).toContain('Printomat page two');
  });

  it('converts ODT, XLSX, PPTX and ODP', async () => {
    await shared.convert(fixture('doc.odt'), output('doc-odt.pdf'));
    expect(await pdfPages(output('doc-odt.pdf'))).toBe(3);

    await shared.convert(fixture('sheet.xlsx'), output('sheet.pdf'));
    expect(await pdfPages(output('sheet.pdf'))).toBe(1);
    expect(await pdfText(output('sheet.pdf'))).toContain('Printomat sheet A3');

    await shared.convert(fixture('slides.pptx'), output('slides-pptx.pdf'));
    expect(await pdfPages(output('slides-pptx.pdf'))).toBe(2);
    expect(await pdfText(output('slides-pptx.pdf'))).toContain('Printomat slide two');

    await shared.convert(fixture('slides.odp'), output('slides-odp.pdf'));
    expect(await pdfPages(output('slides-odp.pdf'))).toBe(2);
  });

  it('converts UTF-8 text with Polish characters', async () => {
    await shared.convert(fixture('polish.txt'), output('polish.pdf'));
    const text = await pdfText(output('polish.pdf'));
    expect(text).toContain('Zażółć gęślą jaźń');
    expect(text).toContain('ąęłńóśźż ĄĘŁŃÓŚŹŻ');
    expect(text).toContain('żółw');
  });

  it('converts warm: later conversions take well under a second', async () => {
    const durations: number[] = [];
    for (const name of ['doc.docx', 'doc.odt', 'polish.txt', 'doc.docx']) {
      durations.push(
        await timed(() => shared.convert(fixture(name), output(`warm-${durations.length}.pdf`))),
      );
    }
    console.info(`office converter: warm conversions ${durations.join(', ')} ms`);
    for (const duration of durations) expect(duration).toBeLessThan(3_000);
  });

  it('reports password-protected DOCX, ODT and DOC files', async () => {
    for (const name of ['secret.docx', 'secret.odt', 'secret.doc']) {
      const failure = await failureOf(shared.convert(fixture(name), output(`${name}.pdf`)));
      expect(failure.reason, name).toBe('password_protected');
    }
    await expect(fs.access(output('secret.docx.pdf'))).rejects.toThrow();
    await shared.convert(fixture('doc.docx'), output('after-password.pdf'));
    expect(await pdfPages(output('after-password.pdf'))).toBe(3);
  });

  it('reports random bytes named .docx as corrupt and keeps working', async () => {
    const failure = await failureOf(shared.convert(fixture('corrupt.docx'), output('corrupt.pdf')));
    expect(failure.reason).toBe('corrupt');
    await expect(fs.access(output('corrupt.pdf'))).rejects.toThrow();
    await shared.convert(fixture('doc.docx'), output('after-corrupt.pdf'));
    expect(await pdfPages(output('after-corrupt.pdf'))).toBe(3);
  });

  it('keeps embedded images but does not pull linked local files into the PDF', async () => {
    for (const name of ['images.fodt', 'images.docx']) {
      await shared.convert(fixture(name), output(`${name}.pdf`));
      expect(await pdfText(output(`${name}.pdf`))).toContain('Embedded');
      expect(await pdfImages(output(`${name}.pdf`)), name).toBe(1);
    }
  });

  it('runs concurrent calls one at a time, in order, all successfully', async () => {
    const finished: number[] = [];
    const names = ['doc.docx', 'polish.txt', 'sheet.xlsx', 'doc.odt', 'slides.pptx'];
    await Promise.all(
      names.map((name, index) =>
        shared
          .convert(fixture(name), output(`concurrent-${index}.pdf`))
          .then(() => finished.push(index)),
      ),
    );
    expect(finished).toEqual([0, 1, 2, 3, 4]);
    for (const index of names.keys()) {
      expect((await fs.stat(output(`concurrent-${index}.pdf`))).size).toBeGreaterThan(0);
    }
  });

  it('times out a slow conversion and kills its LibreOffice', async () => {
    const { converter: hasty, workDir } = converter({ timeoutMs: 50 });
    await hasty.warmUp();
    expect(await processesUnder(workDir)).not.toEqual([]);
    const failure = await failureOf(hasty.convert(fixture('big.fodt'), output('hasty.pdf')));
    expect(failure.reason).toBe('timeout');
    expect(await waitUntilNoProcessesUnder(workDir)).toEqual([]);
    await expect(fs.access(output('hasty.pdf'))).rejects.toThrow();
    // A normal instance is unaffected.
    await shared.convert(fixture('doc.docx'), output('after-timeout.pdf'));
    expect(await pdfPages(output('after-timeout.pdf'))).toBe(3);
    await hasty.close();
  });

  it('starts a fresh LibreOffice after a timeout', async () => {
    const { converter: patient, workDir } = converter({ timeoutMs: 2_000 });
    await patient.warmUp();
    const before = await sofficeBinPid(workDir);
    const failure = await failureOf(patient.convert(fixture('huge.fodt'), output('patient.pdf')));
    expect(failure.reason).toBe('timeout');
    await patient.convert(fixture('doc.docx'), output('after-restart.pdf'));
    expect(await pdfPages(output('after-restart.pdf'))).toBe(3);
    expect(await sofficeBinPid(workDir)).not.toBe(before);
    await patient.close();
  });

  it('fails the document when LibreOffice crashes during it, then recovers', async () => {
    const pid = await sofficeBinPid(sharedWorkDir);
    const converting = shared.convert(fixture('huge.fodt'), output('crashed.pdf'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(pid, 'SIGKILL');
    const failure = await failureOf(converting);
    expect(failure.reason).toBe('corrupt');
    expect(failure.message).toMatch(/crashed/);
    await shared.convert(fixture('doc.docx'), output('after-crash.pdf'));
    expect(await pdfPages(output('after-crash.pdf'))).toBe(3);
    expect(await sofficeBinPid(sharedWorkDir)).not.toBe(pid);
  });

  it('restarts LibreOffice that died while idle, without failing the next document', async () => {
    for (const pause of [500, 0]) {
      const pid = await sofficeBinPid(sharedWorkDir);
      process.kill(pid, 'SIGKILL');
      // With no pause the request may reach the helper before it notices: it must still work.
      await new Promise((resolve) => setTimeout(resolve, pause));
      await shared.convert(fixture('doc.odt'), output(`after-idle-crash-${pause}.pdf`));
      expect(await pdfPages(output(`after-idle-crash-${pause}.pdf`))).toBe(3);
      expect(await sofficeBinPid(sharedWorkDir)).not.toBe(pid);
    }
  });

  it('restarts LibreOffice when it uses more memory than allowed', async () => {
    const { converter: frugal, workDir } = converter({ maxMemoryMb: 1 });
    await frugal.convert(fixture('doc.docx'), output('frugal-1.pdf'));
    expect(logLines.some((line) => line.msg?.includes('memory limit'))).toBe(true);
    await frugal.convert(fixture('doc.docx'), output('frugal-2.pdf'));
    expect(await pdfPages(output('frugal-2.pdf'))).toBe(3);
    await frugal.close();
    expect(await processesUnder(workDir)).toEqual([]);
  });

  it('is unavailable when LibreOffice or Python is missing', async () => {
    const { converter: noOffice } = converter({ sofficePath: path.join(root, 'no-such-soffice') });
    expect(
      (await failureOf(noOffice.convert(fixture('doc.docx'), output('none.pdf')))).reason,
    ).toBe('unavailable');
    await noOffice.close();
    const { converter: noPython } = converter({ pythonPath: path.join(root, 'no-such-python') });
    expect(
      (await failureOf(noPython.convert(fixture('doc.docx'), output('none.pdf')))).reason,
    ).toBe('unavailable');
    await noPython.close();
  });

  it('lets no connection leave LibreOffice, even for a document that makes it fetch a URL', async () => {
    const listener = await loopbackListener();
    try {
      const document = fixture('fetching.fodt');
      await fs.writeFile(
        document,
        flatTextWithBackgroundImage(`http://127.0.0.1:${listener.port}/x.png`),
      );
      // Without the network namespace this document does reach the listener (past the
      // profile's BlockUntrustedRefererLinks), so a zero below is the sandbox's doing.
      await convertWithoutSandbox(document, output('fetching-unsandboxed.pdf'));
      await waitFor(() => listener.connections() > 0, 3_000);
      expect(listener.connections()).toBeGreaterThan(0);

      const before = listener.connections();
      await shared.convert(document, output('fetching.pdf'));
      expect(await pdfText(output('fetching.pdf'))).toContain('Printomat background image');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(listener.connections() - before).toBe(0);
      expect(logLines.map((entry) => entry.obj)).toContainEqual({
        networkIsolation: 'unshare -rn',
      });
    } finally {
      await listener.close();
    }
  });

  it('refuses to start LibreOffice when the network sandbox cannot be set up, saying why', async () => {
    for (const [unsharePath, cause] of [
      [path.join(root, 'no-such-unshare'), /no-such-unshare is not installed/],
      ['false', /`false -rn` failed \(status 1\)/],
    ] as const) {
      const { converter: exposed, workDir } = converter({ unsharePath });
      const failure = await failureOf(exposed.convert(fixture('doc.docx'), output('exposed.pdf')));
      expect(failure.reason).toBe('unavailable');
      expect(failure.message).toMatch(/not started without its network sandbox/);
      expect(failure.message).toMatch(cause);
      const logged = logLines.find(
        (entry) =>
          'networkIsolation' in entry.obj &&
          entry.obj.networkIsolation === 'unavailable' &&
          cause.test(String((entry.obj as { cause?: unknown }).cause)),
      );
      expect(logged?.msg).toMatch(/LibreOffice not started: no network sandbox/);
      // It stays refused (nothing falls back later) and nothing of LibreOffice ever ran.
      expect((await failureOf(exposed.warmUp())).reason).toBe('unavailable');
      expect(await processesUnder(workDir)).toEqual([]);
      await expect(fs.access(output('exposed.pdf'))).rejects.toThrow();
      await exposed.close();
    }
  });

  it('leaves no LibreOffice running after close()', async () => {
    await shared.convert(fixture('doc.docx'), output('before-close.pdf'));
    expect(await processesUnder(sharedWorkDir)).not.toEqual([]);
    await shared.close();
    expect(await processesUnder(sharedWorkDir)).toEqual([]);
    expect(
      (await failureOf(shared.convert(fixture('doc.docx'), output('closed.pdf')))).reason,
    ).toBe('unavailable');
    // Nothing of ours is left under the work directory either.
    expect(await fs.readdir(sharedWorkDir)).toEqual([]);

    // And no soffice of any instance this file started (other test files may run their own).
    await Promise.all(opened.map((entry) => entry.close()));
    const { stdout } = await run('pgrep', ['-af', 'soffice']).catch(() => ({ stdout: '' }));
    expect(stdout.split('\n').filter((line) => line.includes(root))).toEqual([]);
  });
});
