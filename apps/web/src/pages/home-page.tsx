import { useCurrentUser } from '../api/session';
import { PageTitle } from '../components/page-title';
import { useT } from '../i18n/use-t';
import { useLivePrintjobEvents } from '../print/use-live-printjob-events';
import { ConfirmEmailBanner } from './home/confirm-email-banner';
import { DashboardPanel } from './home/dashboard-panel';
import { LandingPage } from './public/landing-page';

/** `/` and `/modal/*` (the modal host opens the modal over this page). */
export function HomePage() {
  const t = useT();
  const user = useCurrentUser();
  useLivePrintjobEvents(user !== null);
  // Guests get the public landing page; signed-in people their dashboard.
  if (!user) return <LandingPage />;
  return (
    <div className="dashboard container">
      <PageTitle title={t('home.panel.page_title')} />
      <h1 className="page-title">
        {t(user.is_new_account ? 'home.panel.welcome_new' : 'home.panel.welcome')}
      </h1>
      {!user.email_confirmed && <ConfirmEmailBanner email={user.email} />}
      <DashboardPanel />
    </div>
  );
}
