import fs from 'node:fs/promises';
import WebSocket from 'ws';
import {
  AGENT_CLOSE,
  AGENT_PROTOCOL_VERSION,
  ZServerMessage,
  printerCondition,
} from '@printomat/shared';
import { type TAgentSettings, existingSecret } from '../config.js';
import { CertificatePins } from '../ipp/certificate-pins.js';
import { type IppClient, createIppClient } from '../ipp/ipp-client.js';
import { linkTrouble } from '../ipp/link-trouble.js';
import { ghostscriptVersion } from '../print/ghostscript.js';
import { type PrintPlan, planPrint } from '../print/plan.js';
import { AGENT_VERSION } from '../version.js';

/**
 * `printomat-agent doctor`: checks what the agent needs, one line each, so whoever installs a
 * kiosk sees what is wrong before a customer does: the configuration, the state directory, the
 * link to the server (a real hello with the agent's credentials), the printer's IPP attributes,
 * the formats it accepts and what the agent would send, and its state. It changes nothing: no
 * secret is made, no certificate pinned. Exit status 1 when any check fails.
 */
export type TCheckStatus = 'ok' | 'warn' | 'fail';
export interface TCheck {
  status: TCheckStatus;
  title: string;
  detail: string;
}

const LABEL: Record<TCheckStatus, string> = { ok: '[ ok ]', warn: '[warn]', fail: '[FAIL]' };

export function formatCheck(check: TCheck): string {
  return `${LABEL[check.status]} ${check.title}: ${check.detail}`;
}

function describeError(err: unknown): string {
  const trouble = linkTrouble(err);
  if (trouble) return trouble.detail;
  if (!(err instanceof Error)) return String(err);
  const code = (err as NodeJS.ErrnoException).code;
  return code && !err.message.includes(code) ? `${err.message} (${code})` : err.message;
}

async function checkStateDir(settings: TAgentSettings): Promise<TCheck> {
  const title = 'state directory';
  try {
    await fs.access(settings.stateDir, fs.constants.W_OK | fs.constants.R_OK);
    return { status: 'ok', title, detail: `${settings.stateDir} is writable` };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      return {
        status: 'warn',
        title,
        detail: `${settings.stateDir} does not exist yet; the agent creates it on first start`,
      };
    return {
      status: 'fail',
      title,
      detail: `${settings.stateDir} is not writable by this user (run the doctor as the agent's user)`,
    };
  }
}

/** Says hello as the agent would and reads the server's first answer. */
async function checkServer(settings: TAgentSettings, timeoutMs: number): Promise<TCheck> {
  const title = 'server link';
  const secret = await existingSecret(settings);
  if (!secret)
    return {
      status: 'warn',
      title,
      detail:
        'no secret yet: the agent makes one on its first start and then shows up among the ' +
        `detected printers as ${settings.minionId} for an admin to register`,
    };
  const url = new URL('/agent/ws', settings.serverUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return new Promise<TCheck>((resolve) => {
    const socket = new WebSocket(url, { handshakeTimeout: timeoutMs, maxPayload: 1024 * 1024 });
    const done = (check: TCheck) => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.terminate();
      resolve(check);
    };
    const timer = setTimeout(
      () => done({ status: 'fail', title, detail: `no answer from ${url.href} in time` }),
      timeoutMs,
    );
    socket.on('open', () =>
      socket.send(
        JSON.stringify({
          type: 'hello',
          protocol: AGENT_PROTOCOL_VERSION,
          minionId: settings.minionId,
          secret,
          agentVersion: AGENT_VERSION,
        }),
      ),
    );
    socket.on('message', (data: Buffer) => {
      const parsed = ZServerMessage.safeParse(JSON.parse(data.toString('utf8')));
      if (!parsed.success) return;
      const message = parsed.data;
      if (message.type === 'welcome')
        done({
          status: 'ok',
          title,
          detail: `${settings.serverUrl} knows this agent as printer #${message.printerId} "${message.name}"`,
        });
      else if (message.type === 'detected')
        done({
          status: 'warn',
          title,
          detail:
            `${settings.serverUrl} lists this agent as a detected printer (${settings.minionId}): ` +
            'an admin must register it before it gets jobs',
        });
    });
    socket.on('close', (code) =>
      done({
        status: 'fail',
        title,
        detail:
          code === AGENT_CLOSE.unauthorized
            ? `${settings.serverUrl} refused this agent: its minion id (${settings.minionId}) or secret does not match`
            : `${settings.serverUrl} closed the link (code ${code})`,
      }),
    );
    socket.on('error', (err) =>
      done({
        status: 'fail',
        title,
        detail: `cannot reach ${settings.serverUrl}: ${describeError(err)}`,
      }),
    );
  });
}

function describePlan(plan: PrintPlan): string {
  if (plan.format === 'pdf') return 'PDF';
  if (plan.format === 'unsupported') return `nothing (${plan.reason})`;
  const name = plan.format === 'pwg-raster' ? 'PWG raster' : 'Apple raster (URF)';
  return `${name} at ${plan.dpi} dpi, ${plan.colorSpace}`;
}

async function checkPrinter(ipp: IppClient, settings: TAgentSettings): Promise<TCheck[]> {
  const checks: TCheck[] = [];
  let status;
  try {
    status = await ipp.getPrinter();
  } catch (err) {
    return [
      {
        status: 'fail',
        title: 'printer',
        detail: `${settings.printerUri} does not answer IPP: ${describeError(err)}`,
      },
    ];
  }
  checks.push({
    status: 'ok',
    title: 'printer',
    detail: `${settings.printerUri} answers: ${status.makeAndModel ?? 'make and model not said'}`,
  });
  const condition = printerCondition(status);
  const reasons = status.reasons.length > 0 ? status.reasons.join(', ') : 'none';
  checks.push({
    status: condition.kind === 'ready' ? 'ok' : condition.kind === 'waiting' ? 'warn' : 'fail',
    title: 'printer state',
    detail:
      `${status.state}, reasons: ${reasons}` +
      (condition.kind === 'ready' ? '' : ` (${condition.problem.replace(/_/g, ' ')})`),
  });
  let caps;
  try {
    caps = await ipp.getCapabilities();
  } catch (err) {
    checks.push({ status: 'fail', title: 'formats', detail: describeError(err) });
    return checks;
  }
  const color = planPrint(caps, { colorMode: 'color', sides: 'one-sided', copies: 1 });
  const mono = planPrint(caps, { colorMode: 'monochrome', sides: 'one-sided', copies: 1 });
  // application/octet-stream ("guess") is no format of its own.
  const accepts =
    caps.documentFormats.filter((f) => f !== 'application/octet-stream').join(', ') || 'none';
  checks.push({
    status: color.format === 'unsupported' ? 'fail' : 'ok',
    title: 'formats',
    detail:
      `accepts ${accepts}; colour jobs go as ${describePlan(color)}, greyscale jobs as ` +
      `${describePlan(mono)}; duplex: ${caps.sides.some((s) => s.startsWith('two-sided')) ? 'yes' : 'no'}`,
  });
  if (color.format === 'pwg-raster' || color.format === 'urf') {
    const gs = await ghostscriptVersion();
    checks.push(
      gs === null
        ? {
            status: 'fail',
            title: 'ghostscript',
            detail: 'gs is missing: install the ghostscript package to render rasters',
          }
        : { status: 'ok', title: 'ghostscript', detail: `version ${gs} renders the rasters` },
    );
  }
  return checks;
}

export async function runDoctor(
  settings: TAgentSettings,
  options: { timeoutMs?: number; out?: (line: string) => void } = {},
): Promise<{ ok: boolean; checks: TCheck[] }> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const out = options.out ?? ((line: string) => console.log(line));
  const checks: TCheck[] = [];
  const add = (check: TCheck) => {
    checks.push(check);
    out(formatCheck(check));
  };
  out(`printomat-agent ${AGENT_VERSION} doctor`);
  add({
    status: 'ok',
    title: 'configuration',
    detail: `${settings.configFile ?? 'from the environment'}; minion id ${settings.minionId}`,
  });
  const plain = new URL(settings.printerUri).protocol;
  if (settings.printerCredentials && (plain === 'ipp:' || plain === 'http:'))
    add({
      status: 'warn',
      title: 'printer login',
      detail: `the password goes unencrypted over ${plain}//; use ipps:// if the printer offers it`,
    });
  add(await checkStateDir(settings));
  add(await checkServer(settings, timeoutMs));

  // Looked at, never pinned: the agent pins on its own first connection.
  const tlsNotes: TCheck[] = [];
  const pins = CertificatePins.inStateDir(settings.stateDir, {
    readOnly: true,
    onUnpinned: (address, sha256) =>
      tlsNotes.push({
        status: 'warn',
        title: 'printer certificate',
        detail: `not pinned yet (${address}, SHA-256 ${sha256}): the agent trusts it on first use`,
      }),
  });
  const ipp = createIppClient(settings.printerUri, {
    requestTimeoutMs: timeoutMs,
    pins,
    ...(settings.printerCredentials ? { credentials: settings.printerCredentials } : {}),
  });
  const printerChecks = await checkPrinter(ipp, settings);
  if (tlsNotes[0]) add(tlsNotes[0]);
  else if ((plain === 'ipps:' || plain === 'https:') && printerChecks[0]?.status === 'ok')
    add({
      status: 'ok',
      title: 'printer certificate',
      detail: 'the printer presents the pinned certificate',
    });
  for (const check of printerChecks) add(check);
  const failed = checks.filter((c) => c.status === 'fail').length;
  const warned = checks.filter((c) => c.status === 'warn').length;
  out(
    failed > 0
      ? `${failed} problem(s) found: the agent cannot print until they are fixed`
      : warned > 0
        ? `no problems, ${warned} warning(s)`
        : 'all good',
  );
  return { ok: failed === 0, checks };
}
