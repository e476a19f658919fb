import { randomBytes } from 'node:crypto';

/**
 * What a production start needs besides SMTP_URL (and a data directory): https, Stripe with
 * live-looking random keys, KSeF for real and the seller printed on invoices.
 */
export function productionSettings(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://print.shop.test',
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: `sk_live_${randomBytes(24).toString('hex')}`,
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
    KSEF_MODE: 'api',
    KSEF_API_URL: 'https://api.ksef.mf.gov.pl/v2',
    KSEF_TOKEN: randomBytes(24).toString('hex'),
    SELLER_NAME: 'Print Shop sp. z o.o.',
    SELLER_NIP: '5261040001',
    SELLER_ADDRESS: 'ul. Długa 5',
    SELLER_POSTCODE: '00-238',
    SELLER_CITY: 'Warszawa',
  };
}
