import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpSmsGateway, SmsSendError } from './sms-gateway';

type TReceived = { auth: string | undefined; body: URLSearchParams };
const received: TReceived[] = [];
let answer: { status: number; body: string } = { status: 200, body: '{"count":1}' };
let server: http.Server;
let url: string;

// A stand-in for the provider's HTTP API on loopback: the gateway talks real HTTP to it.
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body: new URLSearchParams(data) });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms.do`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('HTTP SMS gateway', () => {
  it('posts the number, text and sender with the bearer token', async () => {
    const gateway = createHttpSmsGateway({ url, token: 'secret-token', sender: 'Printomat' });
    await gateway.send('+48501234567', 'Printomat: your verification code is 123456.');
    expect(received.at(-1)?.auth).toBe('Bearer secret-token');
    expect(Object.fromEntries(received.at(-1)?.body ?? [])).toEqual({
      to: '48501234567',
      message: 'Printomat: your verification code is 123456.',
      from: 'Printomat',
      format: 'json',
    });
  });

  it('fails on an error status, an error answer or no answer', async () => {
    const gateway = createHttpSmsGateway({ url, token: undefined, sender: 'Printomat' });
    answer = { status: 500, body: 'down' };
    await expect(gateway.send('+48501234567', 'x')).rejects.toBeInstanceOf(SmsSendError);
    answer = { status: 200, body: '{"error":13,"message":"No correct phone numbers"}' };
    await expect(gateway.send('+48501234567', 'x')).rejects.toBeInstanceOf(SmsSendError);
    const nobody = createHttpSmsGateway({
      url: 'http://127.0.0.1:1/sms.do',
      token: undefined,
      sender: 'Printomat',
    });
    await expect(nobody.send('+48501234567', 'x')).rejects.toBeInstanceOf(SmsSendError);
  });
});
