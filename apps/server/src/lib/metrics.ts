import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * This process's Prometheus registry and the instruments code outside `src/http` records into.
 * One per app context, never prom-client's global registry: tests build many apps in one
 * process, and each must count only its own requests. Metrics read from the database at scrape
 * time are registered by `modules/metrics` (docs/production.md "Metrics" lists them all).
 */
export interface TMetrics {
  registry: Registry;
  /** Every HTTP answer: method, route pattern (never the raw URL), status class. */
  httpRequestDuration: Histogram<'method' | 'route' | 'status_class'>;
  /** One processing attempt of an upload (type check, conversion, page count, colour). */
  documentProcessing: Histogram<'outcome' | 'type'>;
}

export function createMetrics(): TMetrics {
  const registry = new Registry();
  // Process CPU and memory, heap, handles, GC and the event-loop delay (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'printomat_http_request_duration_seconds',
      help: 'HTTP answers by method, route pattern and status class, and how long they took',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    documentProcessing: new Histogram({
      name: 'printomat_document_processing_seconds',
      help: 'Document processing attempts (conversion to PDF, page count, colour) by outcome and source type',
      labelNames: ['outcome', 'type'] as const,
      // LibreOffice conversions take seconds; the conversion timeout is 60 s by default.
      buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120],
      registers: [registry],
    }),
  };
}
