import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Suspense, useEffect, useId } from 'react';
import { useT } from '../i18n/use-t';
import { useModal } from './modal-context';
import { ModalDialog } from './modal-dialog';
import { ModalErrorBoundary } from './modal-error-boundary';
import { matchModal } from './modal-registry';

/**
 * Renders the modal the address asks for. An unknown address, a failed chunk import or a
 * failed data request (a modal throws it, e.g. via useSuspenseQuery) closes the dialog and
 * clears the address.
 */
export function ModalHost() {
  const t = useT();
  const titleId = useId();
  const { modalPath, registry, closeModal } = useModal();
  const { reset } = useQueryErrorResetBoundary();
  const match = modalPath ? matchModal(registry, modalPath) : null;
  const isUnknown = modalPath !== null && match === null;

  useEffect(() => {
    if (isUnknown) closeModal();
  }, [isUnknown, closeModal]);

  if (!modalPath || !match) return null;
  const { Component, params } = match;

  function onLoadError() {
    // Lets a later open of a modal whose data request failed try the request again.
    reset();
    closeModal();
  }

  return (
    <ModalDialog titleId={titleId} onClose={closeModal}>
      <ModalErrorBoundary key={modalPath} onError={onLoadError}>
        <Suspense
          fallback={
            <p className="modal__loading" id={titleId} role="status">
              {t('common.loading')}
            </p>
          }
        >
          <Component params={params} titleId={titleId} close={closeModal} />
        </Suspense>
      </ModalErrorBoundary>
    </ModalDialog>
  );
}
