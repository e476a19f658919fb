import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionSettings } from './helpers/production-env';
import { createTestApp, TestAgent, type TTestApp } from './helpers/test-app';

// The app as a production start builds it (issue 11): development pages and the money-free
// payment sandboxes are not there at all.

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp(productionSettings());
});
afterAll(() => t.close());

describe('a production app', () => {
  it('serves no development mailbox, SMS outbox or payment sandbox pages', async () => {
    expect(t.ctx.config.isProduction).toBe(true);
    const agent = new TestAgent(t.app);
    agent.origin = 'https://print.shop.test';
    for (const url of [
      '/dev/mailbox',
      '/dev/sms',
      '/sandbox-sms',
      `/sandbox-pay/${randomBytes(32).toString('base64url')}`,
    ]) {
      const response = await agent.get(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
    }
    expect((await agent.get('/healthz')).statusCode).toBe(200);
  });

  it('has no sandbox webhook endpoints: a signed sandbox notification finds nobody', async () => {
    for (const provider of ['sandbox', 'sms_sandbox']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/payments/webhooks/${provider}`,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect({ provider, status: response.statusCode }).toEqual({ provider, status: 404 });
    }
  });
});
