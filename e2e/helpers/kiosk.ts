import { expect } from 'vitest';
import { ZAdminPrinterInput } from '@printomat/shared';
import { httpSession, until } from '../../apps/server/test/helpers/http-session';

type TSession = Awaited<ReturnType<typeof httpSession>>;

/** A signed-in session over plain HTTP (cookie + CSRF header), for the API the web app uses. */
export async function signedInClient(
  base: string,
  email: string,
  password: string,
): Promise<TSession> {
  const session = await httpSession(base);
  const res = await session.json('/api/auth/sign-in', 'POST', { email, password });
  expect(res.status).toBe(200);
  return session;
}

/** An admin session over plain HTTP (cookie + CSRF header), for the admin API. */
export function adminClient(base: string): Promise<TSession> {
  return signedInClient(base, 'admin@printomat.example', 'admin-demo-2026');
}

/**
 * Over the web app's API: uploads `file` into the person's current job, waits until its pages are
 * counted, confirms the job and releases it at the printer with `code`. Answers the job's id.
 */
export async function releaseAtPrinter(
  session: TSession,
  file: Blob,
  fileName: string,
  code: string,
): Promise<number> {
  const form = new FormData();
  form.set('file', file, fileName);
  const uploaded = await session.call('/ajax/documents/upload', { method: 'POST', body: form });
  expect(uploaded.status).toBeLessThan(300);
  const job = (await (await session.call('/ajax/printjobs/current')).json()) as { id: number };
  await until(async () => {
    const current = (await (await session.call('/ajax/printjobs/current')).json()) as {
      documents: Array<{ page_count: number | null }>;
    };
    return current.documents[0]?.page_count ? true : undefined;
  }, 30_000);
  expect(
    (await session.json(`/ajax/printjobs/${job.id}/submit`, 'POST', { is_submitted: true })).status,
  ).toBe(200);
  const released = await session.json(`/ajax/printjobs/${job.id}/print_with_code`, 'POST', {
    code,
  });
  expect(released.status).toBe(200);
  return job.id;
}

/**
 * Clears the printer's opening hours (unknown hours: never shown "closed"), so a test that expects
 * it "Available" does not depend on the time of day it runs at (the demo kiosk's mall closes at
 * 21:00 Warsaw time and on Sundays). Through the admin API, as an operator would.
 */
export async function openAroundTheClock(base: string, printerId = 1): Promise<void> {
  const admin = await adminClient(base);
  const current = (await (await admin.call(`/api/admin/printers/${printerId}`)).json()) as Record<
    string,
    unknown
  >;
  const input = Object.fromEntries(
    Object.keys(ZAdminPrinterInput.shape).map((key) => [key, current[key]]),
  );
  const saved = await admin.json(`/api/admin/printers/${printerId}`, 'PUT', {
    ...input,
    remove_logo: false,
    remove_photo: false,
    open_hours: [],
  });
  expect(saved.status).toBe(200);
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
  await openAroundTheClock(base, printerId);
  await until(async () => {
    const p = (await (await fetch(`${base}/api/printers/${printerId}`)).json()) as {
      availability: string;
    };
    return p.availability === 'available' ? true : undefined;
  });
}
