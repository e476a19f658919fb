import type { TDeviceAction, TDeviceAuthorization } from '@printomat/shared';

/**
 * The agent's side of a multifunction device: its scanner and its panel. Both sit behind these
 * interfaces so a vendor's integration (a proprietary scan API, a panel SDK talking to the
 * agent some other way) can replace the standard ones: eSCL for the scanner, the panel gateway's
 * local HTTP API for the panel.
 */

/** What a scan is asked for; the scanner's nearest supported values are used. */
export interface TScanRequest {
  colorMode?: 'color' | 'grayscale';
  /** Dots per inch (the nearest the scanner offers). */
  resolution?: number;
  /** The glass or the document feeder (default: the feeder when there is one and it is loaded, else the glass). */
  source?: 'platen' | 'feeder';
}

/** A finished scan: always one PDF, however the scanner delivered the pages. */
export interface TScanResult {
  pdf: Buffer;
  pages: number;
  /** What the scanner was asked for (after matching its capabilities). */
  settings: { format: string; colorMode: string; resolution: number; source: 'platen' | 'feeder' };
}

export interface TDeviceScanner {
  scan(request: TScanRequest, options?: { signal?: AbortSignal }): Promise<TScanResult>;
}

/** Why a scan could not be made (the panel shows it; the gateway answers it as `error`). */
export type TScanFailure =
  | 'scanner_unreachable'
  | 'scanner_busy'
  | 'scanner_error'
  | 'too_large'
  | 'too_many_pages'
  | 'no_pages';

export class ScanError extends Error {
  constructor(
    readonly code: TScanFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ScanError';
  }
}

/** The acknowledgement of a copy report: what was charged and what the person has left. */
export interface TUsageAck {
  charged?: number;
  remainingPages?: number;
}

/**
 * What the panel gateway needs from the server link (the PrinterAgent implements it): the
 * authorisation round trip, copy reports that are kept until acknowledged, and the end of a
 * session.
 */
export interface TDeviceLink {
  /** The server's address: a scan's upload path is relative to it. */
  readonly serverUrl: string;
  authorize(
    request: { uid: string; pin: string; action: TDeviceAction },
    timeoutMs: number,
  ): Promise<TDeviceAuthorization>;
  /**
   * Reports copies made in a session. The report is kept (on disk) and sent again after a
   * reconnection until the server acknowledges it; `acknowledged` settles with that answer.
   * `reportId` (the panel's, optional): a report sent again with the same id is the same report,
   * waited for and charged once. The session need not be one this agent knows: the server
   * decides whether it charges it.
   */
  reportCopies(copies: {
    sessionId: number;
    colorPages: number;
    monoPages: number;
    reportId?: string;
  }): {
    reportId: string;
    acknowledged: Promise<TUsageAck>;
  };
  endSession(sessionId: number): void;
}
