import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MODAL_ROUTE_PREFIX, isModalPath, modalHashFor, modalPathFromLocation } from './modal-path';
import { MODAL_REGISTRY } from './modal-registry';
import type { TModalEntry } from './modal-types';

export type TModalContext = {
  /** The open modal's address, e.g. `users/language`, or null. */
  modalPath: string | null;
  registry: readonly TModalEntry[];
  openModal: (path: string) => void;
  closeModal: () => void;
};

const ModalContext = createContext<TModalContext | null>(null);

/**
 * The address is the single source of truth: `#modal=a.b` on any page, or `/modal/a/b`
 * (which renders the home page underneath). Opening writes the hash, so Back closes the modal.
 */
export function ModalProvider({
  children,
  registry = MODAL_REGISTRY,
}: {
  children: ReactNode;
  registry?: readonly TModalEntry[];
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const modalPath = modalPathFromLocation(location.pathname, location.hash);
  const onModalRoute = location.pathname.startsWith(MODAL_ROUTE_PREFIX);

  const openModal = useCallback(
    (path: string) => {
      if (!isModalPath(path)) return;
      void navigate({
        pathname: onModalRoute ? '/' : location.pathname,
        search: onModalRoute ? '' : location.search,
        hash: modalHashFor(path),
      });
    },
    [navigate, onModalRoute, location.pathname, location.search],
  );

  const closeModal = useCallback(() => {
    if (onModalRoute) {
      void navigate('/', { replace: true });
    } else {
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    }
  }, [navigate, onModalRoute, location.pathname, location.search]);

  const value = useMemo(
    () => ({ modalPath, registry, openModal, closeModal }),
    [modalPath, registry, openModal, closeModal],
  );
  return <ModalContext.Provider value={value}>{children}</ModalContext.Provider>;
}

export function useModal(): TModalContext {
  const context = useContext(ModalContext);
  if (!context) throw new Error('useModal must be used inside <ModalProvider>');
  return context;
}
