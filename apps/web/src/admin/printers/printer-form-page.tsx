import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ZAdminPrinterInput, type TAdminPrinterInput } from '@printomat/shared';
import { checkInput } from '../../forms/check-input';
import { useSubmit } from '../../forms/use-submit';
import { useT } from '../../i18n/use-t';
import {
  adminPrinterKey,
  adminPrintersKey,
  detectedPrintersKey,
  fetchAdminPrinter,
  fetchAdminPrinters,
  registerAgent,
  savePrinter,
  type TPrinterImages,
} from './admin-printers-api';
import { PrinterForm } from './printer-form';

export type TShowNotice = { notice?: 'created' | 'saved' };

/**
 * New printer (`/admin/printers/new`, `?register=<minion id>` registers a detected agent as it
 * after saving) and edit (`/admin/printers/:id/edit`).
 */
export function PrinterFormPage() {
  const t = useT();
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = params.id === undefined ? null : Number(params.id);
  const registerMinion = id === null ? search.get('register') : null;

  const index = useQuery({ queryKey: adminPrintersKey, queryFn: fetchAdminPrinters });
  const printer = useQuery({
    queryKey: adminPrinterKey(id ?? 0),
    queryFn: () => fetchAdminPrinter(id ?? 0),
    enabled: id !== null && Number.isInteger(id),
  });

  const save = useCallback(
    async (data: TAdminPrinterInput, images: TPrinterImages) => {
      const saved = await savePrinter(id, checkInput(ZAdminPrinterInput, data, t), images);
      // The printer is saved either way; if registering fails, the agent stays on the detected
      // page to be attached from there (a second submit must not create a second printer).
      if (registerMinion) await registerAgent(saved.id, registerMinion).catch(() => undefined);
      queryClient.removeQueries({ queryKey: adminPrinterKey(saved.id), exact: true });
      await queryClient.invalidateQueries({ queryKey: adminPrintersKey });
      if (registerMinion) await queryClient.invalidateQueries({ queryKey: detectedPrintersKey });
      const state: TShowNotice = { notice: id === null ? 'created' : 'saved' };
      await navigate(`/admin/printers/${saved.id}`, { state });
    },
    [id, registerMinion, navigate, queryClient, t],
  );
  const { submit, isPending, error, fieldErrors } = useSubmit(save);

  if (id !== null && (!Number.isInteger(id) || printer.isError))
    return (
      <p className="alert alert--error" role="alert">
        {t('admin_printers.not_found')}
      </p>
    );
  if (!index.data || (id !== null && !printer.data)) return <p>{t('admin_printers.loading')}</p>;

  return (
    <section className="admin-printers" aria-labelledby="printer-form-title">
      <p>
        <Link to={id === null ? '/admin/printers' : `/admin/printers/${id}`}>
          {t('admin_printers.back_to_list')}
        </Link>
      </p>
      <h2 id="printer-form-title">
        {printer.data
          ? t('admin_printers.form.edit_title', { name: printer.data.name })
          : t('admin_printers.form.new_title')}
      </h2>
      {registerMinion && (
        <p className="alert printer-notice">
          {t('admin_printers.form.register_after', { minion: registerMinion })}
        </p>
      )}
      <PrinterForm
        key={printer.data?.updated_at ?? 'new'}
        printer={printer.data ?? null}
        cities={index.data.cities}
        pending={isPending}
        error={error}
        fieldErrors={fieldErrors}
        onSubmit={(data, images) => void submit(data, images)}
        onCancel={() => void navigate(id === null ? '/admin/printers' : `/admin/printers/${id}`)}
      />
    </section>
  );
}
