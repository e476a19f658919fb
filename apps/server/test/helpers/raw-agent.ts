import WebSocket from 'ws';
import {
  AGENT_PROTOCOL_VERSION,
  type TAgentPrinterStatus,
  type TServerMessage,
} from '@printomat/shared';

/**
 * A bare WebSocket speaking the printer agent's protocol: says hello with these credentials and
 * collects what the server sends. For the edges a real agent never hits, and for benchmarks.
 */
export async function rawAgent(serverUrl: string, minionId: string, secret: string) {
  const socket = new WebSocket(`${serverUrl.replace(/^http/, 'ws')}/agent/ws`);
  const inbox: TServerMessage[] = [];
  const listeners = new Set<(message: TServerMessage) => void>();
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as TServerMessage;
    inbox.push(message);
    for (const listener of listeners) listener(message);
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(
    JSON.stringify({
      type: 'hello',
      protocol: AGENT_PROTOCOL_VERSION,
      minionId,
      secret,
      agentVersion: 'test',
    }),
  );
  return {
    closed,
    /** Every message from now on, as it arrives. */
    onMessage: (listener: (message: TServerMessage) => void) => listeners.add(listener),
    send: (message: object) => socket.send(JSON.stringify(message)),
    sendRaw: (text: string) => socket.send(text),
    close: () => socket.close(),
    /** The next message of this type (taken out of the inbox); rejects after `timeoutMs`. */
    async next<K extends TServerMessage['type']>(
      type: K,
      timeoutMs = 5_000,
    ): Promise<Extract<TServerMessage, { type: K }>> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = inbox.findIndex((m) => m.type === type);
        if (i >= 0) return inbox.splice(i, 1)[0] as Extract<TServerMessage, { type: K }>;
        if (Date.now() > deadline) throw new Error(`no ${type} message from the server`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

/** A printer state as an agent reports it: idle with nothing to say, unless `s` says otherwise. */
export const agentPrinterStatus = (s: Partial<TAgentPrinterStatus> = {}): TAgentPrinterStatus => ({
  state: 'idle',
  reasons: [],
  inputTrays: [],
  supplies: [],
  markers: [],
  ...s,
});
