import type { TMetrics } from '../../lib/metrics';
import { DocumentFailure } from './pipeline/failure';

/**
 * Times one processing attempt into `printomat_document_processing_seconds`: outcome `ready`
 * (with the source type: pdf, image, office, text), `refused` (the file itself: too large,
 * corrupt, …) or `error` (worth another try: no converter, a thread died). Whatever `run`
 * answers or throws is passed on unchanged.
 */
export async function timeProcessing<T extends { sourceType: string }>(
  metrics: TMetrics,
  run: () => Promise<T>,
): Promise<T> {
  const stop = metrics.documentProcessing.startTimer();
  try {
    const result = await run();
    stop({ outcome: 'ready', type: result.sourceType });
    return result;
  } catch (err) {
    stop({ outcome: err instanceof DocumentFailure ? 'refused' : 'error', type: 'unknown' });
    throw err;
  }
}
