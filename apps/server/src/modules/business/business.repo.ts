import type { Insertable, Updateable } from 'kysely';
import type { TDb } from '../../db/database';
import type { TBusinessProfileRow, TBusinessProfilesTable } from '../../db/schema';

export function insertBusinessProfile(
  db: TDb,
  values: Insertable<TBusinessProfilesTable>,
): Promise<TBusinessProfileRow> {
  return db.insertInto('business_profiles').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findBusinessProfileRow(
  db: TDb,
  userId: number,
): Promise<TBusinessProfileRow | undefined> {
  return db
    .selectFrom('business_profiles')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The company, locked until the transaction ends (an edit reads what it replaces). */
export function lockBusinessProfileRow(
  db: TDb,
  userId: number,
): Promise<TBusinessProfileRow | undefined> {
  return db
    .selectFrom('business_profiles')
    .selectAll()
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export function updateBusinessProfileRow(
  db: TDb,
  userId: number,
  changes: Updateable<TBusinessProfilesTable>,
): Promise<TBusinessProfileRow> {
  return db
    .updateTable('business_profiles')
    .set({ ...changes, updated_at: new Date() })
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Claims the free test pages of a tax number for an account: true when this call claimed them,
 * false when the number already had them. The primary key (tax_country, tax_id) decides, so two
 * sign-ups racing with one number get one trial between them (the second waits for the first
 * to commit, then finds the row).
 */
export async function claimTrial(
  db: TDb,
  trial: { taxCountry: string; taxId: string; userId: number; pages: number },
): Promise<boolean> {
  const row = await db
    .insertInto('business_trials')
    .values({
      tax_country: trial.taxCountry,
      tax_id: trial.taxId,
      user_id: trial.userId,
      pages: trial.pages,
    })
    .onConflict((oc) => oc.columns(['tax_country', 'tax_id']).doNothing())
    .returning('tax_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setTrialGrant(
  db: TDb,
  trial: { taxCountry: string; taxId: string; grantId: number },
): Promise<void> {
  await db
    .updateTable('business_trials')
    .set({ grant_id: trial.grantId })
    .where('tax_country', '=', trial.taxCountry)
    .where('tax_id', '=', trial.taxId)
    .execute();
}

/** The test pages this account got (whatever its tax number is now), with their expiry. */
export function findTrialOfUser(
  db: TDb,
  userId: number,
): Promise<{ pages: number; expires_at: Date | null } | undefined> {
  return db
    .selectFrom('business_trials')
    .leftJoin('page_grants', 'page_grants.id', 'business_trials.grant_id')
    .select(['business_trials.pages', 'page_grants.expires_at'])
    .where('business_trials.user_id', '=', userId)
    .orderBy('business_trials.granted_at')
    .executeTakeFirst();
}

/** Whether a tax number already had its free test pages (whoever got them). */
export async function isTrialTaken(
  db: TDb,
  taxId: { taxCountry: string; taxId: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('business_trials')
    .select('tax_id')
    .where('tax_country', '=', taxId.taxCountry)
    .where('tax_id', '=', taxId.taxId)
    .executeTakeFirst();
  return row !== undefined;
}
