import type { MouseEvent } from 'react';
import { useT } from '../i18n/use-t';
import { useModal } from '../modal/modal-context';
import { modalHashFor } from '../modal/modal-path';

export const SUGGEST_LOCATION_MODAL = 'mailings/report_location';

/**
 * "Suggest a location": opens `mailings/report_location` in the shared dialog. A real link to
 * `#modal=mailings.report_location`, so it also works from server-rendered HTML.
 */
export function SuggestLocationLink({
  className = 'button button--secondary',
}: {
  className?: string;
}) {
  const t = useT();
  const { openModal } = useModal();
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    openModal(SUGGEST_LOCATION_MODAL);
  }
  return (
    <a
      href={modalHashFor(SUGGEST_LOCATION_MODAL)}
      className={className}
      data-testid="suggest-location"
      onClick={onClick}
    >
      {t('map.suggest.button')}
    </a>
  );
}
