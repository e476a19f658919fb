import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP server on a loopback port standing in for something outside this machine. */
export abstract class LocalHttpServer {
  private readonly server = http.createServer((req, res) => this.handle(req, res));
  /** `http://127.0.0.1:<port>` once started. */
  origin = '';

  protected abstract handle(req: http.IncomingMessage, res: http.ServerResponse): void;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Collects a request's body, then calls `done` with it. */
export function onBody(req: http.IncomingMessage, done: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => done(Buffer.concat(chunks)));
}
