import { z } from 'zod';
import type { TAppContext } from '../../context';
import type { TUserRow } from '../../db/schema';
import { announceUserChanged } from '../../http/session-cache';
import { recordAudit } from '../audit/audit.service';
import { findUserByEmail, findUserByFacebookId, insertUser, updateUser } from '../users';
import type { TRequestMeta } from './auth.service';
import { refuseBlocked } from './account-blocked';
import { notifyEmailConfirmed } from './email-confirmed-listeners';
import { deleteAllSessions } from './sessions.repo';
import { randomCode } from '../../lib/tokens';

export const FACEBOOK_CALLBACK_PATH = '/auth/facebook/callback';
const TIMEOUT_MS = 10_000;

const ZTokenAnswer = z.object({ access_token: z.string().min(1) });
const ZProfile = z.object({ id: z.string().min(1), email: z.string().email().optional() });

export class FacebookLoginError extends Error {}

function requireFacebook(ctx: TAppContext) {
  if (!ctx.config.facebook) throw new FacebookLoginError('Facebook login is not configured');
  return ctx.config.facebook;
}

export function facebookAuthorizeUrl(ctx: TAppContext, state: string): string {
  const fb = requireFacebook(ctx);
  const url = new URL(fb.authUrl);
  url.searchParams.set('client_id', fb.appId);
  url.searchParams.set('redirect_uri', `${ctx.config.publicUrl}${FACEBOOK_CALLBACK_PATH}`);
  url.searchParams.set('state', state);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'email');
  return url.toString();
}

async function fetchJson(url: URL): Promise<unknown> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: { accept: 'application/json' },
  });
  if (!response.ok)
    throw new FacebookLoginError(`${url.origin}${url.pathname} answered ${response.status}`);
  return response.json();
}

/** Exchanges the code for a token and reads the profile: the provider is untrusted input. */
export async function fetchFacebookProfile(
  ctx: TAppContext,
  code: string,
): Promise<z.infer<typeof ZProfile>> {
  const fb = requireFacebook(ctx);
  const tokenUrl = new URL(fb.tokenUrl);
  tokenUrl.searchParams.set('client_id', fb.appId);
  tokenUrl.searchParams.set('client_secret', fb.appSecret);
  tokenUrl.searchParams.set('redirect_uri', `${ctx.config.publicUrl}${FACEBOOK_CALLBACK_PATH}`);
  tokenUrl.searchParams.set('code', code);
  const token = ZTokenAnswer.safeParse(await fetchJson(tokenUrl));
  if (!token.success) throw new FacebookLoginError('token answer without access_token');
  const profileUrl = new URL(fb.profileUrl);
  profileUrl.searchParams.set('fields', 'id,email');
  profileUrl.searchParams.set('access_token', token.data.access_token);
  const profile = ZProfile.safeParse(await fetchJson(profileUrl));
  if (!profile.success) throw new FacebookLoginError('profile answer without id');
  return profile.data;
}

/** Finds the account by Facebook id, else links the account with the same e-mail, else creates one. */
export async function signInWithFacebook(
  ctx: TAppContext,
  profile: { id: string; email?: string | undefined },
  meta: TRequestMeta,
): Promise<TUserRow> {
  const now = ctx.now();
  const user = await ctx.db.transaction().execute(async (trx) => {
    const known = await findUserByFacebookId(trx, profile.id);
    if (known) {
      refuseBlocked(known);
      return updateUser(trx, known.id, { last_login_at: now });
    }
    if (!profile.email) throw new FacebookLoginError('Facebook gave no e-mail address');
    const email = profile.email.toLowerCase();
    const byEmail = await findUserByEmail(trx, email);
    if (byEmail) {
      refuseBlocked(byEmail);
      // Facebook only hands out confirmed addresses, so the Facebook user owns this address.
      // If the account never confirmed it, whoever registered it may not be the owner: their
      // password and sessions are dropped, so a squatted sign-up cannot be used to take over.
      const confirmed = byEmail.email_confirmed_at !== null;
      if (!confirmed) await deleteAllSessions(trx, byEmail.id);
      const linked = await updateUser(trx, byEmail.id, {
        facebook_id: profile.id,
        email_confirmed_at: byEmail.email_confirmed_at ?? now,
        last_login_at: now,
        ...(confirmed ? {} : { password_hash: null }),
      });
      if (!confirmed) await notifyEmailConfirmed(ctx, trx, linked);
      await recordAudit(trx, {
        actorUserId: linked.id,
        action: 'user.facebook_linked',
        subject: ['user', linked.id],
        details: { password_dropped: !confirmed },
        ip: meta.ip,
      });
      return linked;
    }
    const created = await insertUser(trx, {
      email,
      password_hash: null,
      facebook_id: profile.id,
      email_confirmed_at: now,
      last_login_at: now,
      locale: meta.locale,
      referral_code: randomCode(8),
    });
    await recordAudit(trx, {
      actorUserId: created.id,
      action: 'user.registered',
      subject: ['user', created.id],
      details: { via: 'facebook' },
      ip: meta.ip,
    });
    return created;
  });
  // Signed in (and maybe linked, its old sessions ended): every instance reads the row anew.
  await announceUserChanged(ctx, user.id);
  return user;
}
