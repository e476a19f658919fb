/**
 * A client over real HTTP that behaves like the web app: keeps cookies, sends the CSRF token
 * from the `csrf_token` cookie in `X-CSRF-Token` and its own Origin. For benchmarks and browser
 * tests that call the API beside the browser.
 */
export async function httpSession(base: string) {
  let cookies = '';
  const call = async (url: string, init: RequestInit = {}) => {
    const csrf = /csrf_token=([^;]+)/.exec(cookies)?.[1] ?? '';
    const res = await fetch(`${base}${url}`, {
      ...init,
      headers: { ...init.headers, cookie: cookies, 'x-csrf-token': csrf, origin: base },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const [name = ''] = pair.split('=');
      cookies = [...cookies.split('; ').filter((x) => x && !x.startsWith(`${name}=`)), pair].join(
        '; ',
      );
    }
    return res;
  };
  const json = (url: string, method: string, body?: unknown) =>
    call(url, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  await call('/api/session');
  return { call, json, cookies: () => cookies };
}

/** Polls `probe` until it returns something other than undefined. */
export async function until<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs = 15_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
