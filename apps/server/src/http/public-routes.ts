/**
 * The reviewed list of routes a person without a session may call. Everything else needs a
 * session (401), and `/api/admin/*` needs the admin role (403). Adding a line here is a
 * security decision: say why next to it.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  'GET /healthz', // load balancer probe
  'GET /readyz', // load balancer probe: database and storage reachable (says only which failed)
  'GET /metrics', // Prometheus: the METRICS_TOKEN bearer token is the credential (404 without one)
  'GET /api/session', // who am I (null when signed out) + CSRF token
  'GET /ajax/csrf', // phone apps fetch their CSRF token before signing in
  'POST /ajax/session', // phone app sign-in
  'POST /api/auth/register',
  'POST /api/auth/sign-in',
  'POST /api/auth/confirm-email', // the link from the mail works in any browser
  // Forgot password: asked for signed out (the same answer for any address; rate-limited per
  // address and per client address); the mailed link's 256-bit single-use token is the credential
  // for checking it and for setting the new password (changes still need CSRF).
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password/check',
  'POST /api/auth/reset-password',
  'PUT /api/account/locale', // guests switch language too (cookie only)
  'GET /auth/facebook', // OAuth start
  'GET /auth/facebook/callback', // OAuth return; protected by the state parameter
  // OpenAPI description of the JSON API and its viewer (no data).
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
  'POST /api/mailings/report_location', // guests suggest printer locations (rate-limited per IP)
  'GET /api/map', // the printer map: cities, printers and their live state
  'GET /api/printers/:id', // a printer's public page (address, open hours, can it print now)
  'GET /agent/ws', // printer agents: authenticated by their secret in the first message
  'GET /agent/documents/:documentId', // printer agents: authenticated by a short-lived token
  // Issue 16: the agent uploads a scan of a device session; the session's 256-bit upload token in
  // the query is the credential (stored hashed; valid until the session's end + grace).
  'POST /agent/scans/:sessionId',
  'GET /api/packages', // the packages on sale (public shop pages)
  // Business accounts (issue 15): the business landing page's sign-up (rate-limited like
  // POST /api/auth/register, sharing its buckets) and its offer with net and gross prices.
  'POST /api/business/sign-up',
  'GET /api/business/packages',
  'POST /api/payments/webhooks/:provider', // payment providers: authenticated by their signature
  // Print by e-mail (issue 14): an inbound-mail provider posts raw messages; authenticated by the
  // INBOUND_MAIL_SECRET bearer token (404 when none is configured), not by a session.
  'POST /api/inbound/mail',
  // The sandbox provider's hosted payment page: a 256-bit token in the address is the credential.
  'GET /sandbox-pay/:token',
  'POST /sandbox-pay/:token',
  'GET /sandbox-pay/:token/3ds',
  'POST /sandbox-pay/:token/3ds',
  'GET /dev/mailbox', // development only: never registered when SMTP_URL is set or in production
  // The SMS-payment sandbox's operator page and its simulated SMS: the signed session token is
  // the credential (the payer may open it in any browser); not registered when the sandbox is off.
  'GET /sandbox-sms',
  'POST /sandbox-sms/simulate',
  'GET /dev/sms', // development only: the sandbox SMS outbox; never registered in production
  // Express orders (issue 13): a guest prints without an account. A printer's express page is
  // public; opening an order is rate-limited per address; every order route is reached by the
  // order's 256-bit token alone, which is the guest's credential (changes still need CSRF).
  'GET /ajax/express/printers/:printerId',
  'POST /ajax/express/printers/:printerId/orders',
  'GET /ajax/express/orders/:token',
  'POST /ajax/express/orders/:token/documents/upload',
  'DELETE /ajax/express/orders/:token/documents/:id',
  'PATCH /ajax/express/orders/:token/documents/:id',
  'GET /ajax/express/orders/:token/documents/:id/pages/:file',
  'POST /ajax/express/orders/:token/settings',
  'POST /ajax/express/orders/:token/quote',
  'POST /ajax/express/orders/:token/checkout',
  'POST /ajax/express/orders/:token/print',
  'POST /ajax/express/orders/:token/print_with_code',
  // The installable app's manifest (issue 16): names, icons, colours in the visitor's language;
  // browsers fetch it for anyone, signed in or not (no data).
  'GET /manifest.webmanifest',
  'GET /', // the landing page (pre-rendered for guests; public data only)
  'GET /*', // the web app's static files and page shell (no data)
  'HEAD /*',
]);

export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}
