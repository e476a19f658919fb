import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  formatDate,
  formatDateTime,
  formatMegabytes,
  type TLocale,
  type TScan,
} from '@printomat/shared';
import { FormAlert, SuccessNotice } from '../components/form-alert';
import { useSubmit } from '../forms/use-submit';
import { useLocale, useT } from '../i18n/use-t';
import { SCANS_QUERY_KEY, deleteScan, useScans } from './scans-api';

/** "340 KB" below a megabyte, else "2.4 MB". */
function useFormatSize(locale: TLocale) {
  const t = useT();
  return (bytes: number) =>
    bytes < 1024 * 1024
      ? t('scans.account.kilobytes', { count: Math.max(1, Math.round(bytes / 1024)) })
      : formatMegabytes(locale, bytes);
}

/**
 * The account page's scans (issue 16): what the person scanned at printers with their ID and PIN,
 * newest first, each downloadable while its file is kept and deletable after a confirmation (the
 * file is gone for good); the empty state says how to scan.
 */
export function ScansCard() {
  const t = useT();
  const scans = useScans();
  const queryClient = useQueryClient();
  const [deleted, setDeleted] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const action = useCallback(
    async (scan: TScan) => {
      setDeleted(false);
      await deleteScan(scan.id);
      setConfirming(null);
      setDeleted(true);
      await queryClient.invalidateQueries({ queryKey: SCANS_QUERY_KEY });
    },
    [queryClient],
  );
  const { submit, isPending, error } = useSubmit(action);
  const list = scans.data?.scans ?? [];
  return (
    <section className="card" aria-labelledby="scans-title" data-testid="scans">
      <h2 id="scans-title" className="card__title">
        {t('scans.account.title')}
      </h2>
      {deleted && <SuccessNotice>{t('scans.account.deleted')}</SuccessNotice>}
      <FormAlert error={error} />
      {scans.isError && <p className="card__text">{t('common.errors.generic')}</p>}
      {scans.isSuccess && list.length === 0 && (
        <p className="card__text" data-testid="scans-empty">
          {t('scans.account.empty')}
        </p>
      )}
      {list.length > 0 && (
        <>
          <p className="card__text">{t('scans.account.intro')}</p>
          <ul className="details">
            {list.map((scan) => (
              <ScanRow
                key={scan.id}
                scan={scan}
                disabled={isPending}
                confirming={confirming === scan.id}
                onAsk={() => {
                  setDeleted(false);
                  setConfirming(scan.id);
                }}
                onCancel={() => setConfirming(null)}
                onDelete={() => void submit(scan)}
              />
            ))}
          </ul>
        </>
      )}
      <Link className="button button--link" to="/account/pin">
        {t('scans.account.set_pin')}
      </Link>
    </section>
  );
}

function ScanRow({
  scan,
  disabled,
  confirming,
  onAsk,
  onCancel,
  onDelete,
}: {
  scan: TScan;
  disabled: boolean;
  confirming: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const formatSize = useFormatSize(locale);
  const facts = [
    scan.printer_name ?? t('scans.account.unknown_printer'),
    t('scans.account.page_count', { count: scan.pages }),
    formatSize(scan.byte_size),
  ].join(' · ');
  return (
    <li className="details__row" data-testid="scan">
      <span className="details__sub">
        <time dateTime={scan.created_at}>{formatDateTime(locale, scan.created_at)}</time>
      </span>
      <span>
        <strong>{scan.file_name}</strong>
        <span className="details__sub">{facts}</span>
        <span className="details__sub" data-testid="scan-kept">
          {scan.expires_at
            ? t('scans.account.until', { date: formatDate(locale, scan.expires_at) })
            : t('scans.account.file_gone')}
        </span>
        <span>
          {scan.download_url && (
            <a
              className="button button--link"
              href={scan.download_url}
              download={scan.file_name}
              aria-label={t('scans.account.download_label', { name: scan.file_name })}
            >
              {t('scans.account.download')}
            </a>
          )}
          {!confirming && (
            <button
              type="button"
              className="button button--link"
              disabled={disabled}
              aria-label={t('scans.account.delete_label', { name: scan.file_name })}
              onClick={onAsk}
            >
              {t('scans.account.delete')}
            </button>
          )}
        </span>
        {confirming && (
          <span
            role="group"
            aria-label={t('scans.account.confirm_delete', { name: scan.file_name })}
            data-testid="scan-confirm"
          >
            <span className="details__sub">
              {t('scans.account.confirm_delete', { name: scan.file_name })}
            </span>
            <button type="button" className="button" disabled={disabled} onClick={onDelete}>
              {disabled ? t('common.please_wait') : t('scans.account.confirm_button')}
            </button>{' '}
            <button type="button" className="button button--link" onClick={onCancel}>
              {t('scans.account.cancel')}
            </button>
          </span>
        )}
      </span>
    </li>
  );
}
