import { execFile } from 'node:child_process';
import {
  X509Certificate,
  constants,
  createDecipheriv,
  createHash,
  createPrivateKey,
  privateDecrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import fs from 'node:fs/promises';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  compactDate,
  ksefNumber,
  referenceNumber,
} from '../../src/modules/invoices/ksef/ksef-numbers';
import { LocalHttpServer, onBody } from './local-server';

// A local stand-in for the KSeF 2.0 API (docs: CIRFMF/ksef-docs, its OpenAPI) that follows the
// documented online-session flow closely enough to catch a client that gets it wrong: it makes
// its own RSA keys and self-signed certificates (openssl), decrypts the KSeF token and checks it
// against the challenge, hands out and checks Bearer tokens on every call, decrypts the invoice
// with the session's AES key and checks its hashes and sizes. Like KSeF, it answers an invoice
// it already has (same RodzajFaktury and P_2, not rejected) with status 440 naming the original.
// It validates nothing else (no schema check). Switches simulate KSeF's bad days; what it received is recorded for assertions.

const run = promisify(execFile);

export const FAKE_KSEF_TOKEN = '20260101-EC-1DCE3E3000-12ECB5B36E-45|nip-9999999999|919fcafe';

type TUsage = 'KsefTokenEncryption' | 'SymmetricKeyEncryption';

interface TKeyPair {
  der: string;
  privateKey: KeyObject;
  validFrom: string;
  validTo: string;
}

export interface TFakeKsefInvoice {
  sessionReference: string;
  referenceNumber: string;
  /** The XML as decrypted with the session's key. */
  xml: string;
  /** What the client said and what the fake computed from the decrypted bytes. */
  invoiceHash: string;
  computedHash: string;
  invoiceSize: number;
  ksefNumber: string;
  statusAsks: number;
  rejection: { code: number; description: string; details: string[] } | null;
  /** An invoice KSeF already had (same seller, RodzajFaktury and P_2): answered 440. */
  duplicateOf: TFakeKsefInvoice | null;
}

interface TFailure {
  status: number;
  retryAfter?: number;
  /** Only requests whose path matches (default: any). */
  path?: RegExp;
}

const DAY_MS = 86_400_000;

/** The request bodies of the calls the fake serves (read loosely, as a server would). */
interface TRequestBody {
  challenge?: string;
  contextIdentifier?: { type?: string; value?: string };
  encryptedToken?: string;
  formCode?: { systemCode?: string; schemaVersion?: string; value?: string };
  encryption?: { encryptedSymmetricKey?: string; initializationVector?: string };
  invoiceHash?: string;
  invoiceSize?: number;
  encryptedInvoiceHash?: string;
  encryptedInvoiceSize?: number;
  encryptedInvoiceContent?: string;
}

export class FakeKsef extends LocalHttpServer {
  // Switches.
  /** The KSeF token this taxpayer really has (set another to simulate a wrong KSEF_TOKEN). */
  validToken = FAKE_KSEF_TOKEN;
  /** Answered instead of the next matching requests, in order (429 with Retry-After, 500, …). */
  failNext: TFailure[] = [];
  /** Every request answered with this status while set (KSeF down). */
  failAlways: number | null = null;
  /** How many times a new invoice's status is "100 processing" before the final answer. */
  processingAnswers = 1;
  /** The next invoice sent is rejected with this status (450 semantic error, …). */
  rejectNext: { code: number; description: string; details: string[] } | null = null;

  // What it saw.
  readonly received: TFakeKsefInvoice[] = [];
  readonly requests: string[] = [];
  signIns = 0;
  sessionsOpened = 0;
  sessionsClosed = 0;

  private keys = new Map<TUsage, TKeyPair>();
  private readonly challenges = new Map<string, number>();
  private readonly authOps = new Map<
    string,
    { authToken: string; ok: boolean; redeemed: boolean }
  >();
  private readonly accessTokens = new Map<string, number>();
  private readonly refreshTokens = new Set<string>();
  private readonly sessions = new Map<string, { key: Buffer; iv: Buffer; closed: boolean }>();

  constructor(readonly nip = '9999999999') {
    super();
  }

  /** `<origin>/v2`, as KSEF_API_URL. */
  get apiUrl(): string {
    return `${this.origin}/v2`;
  }

  override async start(): Promise<void> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fake-ksef-'));
    try {
      for (const usage of ['KsefTokenEncryption', 'SymmetricKeyEncryption'] as const) {
        const key = path.join(dir, `${usage}.key`);
        const cert = path.join(dir, `${usage}.pem`);
        await run('openssl', [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-keyout',
          key,
          '-out',
          cert,
          '-days',
          '2',
          '-subj',
          `/CN=Fake KSeF ${usage}`,
        ]);
        const x509 = new X509Certificate(await fs.readFile(cert));
        this.keys.set(usage, {
          der: x509.raw.toString('base64'),
          privateKey: createPrivateKey(await fs.readFile(key)),
          validFrom: new Date(Date.now() - DAY_MS).toISOString(),
          validTo: new Date(Date.now() + DAY_MS).toISOString(),
        });
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    await super.start();
  }

  /** Every access token stops working (KSeF would answer 401 until the client signs in again). */
  expireAccessTokens(): void {
    this.accessTokens.clear();
  }

  /** Access and refresh tokens stop working: the client must sign in with its KSeF token. */
  expireAllTokens(): void {
    this.accessTokens.clear();
    this.refreshTokens.clear();
  }

  protected handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    onBody(req, (body) => {
      try {
        this.route(req, res, body);
      } catch (err) {
        send(res, 500, { status: { code: 500, description: String(err) } });
      }
    });
  }

  private route(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const p = url.pathname.replace(/^\/v2/, '');
    const method = req.method ?? 'GET';
    this.requests.push(`${method} ${p}`);
    const failure =
      this.failAlways !== null
        ? { status: this.failAlways }
        : this.failNext.find((f) => !f.path || f.path.test(p));
    if (failure) {
      if (this.failAlways === null) this.failNext.splice(this.failNext.indexOf(failure), 1);
      if (failure.status === 429) {
        res.setHeader('retry-after', String(failure.retryAfter ?? 30));
        return send(res, 429, {
          status: {
            code: 429,
            description: 'Too Many Requests',
            details: [
              `Przekroczono limit. Spróbuj ponownie po ${failure.retryAfter ?? 30} sekundach.`,
            ],
          },
        });
      }
      return send(res, failure.status, {
        status: { code: failure.status, description: 'Fake failure' },
      });
    }
    const body = (raw.length ? JSON.parse(raw.toString('utf8')) : {}) as TRequestBody;
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const today = compactDate(new Date(), 'Europe/Warsaw');
    let m: RegExpExecArray | null;

    if (method === 'POST' && p === '/auth/challenge') {
      const challenge = referenceNumber(today, 'CR');
      const ms = Date.now();
      this.challenges.set(challenge, ms);
      return send(res, 200, {
        challenge,
        timestamp: new Date(ms).toISOString().replace('Z', '1234+00:00'),
        timestampMs: ms,
      });
    }
    if (method === 'GET' && p === '/security/public-key-certificates')
      return send(
        res,
        200,
        [...this.keys].map(([usage, k]) => ({
          certificate: k.der,
          validFrom: k.validFrom,
          validTo: k.validTo,
          usage: [usage],
        })),
      );
    if (method === 'POST' && p === '/auth/ksef-token') {
      const ms = this.challenges.get(body.challenge ?? '');
      if (
        ms === undefined ||
        body.contextIdentifier?.type !== 'Nip' ||
        body.contextIdentifier?.value !== this.nip
      )
        return exception(res, 400, 21405, 'Błąd walidacji danych wejściowych', [
          'challenge or context',
        ]);
      this.challenges.delete(body.challenge ?? '');
      const plain = privateDecrypt(
        {
          key: this.key('KsefTokenEncryption'),
          padding: constants.RSA_PKCS1_OAEP_PADDING,
          oaepHash: 'sha256',
        },
        Buffer.from(String(body.encryptedToken), 'base64'),
      ).toString('utf8');
      const ref = referenceNumber(today, 'AU');
      const authToken = randomBytes(24).toString('hex');
      this.authOps.set(ref, {
        authToken,
        ok: plain === `${this.validToken}|${ms}`,
        redeemed: false,
      });
      return send(res, 202, {
        referenceNumber: ref,
        authenticationToken: {
          token: authToken,
          validUntil: new Date(Date.now() + 600_000).toISOString(),
        },
      });
    }
    if (method === 'GET' && (m = /^\/auth\/([^/]+)$/.exec(p))) {
      const op = this.authOps.get(decodeURIComponent(m[1]!));
      if (!op || op.authToken !== bearer) return send(res, 401, {});
      return send(res, 200, {
        startDate: new Date().toISOString(),
        authenticationMethod: 'Token',
        status: op.ok
          ? { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' }
          : {
              code: 450,
              description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
              details: ['Invalid token.'],
            },
      });
    }
    if (method === 'POST' && p === '/auth/token/redeem') {
      const op = [...this.authOps.values()].find((o) => o.authToken === bearer);
      if (!op) return send(res, 401, {});
      if (!op.ok || op.redeemed) return exception(res, 400, 21301, 'Brak autoryzacji', []);
      op.redeemed = true;
      this.signIns += 1;
      return send(res, 200, { accessToken: this.issueAccess(), refreshToken: this.issueRefresh() });
    }
    if (method === 'POST' && p === '/auth/token/refresh') {
      if (!bearer || !this.refreshTokens.has(bearer)) return send(res, 401, {});
      return send(res, 200, { accessToken: this.issueAccess() });
    }
    // Everything below needs a valid access token.
    if (!bearer || (this.accessTokens.get(bearer) ?? 0) < Date.now()) return send(res, 401, {});

    if (method === 'POST' && p === '/sessions/online') {
      const form = body.formCode;
      if (form?.systemCode !== 'FA (3)' || form?.schemaVersion !== '1-0E' || form?.value !== 'FA')
        return exception(res, 400, 21405, 'Błąd walidacji danych wejściowych', ['formCode']);
      const key = privateDecrypt(
        {
          key: this.key('SymmetricKeyEncryption'),
          padding: constants.RSA_PKCS1_OAEP_PADDING,
          oaepHash: 'sha256',
        },
        Buffer.from(String(body.encryption?.encryptedSymmetricKey), 'base64'),
      );
      const iv = Buffer.from(String(body.encryption?.initializationVector), 'base64');
      if (key.length !== 32 || iv.length !== 16)
        return exception(res, 400, 21405, 'Błąd walidacji danych wejściowych', ['key or IV size']);
      const ref = referenceNumber(today, 'SO');
      this.sessions.set(ref, { key, iv, closed: false });
      this.sessionsOpened += 1;
      return send(res, 201, {
        referenceNumber: ref,
        validUntil: new Date(Date.now() + 43_200_000).toISOString(),
      });
    }
    if (method === 'POST' && (m = /^\/sessions\/online\/([^/]+)\/invoices$/.exec(p))) {
      const sessionReference = decodeURIComponent(m[1]!);
      const session = this.sessions.get(sessionReference);
      if (!session || session.closed) return exception(res, 400, 21173, 'Brak sesji', []);
      const encrypted = Buffer.from(String(body.encryptedInvoiceContent), 'base64');
      if (encrypted.length !== body.encryptedInvoiceSize)
        return exception(res, 400, 21402, 'Nieprawidłowy rozmiar pliku', []);
      if (sha256(encrypted) !== body.encryptedInvoiceHash)
        return exception(res, 400, 21403, 'Nieprawidłowy skrót pliku', []);
      const decipher = createDecipheriv('aes-256-cbc', session.key, session.iv);
      const plain = Buffer.concat([decipher.update(encrypted), decipher.final()]);
      if (plain.length !== body.invoiceSize)
        return exception(res, 400, 21402, 'Nieprawidłowy rozmiar pliku', []);
      if (sha256(plain) !== body.invoiceHash)
        return exception(res, 400, 21403, 'Nieprawidłowy skrót pliku', []);
      const ref = referenceNumber(today, 'EE');
      const xml = plain.toString('utf8');
      const original = this.received.find(
        (i) => !i.rejection && !i.duplicateOf && documentKey(i.xml) === documentKey(xml),
      );
      this.received.push({
        sessionReference,
        referenceNumber: ref,
        xml,
        invoiceHash: String(body.invoiceHash),
        computedHash: sha256(plain),
        invoiceSize: plain.length,
        ksefNumber: ksefNumber(this.nip, today, randomBytes(6).toString('hex')),
        statusAsks: 0,
        rejection: this.rejectNext,
        duplicateOf: original ?? null,
      });
      this.rejectNext = null;
      return send(res, 202, { referenceNumber: ref });
    }
    if (method === 'POST' && (m = /^\/sessions\/online\/([^/]+)\/close$/.exec(p))) {
      const session = this.sessions.get(decodeURIComponent(m[1]!));
      if (!session || session.closed)
        return exception(res, 400, 21180, 'Status sesji nie pozwala na wykonanie operacji', []);
      session.closed = true;
      this.sessionsClosed += 1;
      res.writeHead(204).end();
      return;
    }
    if (method === 'GET' && (m = /^\/sessions\/([^/]+)\/invoices\/ksef\/([^/]+)\/upo$/.exec(p))) {
      const invoice = this.received.find(
        (i) =>
          i.sessionReference === decodeURIComponent(m![1]!) &&
          i.ksefNumber === decodeURIComponent(m![2]!) &&
          !i.rejection &&
          !i.duplicateOf &&
          i.statusAsks >= this.processingAnswers,
      );
      if (!invoice) return exception(res, 400, 21178, 'Nie znaleziono UPO', []);
      res.writeHead(200, { 'content-type': 'application/xml' }).end(this.upo(invoice));
      return;
    }
    if (method === 'GET' && (m = /^\/sessions\/([^/]+)\/invoices\/([^/]+)(\/upo)?$/.exec(p))) {
      const invoice = this.received.find(
        (i) =>
          i.sessionReference === decodeURIComponent(m![1]!) &&
          i.referenceNumber === decodeURIComponent(m![2]!),
      );
      if (!invoice) return exception(res, 400, 21404, 'Nie znaleziono faktury', []);
      const done = invoice.statusAsks >= this.processingAnswers;
      if (m[3]) {
        if (!done || invoice.rejection || invoice.duplicateOf)
          return exception(res, 400, 21178, 'Nie znaleziono UPO', []);
        res.writeHead(200, { 'content-type': 'application/xml' }).end(this.upo(invoice));
        return;
      }
      invoice.statusAsks += 1;
      const base = {
        ordinalNumber: 1,
        referenceNumber: invoice.referenceNumber,
        invoiceHash: invoice.computedHash,
        invoicingDate: new Date().toISOString(),
      };
      if (!done)
        return send(res, 200, {
          ...base,
          status: { code: 150, description: 'Trwa przetwarzanie' },
        });
      if (invoice.rejection) return send(res, 200, { ...base, status: invoice.rejection });
      if (invoice.duplicateOf)
        return send(res, 200, {
          ...base,
          status: {
            code: 440,
            description: 'Duplikat faktury',
            details: [`Faktura o numerze ${invoice.duplicateOf.ksefNumber} została już przyjęta.`],
            extensions: {
              originalSessionReferenceNumber: invoice.duplicateOf.sessionReference,
              originalKsefNumber: invoice.duplicateOf.ksefNumber,
            },
          },
        });
      return send(res, 200, {
        ...base,
        ksefNumber: invoice.ksefNumber,
        acquisitionDate: new Date().toISOString(),
        status: { code: 200, description: 'Sukces' },
      });
    }
    return send(res, 404, {});
  }

  private key(usage: TUsage): KeyObject {
    return this.keys.get(usage)!.privateKey;
  }

  private issueAccess() {
    const token = randomBytes(24).toString('hex');
    const validUntil = Date.now() + 900_000;
    this.accessTokens.set(token, validUntil);
    return { token, validUntil: new Date(validUntil).toISOString() };
  }

  private issueRefresh() {
    const token = randomBytes(24).toString('hex');
    this.refreshTokens.add(token);
    return { token, validUntil: new Date(Date.now() + 7 * DAY_MS).toISOString() };
  }

  private upo(invoice: TFakeKsefInvoice): string {
    return `<?xml version="1.0" encoding="UTF-8"?>
<Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-3">
  <NumerReferencyjnySesji>${invoice.sessionReference}</NumerReferencyjnySesji>
  <Dokument>
    <NumerKSeFDokumentu>${invoice.ksefNumber}</NumerKSeFDokumentu>
    <SkrotDokumentu>${invoice.computedHash}</SkrotDokumentu>
  </Dokument>
</Potwierdzenie>
`;
  }
}

/** What KSeF tells duplicates by (with the seller's NIP, one per fake): RodzajFaktury and P_2. */
function documentKey(xml: string): string {
  const field = (name: string) =>
    new RegExp(`<(?:\\w+:)?${name}>([^<]*)</(?:\\w+:)?${name}>`).exec(xml)?.[1]?.trim() ?? '';
  return `${field('RodzajFaktury')}|${field('P_2')}`;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('base64');

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function exception(
  res: http.ServerResponse,
  status: number,
  code: number,
  description: string,
  details: string[],
): void {
  send(res, status, {
    exception: {
      exceptionDetailList: [{ exceptionCode: code, exceptionDescription: description, details }],
      serviceCode: '00-fake-00',
      timestamp: new Date().toISOString(),
    },
  });
}
