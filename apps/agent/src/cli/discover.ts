import { execFile } from 'node:child_process';

/**
 * `printomat-agent discover`: IPP printers on the local network, found over DNS-SD (mDNS) with
 * CUPS's `ippfind` (package cups-ipp-utils; it needs avahi-daemon running), to suggest a
 * PRINTER_URI. ipps:// printers come first: they can be pinned and keep passwords off the wire.
 */
export interface TFoundPrinter {
  uri: string;
  name: string;
  makeAndModel: string;
}

export type TDiscovery = { ok: true; printers: TFoundPrinter[] } | { ok: false; problem: string };

/** What ippfind prints with our --exec: URI, service name and make (TXT `ty`), tab-separated. */
export function parseIppfindOutput(stdout: string): TFoundPrinter[] {
  const byUri = new Map<string, TFoundPrinter>();
  for (const line of stdout.split('\n')) {
    const [uri, name = '', makeAndModel = ''] = line.split('\t').map((f) => f.trim());
    if (!uri || !/^ipps?:\/\//.test(uri) || byUri.has(uri)) continue;
    byUri.set(uri, { uri, name, makeAndModel });
  }
  const secure = (p: TFoundPrinter) => (p.uri.startsWith('ipps:') ? 0 : 1);
  return [...byUri.values()].sort((a, b) => secure(a) - secure(b) || a.name.localeCompare(b.name));
}

export function discoverPrinters(
  options: { seconds?: number; command?: string } = {},
): Promise<TDiscovery> {
  const seconds = options.seconds ?? 5;
  const args = [
    ...['-T', String(seconds)],
    ...['_ipps._tcp', '_ipp._tcp'],
    ...['--exec', 'printf', '%s\\t%s\\t%s\\n', '{service_uri}', '{service_name}', '{txt_ty}', ';'],
  ];
  return new Promise((resolve) => {
    execFile(
      options.command ?? 'ippfind',
      args,
      { timeout: (seconds + 10) * 1000, maxBuffer: 1024 * 1024 },
      (err, stdout, stderr) => {
        // A spawn failure's code is a string (ENOENT), an exit status a number.
        const code = (err as { code?: unknown } | null)?.code;
        if (code === 'ENOENT')
          return resolve({
            ok: false,
            problem: 'ippfind is not installed: install the cups-ipp-utils package',
          });
        // Exit status 1: browsing worked and nothing matched.
        if (err && code !== 1) {
          const said = String(stderr).trim();
          return resolve({
            ok: false,
            problem: /daemon not running/i.test(said)
              ? 'ippfind cannot browse: avahi-daemon is not running (install and start avahi-daemon)'
              : `ippfind failed${said ? `: ${said.slice(0, 300)}` : ''}`,
          });
        }
        resolve({ ok: true, printers: parseIppfindOutput(String(stdout)) });
      },
    );
  });
}

export function formatDiscovery(result: TDiscovery): string[] {
  if (!result.ok) return [`discover: ${result.problem}`];
  if (result.printers.length === 0)
    return [
      'No IPP printers answered over DNS-SD. Is the printer on, on this network, with IPP ' +
        '(AirPrint / IPP Everywhere) enabled? Its URI is often ipp://<its address>/ipp/print.',
    ];
  return [
    `Found ${result.printers.length} printer(s); put one of these in the agent's config:`,
    ...result.printers.map(
      (p) => `  PRINTER_URI=${p.uri}    # ${[p.name, p.makeAndModel].filter(Boolean).join(', ')}`,
    ),
  ];
}
