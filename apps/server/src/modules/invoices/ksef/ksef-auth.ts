import { KsefAuthFailed, KsefUnavailable } from './ksef-client';
import {
  challengeMillis,
  pickCertificate,
  rsaOaepEncrypt,
  type TKsefKeyUsage,
  type TKsefPublicCertificate,
} from './ksef-crypto';
import { KsefApiError, KsefUnauthorized, ksefJson, type TFetch } from './ksef-http';
import type { X509Certificate } from 'node:crypto';

// Signing in to KSeF 2.0 with a KSeF token (uwierzytelnianie.md): challenge → the token and the
// challenge's time encrypted with the KsefTokenEncryption certificate → POST /auth/ksef-token →
// wait for the authentication to finish → redeem the access and refresh tokens. The access token
// is kept until shortly before it expires, then refreshed; a failed refresh signs in again.

/** An access token this close to its end is not used any more. */
const TOKEN_MARGIN_MS = 60_000;

interface TToken {
  token: string;
  validUntil: string;
}

export interface TKsefAuthOptions {
  fetch: TFetch;
  apiUrl: string;
  token: string;
  sellerNip: string;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  /** Waits between asking whether the sign-in finished (KSeF's C# client: every 2 s, 1 min). */
  authPollDelaysMs: number[];
}

export class KsefAuth {
  private access: TToken | undefined;
  private refresh: TToken | undefined;
  private certificates: TKsefPublicCertificate[] | undefined;

  constructor(private readonly o: TKsefAuthOptions) {}

  /** The Ministry's public key certificate for a usage (fetched once, again after a failure). */
  async certificate(usage: TKsefKeyUsage): Promise<X509Certificate> {
    this.certificates ??= await ksefJson<TKsefPublicCertificate[]>(this.o.fetch, this.o.apiUrl, {
      method: 'GET',
      path: '/security/public-key-certificates',
    });
    try {
      return pickCertificate(this.certificates, usage, this.o.now());
    } catch (err) {
      this.certificates = undefined;
      throw new KsefUnavailable(err instanceof Error ? err.message : String(err));
    }
  }

  /** Certificates may have been replaced (KSeF 21470): ask again next time. */
  forgetCertificates(): void {
    this.certificates = undefined;
  }

  /** A valid access token: the kept one, a refreshed one, or one from a new sign-in. */
  async accessToken(): Promise<string> {
    const now = this.o.now().getTime();
    if (this.access && Date.parse(this.access.validUntil) - TOKEN_MARGIN_MS > now)
      return this.access.token;
    if (this.refresh && Date.parse(this.refresh.validUntil) - TOKEN_MARGIN_MS > now) {
      try {
        const refreshed = await ksefJson<{ accessToken: TToken }>(this.o.fetch, this.o.apiUrl, {
          method: 'POST',
          path: '/auth/token/refresh',
          bearer: this.refresh.token,
        });
        this.access = refreshed.accessToken;
        return this.access.token;
      } catch (err) {
        if (!(err instanceof KsefApiError || err instanceof KsefUnauthorized)) throw err;
      }
    }
    await this.signIn();
    return this.access!.token;
  }

  /** The access token was refused (401): the next call signs in again. */
  forgetTokens(): void {
    this.access = undefined;
    this.refresh = undefined;
  }

  private async signIn(): Promise<void> {
    this.forgetTokens();
    try {
      const tokens = await this.authenticate();
      this.access = tokens.accessToken;
      this.refresh = tokens.refreshToken;
    } catch (err) {
      if (err instanceof KsefApiError || err instanceof KsefUnauthorized) {
        this.forgetCertificates();
        throw new KsefAuthFailed(`KSeF refused the sign-in with the KSeF token: ${err.message}`);
      }
      throw err;
    }
  }

  private async authenticate(): Promise<{ accessToken: TToken; refreshToken: TToken }> {
    const { fetch, apiUrl } = this.o;
    const challenge = await ksefJson<{
      challenge: string;
      timestamp: string;
      timestampMs?: number | null;
    }>(fetch, apiUrl, { method: 'POST', path: '/auth/challenge' });
    const certificate = await this.certificate('KsefTokenEncryption');
    const encryptedToken = rsaOaepEncrypt(
      certificate,
      Buffer.from(`${this.o.token}|${challengeMillis(challenge)}`, 'utf8'),
    );
    const init = await ksefJson<{ referenceNumber: string; authenticationToken: TToken }>(
      fetch,
      apiUrl,
      {
        method: 'POST',
        path: '/auth/ksef-token',
        body: {
          challenge: challenge.challenge,
          contextIdentifier: { type: 'Nip', value: this.o.sellerNip },
          encryptedToken,
        },
      },
    );
    const bearer = init.authenticationToken.token;
    for (const delay of [0, ...this.o.authPollDelaysMs]) {
      if (delay > 0) await this.o.sleep(delay);
      const state = await ksefJson<{
        status: { code: number; description?: string; details?: string[] | null };
      }>(fetch, apiUrl, {
        method: 'GET',
        path: `/auth/${encodeURIComponent(init.referenceNumber)}`,
        bearer,
      });
      const { code, description, details } = state.status;
      if (code === 200)
        return ksefJson(fetch, apiUrl, { method: 'POST', path: '/auth/token/redeem', bearer });
      if (code === 550)
        throw new KsefUnavailable(`KSeF cancelled the sign-in (550 ${description ?? ''})`);
      if (code >= 400)
        throw new KsefAuthFailed(
          `KSeF refused the sign-in with the KSeF token: ${[`${code} ${description ?? ''}`.trim(), ...(details ?? [])].join(': ')}`,
        );
    }
    throw new KsefUnavailable('KSeF did not finish the sign-in in time');
  }
}
