import { printerMailLocalPart } from '@printomat/shared';
import type { TDb } from '../db/database';
import { hashPassword } from '../modules/auth/passwords';
import { randomCode } from '../lib/tokens';
import { grantPages } from '../modules/pages/pages-ledger.service';
import { seedPackages } from './packages-seed';
import { seedExpressData } from './express-seed';
import { DEMO_ACCOUNTS, DEMO_CITIES, DEMO_PRINTERS, OPEN_HOURS } from './demo-data';

/** The demo business account's company (a made-up name with a checksum-valid NIP). */
const DEMO_COMPANY = (userId: number) => ({
  user_id: userId,
  business_name: 'Kopia & Druk Demo sp. z o.o.',
  address: 'ul. Prosta 20 lok. 4',
  city: 'Warszawa',
  postcode: '00-850',
  country: 'PL',
  tax_country: 'PL',
  tax_id: '7770000005',
});

export async function isDatabaseEmpty(db: TDb): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const cities = await db
    .selectFrom('cities')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0 && Number(cities.n) === 0;
}

/** Whether any of the demo logins (with their published passwords) is in the database. */
export async function demoAccountsExist(db: TDb): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(
      'email',
      'in',
      DEMO_ACCOUNTS.map((account) => account.email),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Demo data: three cities, their printers with open hours, and the demo accounts with pages.
 * Printers get their print-by-e-mail address at `domain` (INBOUND_MAIL_DOMAIN).
 */
export async function seedDemoData(
  db: TDb,
  now = new Date(),
  domain = 'print.printomat.example',
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const cityIds = new Map<string, number>();
    for (const city of DEMO_CITIES) {
      const row = await trx
        .insertInto('cities')
        .values(city)
        .onConflict((oc) => oc.column('slug').doUpdateSet({ name: city.name }))
        .returning('id')
        .executeTakeFirstOrThrow();
      cityIds.set(city.slug, row.id);
    }

    for (const p of DEMO_PRINTERS) {
      const existing = await trx
        .selectFrom('printers')
        .select('id')
        .where('direct_print_code', '=', p.code)
        .executeTakeFirst();
      if (existing) continue;
      const printer = await trx
        .insertInto('printers')
        .values({
          city_id: cityIds.get(p.city) ?? 0,
          name: p.name,
          full_name: p.full_name,
          description: p.description,
          country: p.city === 'berlin' ? 'DE' : 'PL',
          street: p.street,
          house_number: p.house_number,
          postcode: p.postcode,
          location_x: p.lat,
          location_y: p.lon,
          radius: 50,
          email: `${printerMailLocalPart(p.name)}@${domain}`,
          direct_print_code: p.code,
          express_email: null,
          is_color: p.is_color,
          is_copier: p.is_copier,
          is_enabled: true,
          is_premium: p.is_premium ?? false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('printer_open_hours')
        .values(
          OPEN_HOURS[p.hours].map((hours, index) => ({
            printer_id: printer.id,
            weekday: index + 1,
            is_open: hours !== null,
            open_time: hours?.[0] ?? null,
            close_time: hours?.[1] ?? null,
          })),
        )
        .execute();
    }

    for (const account of DEMO_ACCOUNTS) {
      const existing = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', account.email)
        .executeTakeFirst();
      if (existing) continue;
      const user = await trx
        .insertInto('users')
        .values({
          email: account.email,
          password_hash: await hashPassword(account.password),
          role: account.role,
          locale: account.locale,
          email_confirmed_at: now,
          referral_code: randomCode(8),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (account.role === 'user') {
        await grantPages(
          trx,
          {
            userId: user.id,
            source: 'package',
            pages: 150,
            validDays: 30,
            reference: 'demo package M',
          },
          now,
        );
        await grantPages(
          trx,
          {
            userId: user.id,
            source: 'card_bonus',
            pages: 12,
            validDays: 7,
            reference: 'demo card bonus',
          },
          now,
        );
      }
      if (account.role === 'business') {
        await grantPages(
          trx,
          {
            userId: user.id,
            source: 'package',
            pages: 1000,
            validDays: 365,
            reference: 'demo business package',
          },
          now,
        );
        // Its company (issue 15): what its invoices name as the buyer.
        await trx.insertInto('business_profiles').values(DEMO_COMPANY(user.id)).execute();
      }
    }
    await seedPackages(trx);
    await seedExpressData(trx, now);
  });
}
