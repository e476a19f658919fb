import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { MAX_FILE_SLOTS, type TDocument, type TExpressOrderView } from '@printomat/shared';
import { ApiError, errorMessage } from '../api/client';
import { PageTitle } from '../components/page-title';
import { useLocale, useT } from '../i18n/use-t';
import { DropZone, LeftOutNotice, takeFiles } from '../print/upload-area';
import { UploaderApiContext } from '../print/uploader-api';
import {
  createExpressOrder,
  EXPRESS_POLL_MS,
  expressOrderKey,
  expressPrinterKey,
  expressUploaderApi,
  fetchExpressOrder,
  fetchExpressPrinter,
  storeDraftToken,
  storedDraftToken,
} from './express-api';
import { ExpressCheckoutForm } from './express-checkout-form';
import { ExpressPreview } from './express-preview';
import { ExpressLoadFailed, ExpressLoading, ExpressNotFound } from './express-states';
import { ExpressPrinterCard, refusesJobs, unavailableText } from './express-printer';
import { ExpressUploader } from './express-uploader';
import './express.css';

/** A positive whole number from the address, or null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** Still processing: the price is not known until every document has its pages. */
export function isProcessing(order: TExpressOrderView): boolean {
  return order.printjob.documents.some((d) => !d.is_failed && d.page_count === null);
}

/**
 * `/express/:printerId` (issue 13), phone first: a guest with no account uploads up to six
 * documents for this printer, sees the price in money, may apply a discount code and give an
 * e-mail for the receipt, and pays for this one job. The first file opens a draft order; its
 * token is kept per printer in this browser, so a reload (or coming back from a failed payment)
 * resumes it. Once paid the order page takes over.
 */
export function ExpressPage() {
  const t = useT();
  const printerId = parseId(useParams().printerId);
  const printer = useQuery({
    queryKey: expressPrinterKey(printerId ?? 0),
    queryFn: () => fetchExpressPrinter(printerId ?? 0),
    enabled: printerId !== null,
    retry: false,
  });

  const notFound =
    printerId === null ||
    (printer.error instanceof ApiError &&
      (printer.error.status === 404 || printer.error.status === 400));
  if (notFound) {
    return (
      <ExpressNotFound
        testId="express-printer-not-found"
        title="express_page.not_found.title"
        text="express_page.not_found.text"
      >
        <Link to="/map" className="button">
          {t('express_page.not_found.map')}
        </Link>
      </ExpressNotFound>
    );
  }
  if (printer.isError) return <ExpressLoadFailed />;
  if (!printer.data) return <ExpressLoading />;
  return <ExpressDraft key={printerId} printerId={printerId} />;
}

function ExpressDraft({ printerId }: { printerId: number }) {
  const t = useT();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const printer = useQuery({
    queryKey: expressPrinterKey(printerId),
    queryFn: () => fetchExpressPrinter(printerId),
  }).data;
  const [storedToken, setToken] = useState<string | null>(() => storedDraftToken(printerId));
  const [initialFiles, setInitialFiles] = useState<File[]>([]);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  // Files past the limit in the first choice: said here, since the start zone goes once the
  // draft opens (the uploader's own zone says it for files added later).
  const [startLeftOut, setStartLeftOut] = useState(0);
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<TDocument | null>(null);

  const orderQuery = useQuery({
    queryKey: expressOrderKey(storedToken ?? ''),
    queryFn: () => fetchExpressOrder(storedToken ?? ''),
    enabled: storedToken !== null,
    retry: false,
    refetchInterval: (query) => {
      const order = query.state.data;
      return order && isProcessing(order) ? EXPRESS_POLL_MS : false;
    },
  });
  // A stored draft that no longer exists (or was abandoned) is forgotten: start afresh.
  const gone =
    storedToken !== null &&
    ((orderQuery.error instanceof ApiError && orderQuery.error.status === 404) ||
      orderQuery.data?.status === 'abandoned');
  const token = gone ? null : storedToken;
  const order = gone ? undefined : orderQuery.data;
  useEffect(() => {
    if (gone) storeDraftToken(printerId, null);
  }, [gone, printerId]);

  const setOrder = useCallback(
    (next: TExpressOrderView) => queryClient.setQueryData(expressOrderKey(next.token), next),
    [queryClient],
  );
  const refresh = useCallback(() => {
    if (token) void queryClient.invalidateQueries({ queryKey: expressOrderKey(token) });
  }, [queryClient, token]);
  const uploaderApi = useMemo(
    () => (token ? expressUploaderApi(token, setOrder, setPreview) : null),
    [token, setOrder],
  );

  // Paid (or being paid): the order page shows what happens next. The stored draft is done
  // once the money was taken; while the payment is pending it may still come back to draft.
  const status = order?.status;
  const leaves = status !== undefined && status !== 'draft' && status !== 'abandoned';
  useEffect(() => {
    if (leaves && status !== 'awaiting_payment') storeDraftToken(printerId, null);
  }, [leaves, status, printerId]);

  async function start(files: File[]) {
    if (files.length === 0 || creating) return;
    setCreating(true);
    setCreateError(null);
    try {
      const created = await createExpressOrder(printerId, locale);
      setOrder(created);
      storeDraftToken(printerId, created.token);
      setInitialFiles(files);
      setToken(created.token);
    } catch (error) {
      setCreateError(errorMessage(error, t('express_page.errors.generic')));
    } finally {
      setCreating(false);
    }
  }

  if (!printer) return null;
  if (order && leaves) {
    return <Navigate to={`/express/orders/${encodeURIComponent(order.token)}`} replace />;
  }

  const documents = order?.printjob.documents ?? [];
  const printable = documents.filter((d) => !d.is_failed);
  const processing = order ? isProcessing(order) || order.printjob.page_count === null : false;
  const blockedReason = refusesJobs(printer)
    ? unavailableText(t, printer.unavailable_reason)
    : printable.length === 0
      ? t('express_page.pay.no_documents')
      : uploading || processing
        ? t('express_page.pay.processing')
        : null;

  return (
    <div className="container express-page" data-testid="express-page">
      <PageTitle title={t('express_page.title', { printer: printer.name })} />
      <h1 className="page-title express-page__title">
        {t('express_page.title', { printer: printer.name })}
      </h1>
      <p className="express-page__lead">{t('express_page.lead', { max: MAX_FILE_SLOTS })}</p>
      <ExpressPrinterCard printer={printer} />
      {createError && (
        <p className="banner banner--danger" role="alert" data-testid="express-create-error">
          {createError}
        </p>
      )}
      {startLeftOut > 0 && <LeftOutNotice count={startLeftOut} />}
      {token && order && uploaderApi ? (
        <UploaderApiContext.Provider value={uploaderApi}>
          <ExpressUploader
            order={order}
            initialFiles={initialFiles}
            refresh={refresh}
            onUploadingChange={setUploading}
          />
          <ExpressCheckoutForm
            order={order}
            blockedReason={blockedReason}
            pricePending={processing || printable.length === 0}
          />
          {preview && (
            <ExpressPreview token={token} document={preview} onClose={() => setPreview(null)} />
          )}
        </UploaderApiContext.Provider>
      ) : token && orderQuery.isError ? (
        // The saved order could not be read (not "gone"): say so, rather than offering to start
        // a new order whose token would replace the saved one.
        <p className="alert alert--error" role="alert">
          {t('express_page.load_failed')}
        </p>
      ) : token ? (
        <p className="page-loading">{t('express_page.loading')}</p>
      ) : (
        <StartDropZone
          busy={creating}
          onFiles={(files) => void start(files)}
          onLeftOut={setStartLeftOut}
        />
      )}
    </div>
  );
}

/**
 * Before any order exists: choosing the first files opens the draft. How many were left out
 * goes to the page, which still shows it once this zone gave way to the draft's uploader.
 */
function StartDropZone(props: {
  busy: boolean;
  onFiles: (files: File[]) => void;
  onLeftOut: (count: number) => void;
}) {
  return (
    <DropZone
      className="express-start"
      busy={props.busy}
      onFiles={(list) => props.onFiles(takeFiles(list, 0))}
      onLeftOut={props.onLeftOut}
    />
  );
}
