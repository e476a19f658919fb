import { randomUUID } from 'node:crypto';
import { PANEL_KEY_HEADER } from '../device/panel-gateway.js';

/**
 * A simulated device panel: what the multifunction printer's own touch screen app would do,
 * talking to the agent's panel gateway. Tests drive it (sign in with ID + PIN, copy, scan, sign
 * out); each call answers the gateway's HTTP status and JSON.
 */
export interface TPanelAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export interface TSignInAnswer {
  ok: boolean;
  sessionId?: number;
  action?: 'copy' | 'scan';
  remainingPages?: number;
  colorAllowed?: boolean;
  expiresAt?: string;
  reason?: string;
  retryAfterSeconds?: number;
  error?: string;
  message?: string;
}

export class SimulatedPanel {
  /** The session the panel is signed in with (set by a successful signIn). */
  sessionId: number | undefined;

  constructor(
    /** The gateway, e.g. http://127.0.0.1:7631. */
    private readonly gatewayUrl: string,
    private readonly panelKey: string,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<TPanelAnswer<T>> {
    const response = await fetch(new URL(path, this.gatewayUrl), {
      method,
      headers: {
        [PANEL_KEY_HEADER]: this.panelKey,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
  }

  private current(): number {
    if (this.sessionId === undefined) throw new Error('the panel is not signed in');
    return this.sessionId;
  }

  /** The person types their ID and PIN and picks copying or scanning. */
  async signIn(uid: string | number, pin: string, action: 'copy' | 'scan') {
    const answer = await this.call<TSignInAnswer>('POST', '/panel/sessions', {
      uid: String(uid),
      pin,
      action,
    });
    if (answer.status === 200 && answer.body.ok) this.sessionId = answer.body.sessionId;
    return answer;
  }

  /**
   * The device made copies: colour and black-and-white pages. Each report has its id (a UUID, as
   * a real panel must make one); a retry of the same report passes the same `reportId`, so it is
   * charged once.
   */
  copy(colorPages: number, monoPages: number, reportId: string = randomUUID()) {
    return this.call<{
      charged?: number | null;
      remainingPages?: number | null;
      queued?: boolean;
      reportId?: string;
      error?: string;
    }>('POST', `/panel/sessions/${this.current()}/copies`, { colorPages, monoPages, reportId });
  }

  /** The person presses "scan": the agent scans on the device and delivers the PDF. */
  scan(
    settings: {
      colorMode?: 'color' | 'grayscale';
      resolution?: number;
      source?: 'platen' | 'feeder';
    } = {},
  ) {
    return this.call<{ pages?: number; scanId?: number | null; error?: string; message?: string }>(
      'POST',
      `/panel/sessions/${this.current()}/scan`,
      settings,
    );
  }

  async signOut() {
    const answer = await this.call('DELETE', `/panel/sessions/${this.current()}`);
    this.sessionId = undefined;
    return answer;
  }
}
