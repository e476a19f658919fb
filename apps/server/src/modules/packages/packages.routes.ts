import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdminPackage,
  ZPackageAudience,
  ZPackageInput,
  ZPackageList,
  type TPaymentMethodName,
} from '@printomat/shared';
import type { TAppContext } from '../../context';
import { unauthorized } from '../../http/errors';
import { presentAdminPackage, presentPackage } from './packages.presenter';
import {
  createPackage,
  deactivatePackage,
  getPackageForAdmin,
  listActivePackages,
  listAllPackages,
  updatePackage,
} from './packages.service';

const ZIdParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * `paymentMethods` names the ways to pay shown next to the packages on sale. It is passed in by
 * app.ts (the payments module depends on packages, not the other way round).
 */
export function registerPackageRoutes(
  root: FastifyInstance,
  ctx: TAppContext,
  paymentMethods: () => TPaymentMethodName[],
): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/packages',
    {
      schema: {
        tags: ['public'],
        summary: 'Page packages on sale (personal and business)',
        querystring: z.object({ audience: ZPackageAudience.optional() }),
        response: { 200: ZPackageList },
      },
    },
    async (request) => ({
      packages: (await listActivePackages(ctx.db, request.query.audience)).map(presentPackage),
      payment_methods: paymentMethods(),
    }),
  );

  app.get(
    '/api/admin/packages',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every package, inactive ones too',
        response: { 200: z.object({ packages: z.array(ZAdminPackage) }) },
      },
    },
    async () => ({ packages: (await listAllPackages(ctx.db)).map(presentAdminPackage) }),
  );

  app.get(
    '/api/admin/packages/:id',
    {
      schema: {
        tags: ['admin'],
        params: ZIdParams,
        response: { 200: ZAdminPackage },
      },
    },
    async (request) => presentAdminPackage(await getPackageForAdmin(ctx.db, request.params.id)),
  );

  app.post(
    '/api/admin/packages',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a package',
        body: ZPackageInput,
        response: { 201: ZAdminPackage },
      },
    },
    async (request, reply) => {
      const row = await createPackage(ctx, request.body, actorOf(request));
      return reply.code(201).send(presentAdminPackage(row));
    },
  );

  app.put(
    '/api/admin/packages/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a package',
        params: ZIdParams,
        body: ZPackageInput,
        response: { 200: ZAdminPackage },
      },
    },
    async (request) =>
      presentAdminPackage(
        await updatePackage(ctx, request.params.id, request.body, actorOf(request)),
      ),
  );

  app.post(
    '/api/admin/packages/:id/deactivate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Take a package off sale',
        params: ZIdParams,
        response: { 200: ZAdminPackage },
      },
    },
    async (request) =>
      presentAdminPackage(await deactivatePackage(ctx, request.params.id, actorOf(request))),
  );
}

function actorOf(request: { user: { id: number } | null; ip: string }) {
  if (!request.user) throw unauthorized();
  return { userId: request.user.id, ip: request.ip };
}
