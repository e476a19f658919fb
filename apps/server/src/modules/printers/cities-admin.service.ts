import type { z } from 'zod';
import type { TAdminCity, TAdminCityList, ZAdminCityInput } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { isUniqueViolation } from '../../db/pg-errors';
import { AppError, notFound, type TFieldErrorSpec } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import {
  findCityIdBySlug,
  insertCity,
  listCitiesWithCounts,
  lockCity,
  updateCity,
} from './cities-admin.repo';

const slugTaken = () =>
  new AppError(422, 'validation', 'errors.validation', undefined, {
    slug: [{ key: 'taken' } satisfies TFieldErrorSpec],
  });

/** Every city, for the admin's list and the printer form. */
export async function listAdminCities(ctx: TAppContext): Promise<TAdminCityList> {
  const rows = await listCitiesWithCounts(ctx.db);
  return { cities: rows.map((r) => ({ ...r, printer_count: Number(r.printer_count) })) };
}

async function cityById(ctx: TAppContext, id: number): Promise<TAdminCity> {
  const city = (await listAdminCities(ctx)).cities.find((c) => c.id === id);
  if (!city) throw notFound();
  return city;
}

/**
 * Creates a city (id null) or changes one. The slug is the map's address of the city
 * (/map/<slug>): unique, and a change moves the city's map address. A city is never deleted:
 * printers, and through them jobs and statistics, keep pointing at it.
 */
export async function saveCity(
  ctx: TAppContext,
  actorUserId: number,
  id: number | null,
  values: z.output<typeof ZAdminCityInput>,
): Promise<TAdminCity> {
  try {
    const savedId = await ctx.db.transaction().execute(async (trx) => {
      const other = await findCityIdBySlug(trx, values.slug);
      if (other !== undefined && other !== id) throw slugTaken();
      let cityId: number;
      if (id === null) {
        cityId = await insertCity(trx, values);
      } else {
        if (!(await lockCity(trx, id))) throw notFound();
        await updateCity(trx, id, values);
        cityId = id;
      }
      await recordAudit(trx, {
        actorUserId,
        action: id === null ? 'city.created' : 'city.updated',
        subject: ['city', cityId],
        details: values,
      });
      return cityId;
    });
    return await cityById(ctx, savedId);
  } catch (err) {
    // Two admins saving the same new slug at once: the unique index decides.
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
}
