import type { TAgentSettings } from '../config.js';
import { CertificatePins } from '../ipp/certificate-pins.js';
import { presentedCertificate } from '../ipp/transport.js';

/**
 * `printomat-agent trust-certificate`: the operator's answer to "the printer presented another
 * certificate": pins the one the printer presents now (after checking, at the printer's own
 * display or web page, that its fingerprint is the printer's). The running agent reads the pins
 * on every connection, so it prints again without a restart. Returns what it did, for the
 * operator.
 */
export async function trustCertificate(settings: TAgentSettings): Promise<string> {
  const scheme = new URL(settings.printerUri).protocol;
  if (scheme !== 'ipps:' && scheme !== 'https:')
    throw new Error(`PRINTER_URI is ${scheme}//: only ipps:// printers have a certificate to pin`);
  const { address, sha256 } = await presentedCertificate(settings.printerUri);
  const pins = CertificatePins.inStateDir(settings.stateDir);
  const before = await pins.get(address);
  if (before?.sha256 === sha256) return `${address}: SHA-256 ${sha256} is already the pinned one`;
  await pins.set(address, sha256);
  return before
    ? `${address}: now trusting SHA-256 ${sha256} (was ${before.sha256})`
    : `${address}: pinned SHA-256 ${sha256}`;
}
