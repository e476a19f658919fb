import type { TLocale } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TUserRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { findUserCardSetup, insertCardSetup, updateCardSetup } from './payments.repo';
import { assertCanPay, callProvider, newReference, paymentsUnavailable } from './payments.service';
import { paymentProviders } from './provider-registry';
import { deleteSavedCardOfUser, listSavedCardsOfUser } from './saved-cards.repo';

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

/** The account page's saved cards: brand, last four digits and when it was added. */
export async function listSavedCards(ctx: TAppContext, userId: number) {
  const rows = await listSavedCardsOfUser(ctx.db, userId);
  return rows.map((r) => ({
    id: r.id,
    brand: r.brand,
    last4: r.last4,
    added_at: r.created_at.toISOString(),
  }));
}

/**
 * Removes a saved card (404 when it is not the person's). Only our record goes: no provider keeps
 * a reusable card for us (Stripe's card setup attaches the card to no Customer, the sandbox keeps
 * none), so there is nothing to detach there (docs/decisions.md).
 */
export async function removeSavedCard(
  ctx: TAppContext,
  userId: number,
  cardId: number,
): Promise<void> {
  const removed = await ctx.db
    .transaction()
    .execute((trx) => deleteSavedCardOfUser(trx, userId, cardId));
  if (!removed) throw notFound();
}
