import type { TPrintjob, TPrintjobResult } from '@printomat/shared';
import type { TTranslate } from '@printomat/shared/i18n';
import { useT } from '../i18n/use-t';
import { LastResultBanner } from '../print/last-result-banner';

type TStep = 'sent' | 'printing' | 'done';
/** Where a followed job is: released (waiting or printing), or ended. */
export type TProgress =
  | { state: 'waiting' | 'printing'; job: TPrintjob }
  | { state: 'printed' | 'failed'; result: TPrintjobResult };

const STEPS: readonly TStep[] = ['sent', 'printing', 'done'];

/**
 * The released job's live status on a phone: three steps (sent to the printer → printing →
 * printed / not printed), the words of the print page (`uploader.status.*`), and once it ended,
 * what came out and what it cost (the print page's result banner).
 */
export function JobProgress({
  progress,
  onDismissResult,
}: {
  progress: TProgress;
  onDismissResult: () => void;
}) {
  const t = useT();
  const reached = progress.state === 'waiting' ? 0 : progress.state === 'printing' ? 1 : 2;
  const ended = progress.state === 'printed' || progress.state === 'failed';
  const stepText = (step: TStep) =>
    step === 'done'
      ? t(progress.state === 'failed' ? 'mobile.steps.failed' : 'mobile.steps.printed')
      : t(`mobile.steps.${step}`);

  return (
    <div className="mobile-progress" data-testid="release-status" data-state={progress.state}>
      <ol className="mobile-progress__steps" aria-label={t('mobile.steps.label')}>
        {STEPS.map((step, index) => {
          const state =
            index < reached || (index === reached && ended)
              ? progress.state === 'failed' && index === 2
                ? 'failed'
                : 'done'
              : index === reached
                ? 'current'
                : 'todo';
          return (
            <li
              key={step}
              className={`mobile-progress__step mobile-progress__step--${state}`}
              data-step={step}
              data-step-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              {stepText(step)}
            </li>
          );
        })}
      </ol>
      {'result' in progress ? (
        <LastResultBanner result={progress.result} onDismiss={onDismissResult} />
      ) : (
        <p className="banner banner--info" role="status" data-testid="job-status">
          {statusText(t, progress.job)}
        </p>
      )}
    </div>
  );
}

function statusText(t: TTranslate, job: TPrintjob): string {
  const printer = job.printer?.name;
  if (job.phase === 'printing') {
    return printer ? t('uploader.status.printing_at', { printer }) : t('uploader.status.printing');
  }
  return printer ? t('uploader.status.waiting_at', { printer }) : t('uploader.status.scheduled');
}
