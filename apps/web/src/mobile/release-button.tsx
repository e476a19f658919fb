import { shownAvailability, type TPublicPrinter } from '@printomat/shared';
import { useT } from '../i18n/use-t';
import { useAvailabilityText } from '../map/availability';

/** Where the job goes: a printer chosen from the list, its QR code or `?printer=`, or a bare code. */
export type TReleaseTarget =
  { kind: 'printer'; printer: TPublicPrinter } | { kind: 'code'; code: string };

/** "Print here" (or "Print with code …"), with what keeps the printer from taking the job now. */
export function ReleaseButton({
  target,
  busy,
  onRelease,
}: {
  target: TReleaseTarget;
  busy: boolean;
  onRelease: () => void;
}) {
  const t = useT();
  const availabilityText = useAvailabilityText();
  const shown =
    target.kind === 'printer'
      ? shownAvailability(target.printer.availability, target.printer.open_now)
      : null;
  // Closed places still take jobs: they wait at the printer (decisions.md).
  const blocked = shown !== null && !['available', 'door_open', 'closed'].includes(shown);
  return (
    <>
      {shown && blocked && (
        <p className="alert alert--error" role="alert" data-testid="release-unavailable">
          {t('mobile.release.unavailable')} {availabilityText(shown)}
        </p>
      )}
      {shown === 'closed' && (
        <p className="card__text" data-testid="release-closed-note">
          {t('mobile.release.closed_note')}
        </p>
      )}
      <p className="card__text">{t('printer_page.print.ready')}</p>
      <button
        type="button"
        className="button button--block button--large button--accent"
        data-testid="print-here"
        disabled={busy || blocked}
        onClick={onRelease}
      >
        {busy
          ? t('printer_page.print.sending')
          : target.kind === 'code'
            ? t('mobile.code.button', { code: target.code })
            : t('printer_page.print.button')}
      </button>
    </>
  );
}

export function ErrorAlert({ text }: { text: string }) {
  return (
    <p className="alert alert--error" role="alert" data-testid="print-here-error">
      {text}
    </p>
  );
}
