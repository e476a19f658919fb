import type { TLocale, TLocationSuggestionInput } from '@printomat/shared';
import { ZLocationSuggestionInput } from '@printomat/shared';
import type { TAppContext } from '../../context';
import type { TUserRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { enqueueJob } from '../jobs/queue';
import { SEND_MAIL_JOB } from '../mail/mail.jobs';
import { locationSuggestionMail } from '../mail/mail.templates';
import { countSuggestionsFromIp, insertLocationSuggestion } from './mailings.repo';

/** Suggestions one address may send per hour: enough for people, not for a script. */
const MAX_PER_HOUR = 5;

/** Stores a suggested printer location and e-mails it to the team, in one transaction. */
export async function suggestLocation(
  ctx: TAppContext,
  input: TLocationSuggestionInput,
  meta: { user: TUserRow | null; locale: TLocale; ip: string | null },
): Promise<{ id: number }> {
  const s = ZLocationSuggestionInput.parse(input);
  return ctx.db.transaction().execute(async (trx) => {
    if (meta.ip) {
      const recent = await countSuggestionsFromIp(
        trx,
        meta.ip,
        new Date(ctx.now().getTime() - 3_600_000),
      );
      if (recent >= MAX_PER_HOUR) throw new AppError(429, 'rate_limited', 'errors.rate_limited');
    }
    const email = s.email || meta.user?.email || '';
    const row = await insertLocationSuggestion(trx, {
      user_id: meta.user?.id ?? null,
      place: s.place,
      address: s.address,
      city: s.city,
      comment: s.comment,
      email,
      locale: meta.locale,
      ip: meta.ip,
    });
    await enqueueJob(
      trx,
      SEND_MAIL_JOB,
      locationSuggestionMail('en', ctx.config.teamEmail, { ...s, email }),
    );
    return row;
  });
}
