import type { ComponentType } from 'react';
import { Route } from 'react-router';
import { BusinessPage } from './business-page';
import { BuyPackagePage } from './buy-package-page';
import { ContactPage } from './contact-page';
import { FaqPage } from './faq-page';
import { GetPagesPage } from './get-pages-page';
import { PrivacyPage, TermsPage } from './legal-page';
import { OpinionPage } from './opinion-page';
import type { TPublicPath } from './page-meta';
import { PartnerPage } from './partner-page';
import { RecommendPage } from './recommend-page';
import { TutorialPage } from './tutorial-page';

/** Every public page but `/` (the home page shows the landing page to guests). */
export const PUBLIC_PAGES: Record<Exclude<TPublicPath, '/'>, ComponentType> = {
  '/business': BusinessPage,
  '/contact': ContactPage,
  '/faq': FaqPage,
  '/privacy': PrivacyPage,
  '/terms': TermsPage,
  '/opinion': OpinionPage,
  '/partner': PartnerPage,
  '/recommend': RecommendPage,
  '/tutorial': TutorialPage,
  '/zdobadz-strony': GetPagesPage,
  '/kup-pakiet': BuyPackagePage,
};

/** `<Route>` elements for AppRoutes, inside the layout route: `{publicRoutes()}`. */
export function publicRoutes() {
  return Object.entries(PUBLIC_PAGES).map(([path, Page]) => (
    <Route key={path} path={path.slice(1)} element={<Page />} />
  ));
}
