import { ADMIN_PAGE_SIZE } from '@printomat/shared';
import type { TAppContext } from '../../context';
import { notFound } from '../../http/errors';
import { remainingPages } from '../pages/pages-ledger.service';
import { findUserById, isAccount } from '../users';
import { documentsOfPrintjobs, listPrintjobs } from './admin-printjobs.repo';
import { countUsers, listGrantsOfUser, listUsers, type TUserFilter } from './admin-users.repo';

/** Jobs shown on a user's page, newest first. */
const USER_JOBS_SHOWN = 50;

/** One page of users, newest first, searched by e-mail and filtered by role, with the total. */
export async function listAdminUsers(ctx: TAppContext, query: TUserFilter & { page: number }) {
  const { q, role, page } = query;
  const [total, rows] = await Promise.all([
    countUsers(ctx.db, { q, role }),
    listUsers(
      ctx.db,
      { q, role },
      { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE },
      ctx.now(),
    ),
  ]);
  return { total, rows };
}

/** A user with their remaining pages, pages ledger and latest print jobs (with documents). */
export async function findAdminUserDetail(ctx: TAppContext, id: number) {
  const user = await findUserById(ctx.db, id);
  // A guest account (an express order's) is no one's account to show.
  if (!user || !isAccount(user)) throw notFound();
  const [remaining, grants, jobs] = await Promise.all([
    remainingPages(ctx.db, user.id, ctx.now()),
    listGrantsOfUser(ctx.db, user.id),
    listPrintjobs(ctx.db, { userId: user.id }, { limit: USER_JOBS_SHOWN, offset: 0 }),
  ]);
  const documents = await documentsOfPrintjobs(
    ctx.db,
    jobs.map((j) => j.id),
  );
  return { user, remaining, grants, jobs, documents };
}
