// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES, createTranslator, translate } from '@printomat/shared/i18n';
import { buildSession, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { buildMapAnswer } from '../../test/public-fixtures';
import { renderApp } from '../../test/render-app';
import { FOOTER_GROUPS } from './footer-links';
import { publicPageMeta } from './page-meta';

const FOOTER_PATHS = FOOTER_GROUPS.flatMap((group) => group.links.map((link) => link.to));

function guest(locale: (typeof LOCALES)[number]) {
  mockFetch({
    'GET /api/session': () => jsonResponse(200, buildSession({ locale })),
    'GET /api/map': () => jsonResponse(200, buildMapAnswer(4)),
  });
}

describe('footer links', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('include contact, FAQ, privacy, terms, opinion, partner and recommend-a-client', () => {
    expect(FOOTER_PATHS).toEqual(
      expect.arrayContaining([
        '/contact',
        '/faq',
        '/privacy',
        '/terms',
        '/opinion',
        '/partner',
        '/recommend',
      ]),
    );
  });

  describe.each(LOCALES)('in %s', (locale) => {
    it('are the links the footer shows', async () => {
      guest(locale);
      renderApp('/');
      const footer = await screen.findByRole('navigation', {
        name: translate(locale, 'site.footer.label'),
      });
      expect(
        within(footer)
          .getAllByRole('link')
          .map((a) => a.getAttribute('href')),
      ).toEqual(FOOTER_PATHS);
    });

    it.each(FOOTER_PATHS)('%s renders a page with its heading and title', async (path) => {
      guest(locale);
      renderApp(path);
      const heading = await screen.findByRole('heading', { level: 1 });
      expect(heading.textContent?.trim()).not.toBe('');
      expect(screen.queryByText(translate(locale, 'common.not_found.title'))).toBeNull();
      const meta = publicPageMeta(path, createTranslator(locale));
      if (meta) {
        await waitFor(() => expect(document.title).toBe(meta.title));
        expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
          meta.description,
        );
      }
    });
  });
});

describe('content pages', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('the tutorial covers printing by e-mail and with the printer’s code', async () => {
    guest('en');
    renderApp('/tutorial');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How to print, step by step' }),
    ).toBeTruthy();
    expect(
      within(screen.getByTestId('tutorial-step-email')).getByRole('heading', {
        name: 'Or send them by e-mail',
      }),
    ).toBeTruthy();
    expect(
      within(screen.getByTestId('tutorial-step-code')).getByText(
        /type in the code shown on the printer’s screen/,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start printing' }).getAttribute('href')).toBe(
      '/print',
    );
  });

  it('the opinion page explains how to write, with a mailto link', async () => {
    guest('de');
    renderApp('/opinion');
    await screen.findByRole('heading', { level: 1, name: 'Sag uns, was du denkst' });
    const link = screen.getByTestId('opinion-mailto');
    expect(link.getAttribute('href')).toBe(
      'mailto:feedback@printomat.example?subject=Meine%20Meinung%20zu%20Printomat',
    );
  });

  it('the recommend page explains free pages for inviting friends', async () => {
    guest('pl');
    renderApp('/recommend');
    await screen.findByRole('heading', { level: 1, name: 'Poleć klienta' });
    expect(
      screen.getByRole('heading', { level: 2, name: 'Zaproś znajomych, zdobądź darmowe strony' }),
    ).toBeTruthy();
  });

  it('the FAQ answers without JavaScript tricks: every question is a disclosure', async () => {
    guest('en');
    renderApp('/faq');
    const items = await screen.findAllByTestId('faq-item');
    expect(items.length).toBeGreaterThanOrEqual(10);
    expect(items.every((item) => item.tagName === 'DETAILS')).toBe(true);
    expect(
      screen.getByText(/A black-and-white page costs one page, a colour page costs three/),
    ).toBeTruthy();
  });

  it('the privacy policy and the terms have numbered sections and a contact address', async () => {
    guest('en');
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' });
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(10);
    expect(
      screen.getAllByRole('link', { name: 'privacy@printomat.example' })[0]?.getAttribute('href'),
    ).toBe('mailto:privacy@printomat.example');
    cleanup();
    guest('pl');
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Regulamin' });
    expect(screen.getByText(/jedna kolorowa – trzy/)).toBeTruthy();
  });
});
