import { isUniqueViolation } from '../../db/pg-errors';
import { randomInt } from 'node:crypto';
import {
  MAX_MAIL_LOCAL_PART,
  MAX_PRINTER_IMAGE_BYTES,
  numberedMailLocalPart,
  PRINTER_MAIL_LOCAL_PART,
  printerMailLocalPart,
  ZAdminPrinterInput,
  type TAdminPrinter,
  type TAdminPrinterIndex,
  type TAdminPrinterValues,
  type TPrinterImageKind,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import { AppError, notFound, type TFieldErrorSpec } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import {
  checkPrinterImage,
  PrinterImageStore,
  type TCheckedImage,
  type TImageUpload,
} from './printers-admin.images';
import { listOpenIncidents } from './printer-alerts.repo';
import { presentAdminPrinter, presentPrinterSummary } from './printers-admin.presenter';
import {
  findCity,
  findPrinterWithCity,
  findUniqueConflicts,
  insertPrinter,
  isPrintCodeFree,
  listCities,
  listPrintersWithCity,
  replaceOpenHours,
  updatePrinterRow,
} from './printers-admin.repo';
import { findPrinterById, listOpenHours } from './printers.repo';

type TFieldErrors = Record<string, TFieldErrorSpec[]>;

function addError(errors: TFieldErrors, field: string, spec: TFieldErrorSpec): void {
  const list = (errors[field] ??= []);
  if (!list.some((s) => s.key === spec.key)) list.push(spec);
}

const invalid = (errors: TFieldErrors) =>
  new AppError(422, 'validation', 'errors.validation', undefined, errors);

function imageStore(ctx: TAppContext): PrinterImageStore {
  return new PrinterImageStore(ctx.storage);
}

export async function listAdminPrinters(ctx: TAppContext): Promise<TAdminPrinterIndex> {
  const now = ctx.now();
  const [printers, cities, incidents] = await Promise.all([
    listPrintersWithCity(ctx.db),
    listCities(ctx.db),
    listOpenIncidents(ctx.db),
  ]);
  return {
    printers: printers.map((p) =>
      presentPrinterSummary(
        p,
        now,
        incidents.filter((i) => i.printer_id === p.id),
      ),
    ),
    cities,
  };
}

export async function getAdminPrinter(ctx: TAppContext, id: number): Promise<TAdminPrinter> {
  const printer = await findPrinterWithCity(ctx.db, id);
  if (!printer) throw notFound();
  return presentAdminPrinter(printer, await listOpenHours(ctx.db, id), ctx.now());
}

/** Zod issues (messages are catalog keys) as field errors, with the counts the messages need. */
function issuesAsFieldErrors(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string; code: string }>,
): TFieldErrors {
  const errors: TFieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    const maximum = 'maximum' in issue ? Number(issue.maximum) : undefined;
    addError(
      errors,
      field,
      issue.message === 'too_long' && maximum !== undefined
        ? { key: 'too_long', values: { count: maximum } }
        : { key: issue.message },
    );
  }
  return errors;
}

/** A free 6-digit code for starting prints at the printer (spec: empty gets a random value). */
async function freePrintCode(db: TDb): Promise<string> {
  for (;;) {
    const code = String(randomInt(100_000, 1_000_000));
    if (await isPrintCodeFree(db, code)) return code;
  }
}

/**
 * Problems with an address an admin typed: it must be at the inbound mail domain (anywhere else
 * it could never receive mail) and its local part plain enough to type and to match.
 */
function checkMailAddress(errors: TFieldErrors, address: string, domain: string): void {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  if (address.slice(at + 1) !== domain)
    addError(errors, 'email', { key: 'admin_printers.errors.email_domain', values: { domain } });
  else if (!PRINTER_MAIL_LOCAL_PART.test(local) || local.length > MAX_MAIL_LOCAL_PART)
    addError(errors, 'email', {
      key: 'admin_printers.errors.email_local_part',
      values: { max: MAX_MAIL_LOCAL_PART },
    });
}

/**
 * The address a printer gets when the admin left it blank: made from its name at the inbound
 * domain, numbered (-2, -3, …) past addresses other printers hold. Its own current address counts
 * as free, so saving a printer again keeps it.
 */
async function derivedMailAddress(
  db: TDb,
  name: string,
  domain: string,
  exceptId: number | null,
): Promise<string> {
  const local = printerMailLocalPart(name);
  for (let n = 1; ; n++) {
    const address = `${numberedMailLocalPart(local, n)}@${domain}`;
    const taken = await findUniqueConflicts(
      db,
      { direct_print_code: null, minion_id: null, email: address },
      exceptId,
    );
    if (taken.length === 0) return address;
  }
}

function printerColumns(values: TAdminPrinterValues) {
  return {
    name: values.name,
    full_name: values.full_name,
    description: values.description,
    country: values.country,
    city_id: values.city_id,
    street: values.street,
    house_number: values.house_number,
    postcode: values.postcode,
    location_x: values.location_x,
    location_y: values.location_y,
    radius: values.radius,
    email: values.email,
    express_email: values.express_email,
    contact_email: values.contact_email,
    express_mono_price_minor: values.express_mono_price_minor,
    express_color_price_minor: values.express_color_price_minor,
    is_color: values.is_color,
    is_copier: values.is_copier,
    is_enabled: values.is_enabled,
    is_premium: values.is_premium,
    minion_id: values.minion_id,
    maps_place_url: values.maps_place_url,
  };
}

function openHoursRows(values: TAdminPrinterValues) {
  return values.open_hours.map((day) => ({
    weekday: day.weekday,
    is_open: day.is_open,
    open_time: day.is_open ? (day.open_time ?? null) : null,
    close_time: day.is_open ? (day.close_time ?? null) : null,
  }));
}

/**
 * Creates (`id` null) or edits a printer: every field, its open hours and its images are checked
 * together and every problem is reported at its field; nothing is saved unless all is valid, and
 * then everything is saved in one transaction with its audit row.
 */
export async function savePrinter(
  ctx: TAppContext,
  actorUserId: number,
  id: number | null,
  input: unknown,
  uploads: readonly TImageUpload[],
): Promise<TAdminPrinter> {
  const existing = id === null ? undefined : await findPrinterById(ctx.db, id);
  if (id !== null && !existing) throw notFound();

  const parsed = ZAdminPrinterInput.safeParse(input);
  const errors: TFieldErrors = parsed.success ? {} : issuesAsFieldErrors(parsed.error.issues);
  const images: TCheckedImage[] = [];
  for (const upload of uploads) {
    const checked = await checkPrinterImage(upload);
    if (checked.ok) images.push(checked.image);
    else
      addError(
        errors,
        upload.kind,
        checked.key === 'image_too_large'
          ? { key: checked.key, values: { count: MAX_PRINTER_IMAGE_BYTES / (1024 * 1024) } }
          : { key: checked.key },
      );
  }
  if (parsed.success) {
    const values = parsed.data;
    const city = await findCity(ctx.db, values.city_id);
    if (!city) addError(errors, 'city_id', { key: 'blank' });
    else if (city.country !== values.country) addError(errors, 'city_id', { key: 'invalid' });
    if (values.email !== null) checkMailAddress(errors, values.email, ctx.config.inbound.domain);
    const conflicts = await findUniqueConflicts(ctx.db, values, id);
    for (const field of conflicts) addError(errors, field, { key: 'taken' });
    if (existing?.api_version === 3 && values.minion_id === null)
      addError(errors, 'minion_id', { key: 'blank' });
  }
  if (!parsed.success || Object.keys(errors).length > 0) throw invalid(errors);
  const values = parsed.data;

  const store = imageStore(ctx);
  const written = new Map<TPrinterImageKind, string>();
  for (const image of images) written.set(image.kind, await store.write(image));
  const keyOf = (kind: TPrinterImageKind, current: string | null, remove: boolean) =>
    written.get(kind) ?? (remove ? null : current);

  let saved: number;
  try {
    saved = await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      const email =
        values.email ?? (await derivedMailAddress(trx, values.name, ctx.config.inbound.domain, id));
      const row =
        id === null
          ? await insertPrinter(trx, {
              ...printerColumns(values),
              email,
              direct_print_code: values.direct_print_code ?? (await freePrintCode(trx)),
              logo_path: written.get('logo') ?? null,
              photo_path: written.get('photo') ?? null,
            })
          : await updatePrinterRow(trx, id, {
              ...printerColumns(values),
              email,
              ...(values.direct_print_code ? { direct_print_code: values.direct_print_code } : {}),
              logo_path: keyOf('logo', existing?.logo_path ?? null, values.remove_logo),
              photo_path: keyOf('photo', existing?.photo_path ?? null, values.remove_photo),
              updated_at: now,
            });
      if (!row) throw notFound();
      await replaceOpenHours(trx, row.id, openHoursRows(values));
      await recordAudit(trx, {
        actorUserId,
        action: id === null ? 'printer.create' : 'printer.update',
        subject: ['printer', row.id],
        details: {
          name: row.name,
          ...(written.size > 0 ? { images: [...written.keys()] } : {}),
          ...(existing ? { changed: changedFields(existing, row) } : {}),
        },
      });
      return row.id;
    });
  } catch (error) {
    for (const key of written.values()) await store.remove(key);
    if (isUniqueViolation(error)) throw invalid(uniqueViolationField(error));
    throw error;
  }

  // Images replaced or removed are deleted once the new state is committed.
  if (existing) {
    for (const [kind, old] of [
      ['logo', existing.logo_path],
      ['photo', existing.photo_path],
    ] as const) {
      const current = keyOf(kind, old, kind === 'logo' ? values.remove_logo : values.remove_photo);
      if (old && old !== current) await store.remove(old);
    }
    if (existing.minion_id !== values.minion_id)
      // A link identified by the old minion id must not keep running as this printer.
      await ctx.events.publish(`printer:${saved}`, {
        kind: 'printer_credentials_changed',
        printerId: saved,
      });
  }
  return getAdminPrinter(ctx, saved);
}

function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const ignored = new Set(['updated_at', 'agent_last_seen_at', 'agent_status']);
  return Object.keys(after).filter(
    (key) =>
      !ignored.has(key) &&
      JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );
}

/** A concurrent save took a unique value after the check: name the field it belongs to. */
function uniqueViolationField(error: { constraint?: string; detail?: string }): TFieldErrors {
  const text = `${error.constraint ?? ''} ${error.detail ?? ''}`;
  const field = (['direct_print_code', 'minion_id', 'email'] as const).find((f) =>
    text.includes(f),
  );
  return { [field ?? '_']: [{ key: 'taken' }] };
}
