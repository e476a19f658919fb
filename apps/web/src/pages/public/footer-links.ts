import type { TMessageKey } from '@printomat/shared/i18n';

type TFooterGroup = {
  title: TMessageKey;
  links: ReadonlyArray<{ to: string; label: TMessageKey }>;
};

/** The footer's columns. Every link is a page of this app (tests check that each one renders). */
export const FOOTER_GROUPS: readonly TFooterGroup[] = [
  {
    title: 'site.footer.service',
    links: [
      { to: '/tutorial', label: 'site.footer.tutorial' },
      { to: '/map', label: 'site.footer.find_printer' },
      { to: '/kup-pakiet', label: 'site.footer.buy_package' },
      { to: '/zdobadz-strony', label: 'site.footer.get_pages' },
    ],
  },
  {
    title: 'site.footer.help',
    links: [
      { to: '/contact', label: 'site.footer.contact' },
      { to: '/faq', label: 'site.footer.faq' },
      { to: '/opinion', label: 'site.footer.opinion' },
    ],
  },
  {
    title: 'site.footer.company',
    links: [
      { to: '/business', label: 'site.footer.business' },
      { to: '/partner', label: 'site.footer.partner' },
      { to: '/recommend', label: 'site.footer.recommend' },
      { to: '/privacy', label: 'site.footer.privacy' },
      { to: '/terms', label: 'site.footer.terms' },
    ],
  },
];
