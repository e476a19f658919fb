import {
  CAPABILITY_ATTRIBUTES,
  type PrinterCapabilities,
  parseCapabilities,
} from './capabilities.js';
import {
  type EncodableAttribute,
  type IppAttributes,
  type IppResponse,
  type IppValue,
  Operation,
  decodeResponse,
  encodeRequest,
  groupAttributes,
} from './encoding.js';
import type { CertificatePins } from './certificate-pins.js';
import { type TPrinterCredentials, createTransport } from './transport.js';

export const IPP_STATUS_SERVER_ERROR_BUSY = 0x0507;
export const IPP_STATUS_CLIENT_ERROR_NOT_FOUND = 0x0406;

export class IppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly statusMessage: string | undefined,
    operation: string,
  ) {
    super(
      `IPP ${operation} failed: status 0x${statusCode.toString(16).padStart(4, '0')}` +
        (statusMessage ? ` (${statusMessage})` : ''),
    );
    this.name = 'IppError';
  }
}

export class IppBusyError extends IppError {
  constructor(statusMessage: string | undefined, operation: string) {
    super(IPP_STATUS_SERVER_ERROR_BUSY, statusMessage, operation);
    this.name = 'IppBusyError';
  }
}

export type Sides = 'one-sided' | 'two-sided-long-edge' | 'two-sided-short-edge';
export type ColorMode = 'color' | 'monochrome';

export interface PrintJobAttributes {
  jobName: string;
  copies: number;
  sides: Sides;
  colorMode: ColorMode;
  /** null = omit (the document already has its pages laid out, e.g. a rendered raster). */
  numberUp: 1 | 2 | 4 | null;
  /** null = omit (printer decides / auto-rotate). */
  orientation: 'portrait' | 'landscape' | null;
  requestingUser?: string;
  /** MIME type of the document; default application/pdf. */
  documentFormat?: string;
}

/** The document to print: in memory, or a file streamed from disk (rasters can be large). */
export type PrintData = Buffer | { file: string };

export type JobState =
  'pending' | 'held' | 'processing' | 'stopped' | 'canceled' | 'aborted' | 'completed';

export interface JobStatus {
  state: JobState;
  reasons: string[];
  impressionsCompleted: number | null;
  sheetsCompleted: number | null;
}

export interface PrinterSupply {
  type?: string;
  color?: string;
  level?: number;
  description?: string;
}

export interface PrinterStatus {
  state: 'idle' | 'processing' | 'stopped';
  reasons: string[];
  /**
   * The printer-input-tray texts as the printer gives them (`type=...;maxcapacity=250;level=25;
   * name=main;`): the server decides low paper from level / maxcapacity, the admin page shows them.
   */
  inputTrays: string[];
  supplies: PrinterSupply[];
  markers: Array<{ name: string; level: number; color?: string }>;
  makeAndModel?: string;
}

export interface IppClient {
  printJob(data: PrintData, attrs: PrintJobAttributes): Promise<{ jobId: number; jobUri?: string }>;
  getJob(jobId: number): Promise<JobStatus>;
  /**
   * Cancels a job that is still pending or printing (IPP Cancel-Job), asked as `user`, the user
   * that submitted it (printers let only the owner or an operator cancel a job).
   */
  cancelJob(jobId: number, user?: string): Promise<void>;
  /**
   * Jobs of any state whose job-name is `name` (to find a job submitted before a crash), asked
   * as `user`, the user that submitted them (printers may hide other users' job names).
   */
  findJobsByName(name: string, user?: string): Promise<number[]>;
  getPrinter(): Promise<PrinterStatus>;
  /** What the printer accepts: formats, raster resolutions and colour spaces, duplex... */
  getCapabilities(): Promise<PrinterCapabilities>;
  waitForJob(jobId: number, opts?: { timeoutMs?: number; pollMs?: number }): Promise<JobStatus>;
  printWhenIdle(
    data: PrintData,
    attrs: PrintJobAttributes,
    opts?: { timeoutMs?: number; initialDelayMs?: number; maxDelayMs?: number },
  ): Promise<{ jobId: number; jobUri?: string }>;
}

const JOB_STATES: Record<number, JobState> = {
  3: 'pending',
  4: 'held',
  5: 'processing',
  6: 'stopped',
  7: 'canceled',
  8: 'aborted',
  9: 'completed',
};
const PRINTER_STATES: Record<number, PrinterStatus['state']> = {
  3: 'idle',
  4: 'processing',
  5: 'stopped',
};
const TERMINAL: ReadonlySet<JobState> = new Set(['canceled', 'aborted', 'completed']);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function first(attrs: IppAttributes, name: string): IppValue | undefined {
  return attrs[name]?.[0];
}
function num(attrs: IppAttributes, name: string): number | null {
  const v = first(attrs, name);
  return typeof v === 'number' ? v : null;
}
function strings(attrs: IppAttributes, name: string): string[] {
  return (attrs[name] ?? []).filter((v): v is string => typeof v === 'string');
}

/** Parses "key=value;key=value;" text (printer-supply, printer-input-tray). */
export function parseKeyValueText(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

export function parsePrinterAttributes(attrs: IppAttributes): PrinterStatus {
  const stateNum = num(attrs, 'printer-state');
  const state = (stateNum !== null ? PRINTER_STATES[stateNum] : undefined) ?? 'stopped';
  const reasons = strings(attrs, 'printer-state-reasons').filter((r) => r !== 'none');
  const inputTrays = strings(attrs, 'printer-input-tray');
  const descriptions = strings(attrs, 'printer-supply-description');
  const supplies = strings(attrs, 'printer-supply').map((text, i): PrinterSupply => {
    const kv = parseKeyValueText(text);
    const supply: PrinterSupply = {};
    if (kv.type) supply.type = kv.type;
    if (kv.colorantname && kv.colorantname !== 'unknown') supply.color = kv.colorantname;
    const level = kv.level !== undefined ? Number(kv.level) : NaN;
    const max = kv.maxcapacity !== undefined ? Number(kv.maxcapacity) : NaN;
    // Negative levels are "unknown"/"other" sentinels (RFC 3805).
    if (Number.isFinite(level) && level >= 0) {
      supply.level =
        kv.unit === 'percent' || !Number.isFinite(max) || max <= 0
          ? level
          : Math.round((level / max) * 100);
    }
    const description = descriptions[i];
    if (description) supply.description = description;
    return supply;
  });
  const markerNames = strings(attrs, 'marker-names');
  const markerLevels = attrs['marker-levels'] ?? [];
  const markerColors = strings(attrs, 'marker-colors');
  const markers = markerNames.map((name, i) => {
    const lv = markerLevels[i];
    const m: { name: string; level: number; color?: string } = {
      name,
      level: typeof lv === 'number' ? lv : -1,
    };
    const color = markerColors[i];
    if (color) m.color = color;
    return m;
  });
  const makeAndModel = first(attrs, 'printer-make-and-model');
  return {
    state,
    reasons,
    inputTrays,
    supplies,
    markers,
    ...(typeof makeAndModel === 'string' ? { makeAndModel } : {}),
  };
}

export function parseJobAttributes(attrs: IppAttributes): JobStatus {
  const stateNum = num(attrs, 'job-state');
  const state = stateNum !== null ? JOB_STATES[stateNum] : undefined;
  if (!state) throw new Error(`IPP job has no valid job-state (${String(stateNum)})`);
  return {
    state,
    reasons: strings(attrs, 'job-state-reasons').filter((r) => r !== 'none'),
    impressionsCompleted: num(attrs, 'job-impressions-completed'),
    sheetsCompleted: num(attrs, 'job-media-sheets-completed'),
  };
}

export interface TIppClientOptions {
  requestTimeoutMs?: number;
  /** Where ipps:// printers' certificates are pinned; required for ipps:// and https://. */
  pins?: CertificatePins;
  /** Sent when the printer asks for HTTP basic authentication. */
  credentials?: TPrinterCredentials;
}

/** The URI schemes a printer may have: IPP (RFC 8010), IPP over TLS (RFC 7472), or HTTP(S). */
export const PRINTER_URI_SCHEMES = ['ipp:', 'ipps:', 'http:', 'https:'];

export function createIppClient(printerUri: string, options: TIppClientOptions = {}): IppClient {
  const parsed = new URL(printerUri);
  if (!PRINTER_URI_SCHEMES.includes(parsed.protocol)) {
    throw new Error(`Unsupported printer URI scheme: ${parsed.protocol}`);
  }
  if ((parsed.protocol === 'ipps:' || parsed.protocol === 'https:') && !options.pins)
    throw new Error('ipps:// printers need a place to pin their certificate (the state dir)');
  // ipp:// and ipps:// are HTTP and HTTPS on port 631 unless the URI says otherwise.
  const httpUrl = new URL(printerUri.replace(/^ipp(s?):/, 'http$1:'));
  if ((parsed.protocol === 'ipp:' || parsed.protocol === 'ipps:') && !parsed.port)
    httpUrl.port = '631';
  const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  const transport = createTransport(httpUrl, {
    timeoutMs: requestTimeoutMs,
    ...(options.pins ? { pins: options.pins } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  let requestId = 0;

  const baseOperation = (user?: string): EncodableAttribute[] => [
    { name: 'attributes-charset', tag: 'charset', values: ['utf-8'] },
    { name: 'attributes-natural-language', tag: 'naturalLanguage', values: ['en'] },
    { name: 'printer-uri', tag: 'uri', values: [printerUri] },
    { name: 'requesting-user-name', tag: 'nameWithoutLanguage', values: [user ?? 'printomat'] },
  ];

  async function call(
    name: string,
    operation: number,
    groups: Parameters<typeof encodeRequest>[0]['groups'],
    data?: PrintData,
  ): Promise<IppResponse> {
    requestId = (requestId % 0x7fffffff) + 1;
    const inline = Buffer.isBuffer(data) ? { data } : {};
    const body = encodeRequest({ operation, requestId, groups, ...inline });
    const file = data !== undefined && !Buffer.isBuffer(data) ? data.file : undefined;
    const res = decodeResponse(await transport.post(body, file));
    if (res.statusCode >= 0x0100) {
      const message = first(groupAttributes(res, 'operation'), 'status-message');
      const msg = typeof message === 'string' ? message : undefined;
      if (res.statusCode === IPP_STATUS_SERVER_ERROR_BUSY) throw new IppBusyError(msg, name);
      throw new IppError(res.statusCode, msg, name);
    }
    return res;
  }

  const client: IppClient = {
    async printJob(data, attrs) {
      if (!Number.isInteger(attrs.copies) || attrs.copies < 1) {
        throw new Error(`Invalid copies: ${attrs.copies}`);
      }
      const job: EncodableAttribute[] = [
        { name: 'copies', tag: 'integer', values: [attrs.copies] },
        { name: 'sides', tag: 'keyword', values: [attrs.sides] },
        { name: 'print-color-mode', tag: 'keyword', values: [attrs.colorMode] },
      ];
      if (attrs.numberUp !== null)
        job.push({ name: 'number-up', tag: 'integer', values: [attrs.numberUp] });
      if (attrs.orientation !== null) {
        job.push({
          name: 'orientation-requested',
          tag: 'enum',
          values: [attrs.orientation === 'landscape' ? 4 : 3],
        });
      }
      const res = await call(
        'Print-Job',
        Operation.printJob,
        [
          {
            group: 'operation',
            attributes: [
              ...baseOperation(attrs.requestingUser),
              { name: 'job-name', tag: 'nameWithoutLanguage', values: [attrs.jobName] },
              {
                name: 'document-format',
                tag: 'mimeMediaType',
                values: [attrs.documentFormat ?? 'application/pdf'],
              },
            ],
          },
          { group: 'job', attributes: job },
        ],
        data,
      );
      const jobAttrs = groupAttributes(res, 'job');
      const jobId = num(jobAttrs, 'job-id');
      if (jobId === null) throw new Error('IPP Print-Job response has no job-id');
      const jobUri = first(jobAttrs, 'job-uri');
      return typeof jobUri === 'string' ? { jobId, jobUri } : { jobId };
    },

    async getJob(jobId) {
      const res = await call('Get-Job-Attributes', Operation.getJobAttributes, [
        {
          group: 'operation',
          attributes: [
            ...baseOperation(),
            { name: 'job-id', tag: 'integer', values: [jobId] },
            {
              name: 'requested-attributes',
              tag: 'keyword',
              values: [
                'job-state',
                'job-state-reasons',
                'job-impressions-completed',
                'job-media-sheets-completed',
              ],
            },
          ],
        },
      ]);
      return parseJobAttributes(groupAttributes(res, 'job'));
    },

    async cancelJob(jobId, user) {
      await call('Cancel-Job', Operation.cancelJob, [
        {
          group: 'operation',
          attributes: [...baseOperation(user), { name: 'job-id', tag: 'integer', values: [jobId] }],
        },
      ]);
    },

    async findJobsByName(name, user) {
      const res = await call('Get-Jobs', Operation.getJobs, [
        {
          group: 'operation',
          attributes: [
            ...baseOperation(user),
            { name: 'my-jobs', tag: 'boolean', values: [true] },
            { name: 'which-jobs', tag: 'keyword', values: ['all'] },
            { name: 'requested-attributes', tag: 'keyword', values: ['job-id', 'job-name'] },
          ],
        },
      ]);
      const ids: number[] = [];
      for (const group of res.groups) {
        if (group.group !== 'job') continue;
        const id = num(group.attributes, 'job-id');
        if (id !== null && first(group.attributes, 'job-name') === name) ids.push(id);
      }
      return ids;
    },

    async getPrinter() {
      const res = await call('Get-Printer-Attributes', Operation.getPrinterAttributes, [
        {
          group: 'operation',
          attributes: [
            ...baseOperation(),
            {
              name: 'requested-attributes',
              tag: 'keyword',
              values: [
                'printer-state',
                'printer-state-reasons',
                'printer-input-tray',
                'printer-supply',
                'printer-supply-description',
                'marker-names',
                'marker-levels',
                'marker-colors',
                'printer-make-and-model',
              ],
            },
          ],
        },
      ]);
      return parsePrinterAttributes(groupAttributes(res, 'printer'));
    },

    async getCapabilities() {
      const res = await call('Get-Printer-Attributes', Operation.getPrinterAttributes, [
        {
          group: 'operation',
          attributes: [
            ...baseOperation(),
            { name: 'requested-attributes', tag: 'keyword', values: CAPABILITY_ATTRIBUTES },
          ],
        },
      ]);
      return parseCapabilities(groupAttributes(res, 'printer'));
    },

    async waitForJob(jobId, opts = {}) {
      const timeoutMs = opts.timeoutMs ?? 120_000;
      const pollMs = opts.pollMs ?? 500;
      const deadline = Date.now() + timeoutMs;
      while (true) {
        const status = await client.getJob(jobId);
        if (TERMINAL.has(status.state)) return status;
        if (Date.now() + pollMs > deadline) {
          throw new Error(`Timed out waiting for IPP job ${jobId} (last state ${status.state})`);
        }
        await sleep(pollMs);
      }
    },

    async printWhenIdle(data, attrs, opts = {}) {
      const timeoutMs = opts.timeoutMs ?? 120_000;
      const maxDelayMs = opts.maxDelayMs ?? 5_000;
      let delay = opts.initialDelayMs ?? 250;
      const deadline = Date.now() + timeoutMs;
      while (true) {
        try {
          return await client.printJob(data, attrs);
        } catch (err) {
          if (!(err instanceof IppBusyError)) throw err;
          const remaining = deadline - Date.now();
          if (remaining <= 0) throw err;
          await sleep(Math.min(delay, remaining));
          delay = Math.min(delay * 2, maxDelayMs);
        }
      }
    },
  };
  return client;
}
