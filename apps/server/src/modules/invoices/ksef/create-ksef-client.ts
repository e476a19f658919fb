import type { TConfig } from '../../../config';
import { createKsefApiClient } from './ksef-api-client';
import type { TKsefClient } from './ksef-client';
import { createKsefSandboxClient } from './ksef-sandbox';

/** The KSeF client the settings ask for (KSEF_MODE): the built-in sandbox or the KSeF 2.0 API. */
export function createKsefClient(
  config: Pick<TConfig, 'ksef' | 'invoices'>,
  now: () => Date = () => new Date(),
): TKsefClient {
  const sellerNip = config.invoices.seller.taxId;
  if (config.ksef.mode === 'sandbox')
    return createKsefSandboxClient({ sellerNip, timeZone: config.invoices.timezone, now });
  if (!config.ksef.token) throw new Error('KSEF_TOKEN must be set when KSEF_MODE is api');
  return createKsefApiClient({
    apiUrl: config.ksef.apiUrl,
    token: config.ksef.token,
    sellerNip,
    now,
  });
}
