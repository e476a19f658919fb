import type { TLocale } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TUserRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { findUserCardSetup, insertCardSetup, updateCardSetup } from './payments.repo';
import { assertCanPay, callProvider, newReference, paymentsUnavailable } from './payments.service';
import { paymentProviders } from './provider-registry';

/**
 * Starts saving a card on the provider's hosted form. The card (and the add-card bonus) is
 * recorded only when the provider's signed notification confirms it.
 */
export async function startCardSetup(
  ctx: TAppContext,
  user: TUserRow,
  locale: TLocale,
): Promise<{ reference: string; redirect_url: string }> {
  assertCanPay(user);
  let provider;
  try {
    provider = paymentProviders(ctx).forCards();
  } catch {
    throw paymentsUnavailable();
  }
  const setup = await insertCardSetup(ctx.db, {
    reference: newReference('card'),
    user_id: user.id,
    provider: provider.name,
  });
  let redirect;
  try {
    redirect = await callProvider(ctx, () =>
      provider.createCardSetup({
        reference: setup.reference,
        customerEmail: user.email,
        locale,
        returnUrl: `${ctx.config.publicUrl}/cards/add?setup=${setup.reference}`,
      }),
    );
  } catch (error) {
    await updateCardSetup(ctx.db, setup.id, { status: 'failed' });
    throw error;
  }
  await updateCardSetup(ctx.db, setup.id, { provider_reference: redirect.providerReference });
  return { reference: setup.reference, redirect_url: redirect.redirectUrl };
}

export async function getCardSetup(ctx: TAppContext, userId: number, reference: string) {
  const row = await findUserCardSetup(ctx.db, userId, reference);
  if (!row) throw notFound();
  return row;
}
