import { z } from 'zod';

/**
 * The link between the server and the printer agent at a kiosk: JSON messages over one WebSocket
 * the agent dials out (`/agent/ws`). Everything a printer sends is untrusted input, so both sides
 * parse every message with these schemas and bound every string and list.
 */

export const AGENT_PROTOCOL_VERSION = 1;
/** The agent reports its printer's state this often; the server counts it offline after 2 + 5 s. */
export const AGENT_HEARTBEAT_MS = 15_000;
/**
 * Pages one usage report may count (colour + mono). A copy or scan session is far smaller; a
 * larger report is acknowledged but not counted (the server logs it), so a broken or hostile
 * agent cannot inflate a printer's statistics.
 */
export const MAX_USAGE_PAGES_PER_REPORT = 10_000;

const ZText = (max: number) => z.string().max(max);

/**
 * Copying and scanning at the device (issue 16). The device's panel sends the person's ID and
 * PIN through the agent (`authorize`); the server answers with a device session: who it is, the
 * pages they have left, whether colour is allowed, and for a scan where to upload it. Copies are
 * reported as `usage` naming the session and charged to the person (colour = COLOR_PAGE_FACTOR
 * pages); a scan is uploaded over HTTP to `uploadPath` (a PDF, at most SCAN_MAX_BYTES) and
 * counted there, so the agent sends no `usage` for a session's scan.
 */
export const DEVICE_SESSION_MINUTES = 15;
/** A session's scan may still be uploaded this long after the session expired. */
export const SCAN_UPLOAD_GRACE_MINUTES = 60;
export const SCAN_MAX_BYTES = 50 * 1024 * 1024;
/** At most this many scans are accepted in one device session (a looping agent cannot mail-bomb). */
export const MAX_SCANS_PER_SESSION = 20;
/** At most this many bytes of scans in one device session, all its uploads together. */
export const MAX_SCAN_BYTES_PER_SESSION = 4 * SCAN_MAX_BYTES;
const ZSessionId = z.number().int().positive();
export const ZDeviceAction = z.enum(['copy', 'scan']);
export type TDeviceAction = z.infer<typeof ZDeviceAction>;

export const ZDeviceAuthorization = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    sessionId: ZSessionId,
    userId: z.number().int().positive(),
    action: ZDeviceAction,
    remainingPages: z.number().int().min(0),
    colorAllowed: z.boolean(),
    expiresAt: ZText(40),
    /** Scan sessions: POST the scanned PDF here (relative to the server). */
    uploadPath: z
      .string()
      .regex(/^\/agent\/scans\/\d+\?token=[A-Za-z0-9_-]{20,100}$/)
      .optional(),
  }),
  z.object({
    ok: z.literal(false),
    /**
     * invalid: unknown ID, wrong PIN or no PIN set (never said which); locked: too many wrong
     * PINs for this ID or at this printer (retryAfterSeconds); no_pages: a copy with no pages
     * left; not_supported: this printer does not copy/scan; unavailable: the printer is
     * disabled or in maintenance.
     */
    reason: z.enum(['invalid', 'locked', 'no_pages', 'not_supported', 'unavailable']),
    retryAfterSeconds: z.number().int().min(0).optional(),
  }),
]);
export type TDeviceAuthorization = z.infer<typeof ZDeviceAuthorization>;

export const ZAgentSupply = z.object({
  type: ZText(64).optional(),
  color: ZText(64).optional(),
  level: z.number().int().min(-3).max(100).optional(),
  description: ZText(200).optional(),
});

export const ZAgentPrinterStatus = z.object({
  state: z.enum(['idle', 'processing', 'stopped', 'unreachable']),
  reasons: z.array(ZText(100)).max(50),
  inputTrays: z.array(ZText(200)).max(20),
  supplies: z.array(ZAgentSupply).max(50),
  markers: z
    .array(
      z.object({
        name: ZText(100),
        level: z.number().int().min(-3).max(100),
        color: ZText(64).optional(),
      }),
    )
    .max(50),
  makeAndModel: ZText(200).optional(),
});
export type TAgentPrinterStatus = z.infer<typeof ZAgentPrinterStatus>;

const ZMinionId = z.string().regex(/^[A-Za-z0-9._-]{3,64}$/);
const ZJobId = z.number().int().positive();
/**
 * Which release of a job a message is about (the server's `released_at`, ISO 8601): a job an
 * admin failed, reset and printed again is a new release, and a late report of the earlier one
 * must not settle it. Optional for agents that predate it.
 */
const ZRelease = ZText(40).optional();

/** Messages from the agent. */
export const ZAgentMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    protocol: z.literal(AGENT_PROTOCOL_VERSION),
    minionId: ZMinionId,
    secret: z.string().min(16).max(200),
    agentVersion: ZText(40),
    printer: ZAgentPrinterStatus.optional(),
  }),
  z.object({ type: z.literal('heartbeat'), printer: ZAgentPrinterStatus }),
  /** The agent has the job (it answers every delivery, also repeated ones). */
  z.object({ type: z.literal('job_received'), jobId: ZJobId }),
  /** Send the job again with fresh download links (after an interruption). */
  z.object({ type: z.literal('job_refresh'), jobId: ZJobId }),
  /** The first document went to the printer. */
  z.object({ type: z.literal('job_started'), jobId: ZJobId, release: ZRelease }),
  /**
   * The job ended. `impressions`: the faces the printer counted (null: it does not count);
   * `documentsCompleted`: how many of the job's documents, in order, the printer completed.
   */
  z.object({
    type: z.literal('job_finished'),
    jobId: ZJobId,
    release: ZRelease,
    outcome: z.enum(['printed', 'failed']),
    impressions: z.number().int().min(0).max(10_000_000).nullable(),
    documentsCompleted: z.number().int().min(0).max(50),
    reason: ZText(500).optional(),
  }),
  /** Copies or scans made at the device itself, counted once per reportId. */
  z.object({
    type: z.literal('usage'),
    reportId: ZText(64).min(1),
    kind: z.enum(['copy', 'scan']),
    // Parsed up to this bound (a larger number is a protocol error); the server counts a report
    // only up to MAX_USAGE_PAGES_PER_REPORT, and only for someone who used this printer.
    colorPages: z.number().int().min(0).max(100_000),
    monoPages: z.number().int().min(0).max(100_000),
    /** The person at the device; counted only if they released a job to this printer lately. */
    userId: z.number().int().positive().optional(),
    /** The device session (ID + PIN) the copies were made in: charged to its person. */
    sessionId: ZSessionId.optional(),
  }),
  /** The device's panel asks to sign a person in with their ID and PIN. */
  z.object({
    type: z.literal('authorize'),
    requestId: ZText(64).min(1),
    uid: ZText(16),
    pin: ZText(16),
    action: ZDeviceAction,
  }),
  /** The person signed out at the panel (or it timed out there): no more usage in it. */
  z.object({ type: z.literal('session_end'), sessionId: ZSessionId }),
]);
export type TAgentMessage = z.infer<typeof ZAgentMessage>;

export const ZAgentJobDocument = z.object({
  documentId: z.number().int().positive(),
  name: ZText(255),
  copies: z.number().int().min(1).max(999),
  /** Where to download the normalised PDF, relative to the server; carries a short-lived token. */
  path: z.string().regex(/^\/agent\/documents\/\d+\?token=[A-Za-z0-9_-]{20,100}$/),
});

/** A released job: the settings map onto IPP job attributes. */
export const ZAgentJob = z.object({
  jobId: ZJobId,
  release: ZRelease,
  userId: z.number().int().positive(),
  documents: z.array(ZAgentJobDocument).min(1).max(50),
  sides: z.enum(['one-sided', 'two-sided-long-edge']),
  colorMode: z.enum(['color', 'monochrome']),
  numberUp: z.union([z.literal(1), z.literal(2), z.literal(4)]),
  orientation: z.enum(['portrait', 'landscape']).nullable(),
  /** Faces the job prints in total (the charge is for these). */
  impressions: z.number().int().min(0),
});
export type TAgentJob = z.infer<typeof ZAgentJob>;

/** Messages from the server. */
export const ZServerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('welcome'),
    printerId: z.number().int().positive(),
    name: ZText(200),
    heartbeatMs: z.number().int().positive(),
  }),
  /** Not registered yet: the agent stays connected as a detected printer and gets no jobs. */
  z.object({ type: z.literal('detected'), heartbeatMs: z.number().int().positive() }),
  z.object({ type: z.literal('job'), job: ZAgentJob }),
  /** The server recorded the job's end: the agent may forget it. */
  z.object({ type: z.literal('finished_ack'), jobId: ZJobId, release: ZRelease }),
  /** For a copy charged to a session: the pages charged and what the person has left. */
  z.object({
    type: z.literal('usage_ack'),
    reportId: ZText(64),
    charged: z.number().int().min(0).optional(),
    remainingPages: z.number().int().min(0).optional(),
  }),
  /** The answer to `authorize`. */
  z.object({
    type: z.literal('authorization'),
    requestId: ZText(64),
    result: ZDeviceAuthorization,
  }),
  /**
   * The job is no longer to be printed here (an admin failed or reset it, or it already ended):
   * do not start it; what already reached the printer is cancelled there (IPP Cancel-Job) and
   * the report says what came out anyway.
   */
  z.object({ type: z.literal('job_cancelled'), jobId: ZJobId }),
]);
export type TServerMessage = z.infer<typeof ZServerMessage>;

/** WebSocket close codes of the link. */
export const AGENT_CLOSE = {
  /** Bad hello, or a secret that does not match the registered printer's. */
  unauthorized: 4401,
  /** The detected printer was registered: reconnect now to be welcomed as that printer. */
  registered: 4100,
  /** Another connection of the same printer took over. */
  replaced: 4409,
  protocolError: 4400,
} as const;
