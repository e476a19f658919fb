import { lazy, type LazyExoticComponent, type ComponentType } from 'react';
import { withMessages } from '../i18n/messages-store';
import type { TModalEntry, TModalProps } from './modal-types';

/**
 * Every modal the app can open, by address. Each is its own chunk, fetched the first time its
 * address is opened, with the message groups it needs (`withMessages`). Add new modals here.
 */
export const MODAL_REGISTRY: readonly TModalEntry[] = [
  { pattern: 'users/language', load: () => import('./modals/users-language-modal') },
  {
    pattern: 'printjobs/print_with_code',
    load: withMessages(['app'], () => import('./modals/print-with-code-modal')),
  },
  {
    pattern: 'paid_packages/:cta',
    load: withMessages(['app'], () => import('./modals/paid-packages-modal')),
  },
  {
    pattern: 'printjobs/preview/:page/:documentId',
    load: withMessages(['app'], () => import('./modals/printjobs-preview-modal')),
  },
  { pattern: 'mailings/report_location', load: () => import('./modals/report-location-modal') },
  { pattern: 'payments/email_required', load: () => import('./modals/email-required-modal') },
  { pattern: 'phone/add', load: withMessages(['app'], () => import('./modals/phone-add-modal')) },
  {
    pattern: 'phone/verify',
    load: withMessages(['app'], () => import('./modals/phone-verify-modal')),
  },
];

export type TModalMatch = {
  entry: TModalEntry;
  params: Record<string, string>;
  Component: LazyExoticComponent<ComponentType<TModalProps>>;
};

const lazyComponents = new WeakMap<TModalEntry, LazyExoticComponent<ComponentType<TModalProps>>>();

function lazyFor(entry: TModalEntry): LazyExoticComponent<ComponentType<TModalProps>> {
  let component = lazyComponents.get(entry);
  if (!component) {
    component = lazy(() =>
      entry.load().catch((error: unknown) => {
        // React.lazy remembers a failed import forever; forget it so a later open retries.
        lazyComponents.delete(entry);
        throw error;
      }),
    );
    lazyComponents.set(entry, component);
  }
  return component;
}

export function matchModal(registry: readonly TModalEntry[], path: string): TModalMatch | null {
  const segments = path.split('/');
  for (const entry of registry) {
    const pattern = entry.pattern.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      const segment = segments[index] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = segment;
        return segment !== '';
      }
      return part === segment;
    });
    if (matches) return { entry, params, Component: lazyFor(entry) };
  }
  return null;
}
