import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Printers serve ipps:// with a self-signed certificate nobody can vouch for, so the agent trusts
 * the first certificate it sees at a printer and from then on only that one (trust on first use,
 * like ssh's known_hosts): its SHA-256 fingerprint is kept per printer address in the state
 * directory. A printer that presents another certificate later is refused until an operator
 * trusts the new one (`printomat-agent trust-certificate`), since whoever answers with it would
 * otherwise get the documents and the printer's password.
 */
export interface TPin {
  sha256: string;
  pinnedAt: string;
}

export class PrinterCertificateChangedError extends Error {
  readonly code = 'PRINTER_CERTIFICATE_CHANGED';
  constructor(
    readonly address: string,
    readonly pinned: string,
    readonly presented: string,
  ) {
    super(
      `the printer at ${address} presented another TLS certificate than the one pinned ` +
        `(pinned SHA-256 ${pinned}, now ${presented}): refusing to print. If the printer's ` +
        'certificate was renewed on purpose, run `printomat-agent trust-certificate`',
    );
    this.name = 'PrinterCertificateChangedError';
  }
}

export class CertificatePins {
  /**
   * @param file where the pins are kept (JSON: address -> pin)
   * @param options.readOnly never pins: an unpinned certificate is accepted this once and told
   *   to onUnpinned (the doctor looks without changing the agent's state)
   * @param options.onPinned told when a certificate was pinned on first use
   */
  constructor(
    readonly file: string,
    private readonly options: {
      readOnly?: boolean;
      onPinned?: (address: string, sha256: string) => void;
      onUnpinned?: (address: string, sha256: string) => void;
    } = {},
  ) {}

  static inStateDir(
    stateDir: string,
    options?: ConstructorParameters<typeof CertificatePins>[1],
  ): CertificatePins {
    return new CertificatePins(path.join(stateDir, 'printer-certificates.json'), options);
  }

  /** Read on every check: `trust-certificate`, run beside the agent, changes the file. */
  async all(): Promise<Record<string, TPin>> {
    let text: string;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw err;
    }
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error(`${this.file}: not a JSON object of pinned certificates`);
    return parsed as Record<string, TPin>;
  }

  async get(address: string): Promise<TPin | undefined> {
    return (await this.all())[address];
  }

  /**
   * Accepts `sha256` for `address` when it is the pinned one, or pins it when none is;
   * throws when another one is pinned.
   */
  async check(address: string, sha256: string): Promise<void> {
    const pin = await this.get(address);
    if (pin) {
      if (pin.sha256 !== sha256)
        throw new PrinterCertificateChangedError(address, pin.sha256, sha256);
      return;
    }
    if (this.options.readOnly) {
      this.options.onUnpinned?.(address, sha256);
      return;
    }
    await this.set(address, sha256);
    this.options.onPinned?.(address, sha256);
  }

  /** Pins `sha256` for `address`, replacing what was pinned (an operator's decision). */
  async set(address: string, sha256: string): Promise<void> {
    const pins = await this.all();
    pins[address] = { sha256, pinnedAt: new Date().toISOString() };
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    // Written aside and renamed: a crash never leaves half a file that would refuse every printer.
    const temp = `${this.file}.${process.pid}.tmp`;
    await fs.writeFile(temp, `${JSON.stringify(pins, null, 2)}\n`, { mode: 0o600 });
    await fs.rename(temp, this.file);
  }
}
