import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MAX_PRINTER_IMAGE_BYTES,
  PRINTER_IMAGE_KINDS,
  ZAdminPrinter,
  ZAdminCity,
  ZAdminCityInput,
  ZAdminCityList,
  ZAdminPrinterIndex,
  ZDecommissionInput,
  ZMaintenanceInput,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import { AppError, unauthorized } from '../../http/errors';
import type { TImageUpload } from './printers-admin.images';
import { getAdminPrinter, listAdminPrinters, savePrinter } from './printers-admin.service';
import {
  convertToV3,
  printerImageFile,
  setDecommissioned,
  setMaintenance,
} from './printers-admin.actions';
import { listAdminCities, saveCity } from './cities-admin.service';

const ZPrinterId = z.object({ id: z.coerce.number().int().positive() });
/** The printer's fields as JSON in the `data` part; at most 64 KiB. */
const MAX_DATA_BYTES = 64 * 1024;

const badRequest = () => new AppError(400, 'bad_request', 'errors.invalid_request');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest();
  }
}

/**
 * A printer form: JSON, or multipart with the fields as JSON in `data` and the images as the
 * files `logo` and `photo`, so fields and images are checked and saved together.
 */
async function readPrinterForm(
  request: FastifyRequest,
): Promise<{ input: unknown; uploads: TImageUpload[] }> {
  if (!request.isMultipart()) return { input: request.body ?? {}, uploads: [] };
  let input: unknown = {};
  const uploads: TImageUpload[] = [];
  // throwFileSizeLimit is read by @fastify/multipart at run time though its types omit it.
  const options = {
    throwFileSizeLimit: false,
    limits: {
      files: 2,
      fields: 1,
      parts: 3,
      fieldSize: MAX_DATA_BYTES,
      fileSize: MAX_PRINTER_IMAGE_BYTES,
    },
  };
  const parts = request.parts(options);
  for await (const part of parts) {
    if (part.type === 'file') {
      const kind = PRINTER_IMAGE_KINDS.find((k) => k === part.fieldname);
      const bytes = await part.toBuffer();
      // Past the size limit the file is cut short: reported at the field with the form's other
      // problems instead of failing the whole request.
      const data = part.file.truncated ? null : bytes;
      // An empty file input sends a part with no bytes: nothing was chosen.
      if (kind && (data === null || data.length > 0)) uploads.push({ kind, data });
    } else if (part.fieldname === 'data' && typeof part.value === 'string') {
      input = parseJson(part.value);
    }
  }
  return { input, uploads };
}

/** Admin: the printer fleet (index, show, create, edit, maintenance, API V3, images). */
export function registerPrinterAdminRoutes(root: FastifyInstance, ctx: TAppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/printers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every printer with its city and live state, and the cities',
        response: { 200: ZAdminPrinterIndex },
      },
    },
    async () => listAdminPrinters(ctx),
  );

  app.get(
    '/api/admin/printers/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One printer: every admin field, open hours, live state',
        params: ZPrinterId,
        response: { 200: ZAdminPrinter },
      },
    },
    async (request) => getAdminPrinter(ctx, request.params.id),
  );

  app.post(
    '/api/admin/printers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a printer (JSON, or multipart: `data` JSON + `logo` / `photo` files)',
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: ZAdminPrinter },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      const { input, uploads } = await readPrinterForm(request);
      const printer = await savePrinter(ctx, request.user.id, null, input, uploads);
      return reply.status(201).send(printer);
    },
  );

  app.put(
    '/api/admin/printers/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a printer (JSON, or multipart: `data` JSON + `logo` / `photo` files)',
        consumes: ['application/json', 'multipart/form-data'],
        params: ZPrinterId,
        response: { 200: ZAdminPrinter },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      const { input, uploads } = await readPrinterForm(request);
      return savePrinter(ctx, request.user.id, request.params.id, input, uploads);
    },
  );

  app.post(
    '/api/admin/printers/:id/maintenance',
    {
      schema: {
        tags: ['admin'],
        summary: 'Maintenance mode on or off (on: printing refused at once)',
        params: ZPrinterId,
        body: ZMaintenanceInput,
        response: { 200: ZAdminPrinter },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return setMaintenance(ctx, request.user.id, request.params.id, request.body.enabled);
    },
  );

  app.post(
    '/api/admin/printers/:id/decommission',
    {
      schema: {
        tags: ['admin'],
        summary: 'Take the printer out of service (off the map, no jobs, statistics kept) or back',
        params: ZPrinterId,
        body: ZDecommissionInput,
        response: { 200: ZAdminPrinter },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return setDecommissioned(
        ctx,
        request.user.id,
        request.params.id,
        request.body.decommissioned,
      );
    },
  );

  app.get(
    '/api/admin/cities',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every city with its number of printers',
        response: { 200: ZAdminCityList },
      },
    },
    async () => listAdminCities(ctx),
  );

  app.post(
    '/api/admin/cities',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a city printers can be placed in',
        body: ZAdminCityInput,
        response: { 201: ZAdminCity },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized();
      return reply.code(201).send(await saveCity(ctx, request.user.id, null, request.body));
    },
  );

  app.put(
    '/api/admin/cities/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a city (name, map address, country, time zone, position)',
        params: ZPrinterId,
        body: ZAdminCityInput,
        response: { 200: ZAdminCity },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return saveCity(ctx, request.user.id, request.params.id, request.body);
    },
  );

  app.post(
    '/api/admin/printers/:id/convert_v3',
    {
      schema: {
        tags: ['admin'],
        summary: 'Move the printer to API V3 (needs a minion_id and a connected agent)',
        params: ZPrinterId,
        response: { 200: ZAdminPrinter },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return convertToV3(ctx, request.user.id, request.params.id);
    },
  );

  app.get(
    '/api/admin/printers/:id/images/:kind',
    {
      schema: {
        tags: ['admin'],
        summary: 'The printer’s location logo or photo',
        params: ZPrinterId.extend({ kind: z.enum(PRINTER_IMAGE_KINDS) }),
      },
    },
    async (request, reply) => {
      const { stream, size, contentType } = await printerImageFile(
        ctx,
        request.params.id,
        request.params.kind,
      );
      return reply
        .type(contentType)
        .header('content-length', size)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
}
