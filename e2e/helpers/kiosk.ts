import { expect } from 'vitest';
import { httpSession, until } from '../../apps/server/test/helpers/http-session';

/** An admin session over plain HTTP (cookie + CSRF header), for the admin API. */
export async function adminClient(base: string) {
  const session = await httpSession(base);
  const res = await session.json('/api/auth/sign-in', 'POST', {
    email: 'admin@printomat.example',
    password: 'admin-demo-2026',
  });
  expect(res.status).toBe(200);
  return session;
}

/**
 * A new kiosk's agent dials in unregistered; the admin registers it as printer `printerId`
 * (1 = Złote Tarasy in the demo data) and waits until the printer is available.
 */
export async function registerKioskAgent(
  base: string,
  minionId: string,
  printerId = 1,
): Promise<void> {
  const admin = await adminClient(base);
  await until(async () => {
    const list = (await (await admin.call('/api/admin/printers/detected')).json()) as {
      detected: Array<{ minion_id: string }>;
    };
    return list.detected.some((d) => d.minion_id === minionId) ? true : undefined;
  });
  const registered = await admin.json(`/api/admin/printers/${printerId}/register_agent`, 'POST', {
    minion_id: minionId,
  });
  expect(registered.status).toBe(200);
  await until(async () => {
    const p = (await (await fetch(`${base}/api/printers/${printerId}`)).json()) as {
      availability: string;
    };
    return p.availability === 'available' ? true : undefined;
  });
}
