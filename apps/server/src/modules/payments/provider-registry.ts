import type { TConfig } from '../../config';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/database';
import {
  ProviderUnavailable,
  type TPaymentMethod,
  type TPaymentProvider,
  type TProviderName,
} from './payment-provider';
import { createSandboxProvider } from './providers/sandbox';
import { createSmsPaymentProvider } from './providers/sms-payment';
import { createStripeProvider } from './providers/stripe';

export type TProviderDeps = { config: TConfig; db: TDb };

type TFactory = (deps: TProviderDeps) => TPaymentProvider | undefined;

/** Every provider this build knows, by name; a factory answers undefined when not configured. */
const FACTORIES: Partial<Record<TProviderName, TFactory>> = {
  sandbox: (deps) => createSandboxProvider(deps),
  stripe: ({ config }) =>
    config.stripe
      ? createStripeProvider({ ...config.stripe, publicUrl: config.publicUrl })
      : undefined,
  sms_sandbox: ({ config }) =>
    config.smsPaymentSandbox
      ? createSmsPaymentProvider({ ...config.smsPaymentSandbox, publicUrl: config.publicUrl })
      : undefined,
};

export interface TProviderRegistry {
  /** The provider that answers webhooks at /api/payments/webhooks/:name (undefined: unknown). */
  byName(name: string): TPaymentProvider | undefined;
  /** Who takes a payment by this method; ProviderUnavailable when nobody can. */
  forMethod(method: TPaymentMethod): TPaymentProvider;
  /** Who saves cards (the add-card bonus). */
  forCards(): TPaymentProvider;
  /** The methods someone takes, in the shop's order (what the checkout offers). */
  methods(): TPaymentMethod[];
}

/** The order the shop lists payment methods in. */
const METHOD_ORDER: readonly TPaymentMethod[] = ['card', 'transfer', 'blik', 'sms'];

export function createProviderRegistry(
  deps: TProviderDeps,
  factories = FACTORIES,
): TProviderRegistry {
  const providers = new Map<string, TPaymentProvider>();
  const primary = deps.config.payments.provider;
  for (const [name, factory] of Object.entries(factories)) {
    // The sandboxes take no real money: never in production (config refuses choosing them).
    if (name === 'sandbox' && deps.config.isProduction) continue;
    const provider = factory(deps);
    if (provider) providers.set(name, provider);
  }
  const unavailable = () => new ProviderUnavailable(`no provider for ${primary}`);
  return {
    byName: (name) => providers.get(name),
    forMethod(method) {
      const main = providers.get(primary);
      if (main?.methods.includes(method)) return main;
      for (const provider of providers.values())
        if (provider.methods.includes(method)) return provider;
      throw unavailable();
    },
    forCards() {
      const main = providers.get(primary);
      if (!main) throw unavailable();
      return main;
    },
    methods() {
      const taken = new Set([...providers.values()].flatMap((provider) => provider.methods));
      return METHOD_ORDER.filter((method) => taken.has(method));
    },
  };
}

const registries = new WeakMap<TAppContext, TProviderRegistry>();

/** The running server's providers (built on first use from the config). */
export function paymentProviders(ctx: TAppContext): TProviderRegistry {
  let registry = registries.get(ctx);
  if (!registry) {
    registry = createProviderRegistry({ config: ctx.config, db: ctx.db });
    registries.set(ctx, registry);
  }
  return registry;
}

/** Replaces the providers of one running server (tests: a provider that is down). */
export function usePaymentProviders(ctx: TAppContext, registry: TProviderRegistry): void {
  registries.set(ctx, registry);
}
