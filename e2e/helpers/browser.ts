import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, afterEach } from 'vitest';

/**
 * Content-Security-Policy violations seen in any window of any browser this file launched. The
 * server's policy must hold for the whole app: every test fails on the first violation.
 */
const cspViolations: string[] = [];

// Chromium logs a blocked script, style, image or connection as a console error ("Refused to …
// because it violates the following Content Security Policy directive …"); the page's own
// `securitypolicyviolation` event is the second witness (it also sees what is not logged).
const REPORT_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (e) => {
  console.error('Content Security Policy violation: ' + e.violatedDirective + ' blocked ' +
    (e.blockedURI || 'inline') + ' in ' + e.sourceFile + ':' + e.lineNumber + ' (' + e.disposition + ')');
});`;

async function watchForCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: REPORT_VIOLATIONS });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()))
      cspViolations.push(`${message.location().url || message.page()?.url()}: ${message.text()}`);
  });
  context.on('weberror', (error) => {
    if (/Content Security Policy/i.test(error.error().message))
      cspViolations.push(`${error.page()?.url()}: ${error.error().message}`);
  });
}

/** The violations seen so far, taken out of the record (for a test that provokes one). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/** Fails the test (or, after the last test, the file) that let the page break the policy. */
function failOnCspViolations(): void {
  const found = takeCspViolations();
  if (found.length > 0)
    throw new Error(`Content-Security-Policy violations in the browser:\n${found.join('\n')}`);
}
// Registered when a test file imports this module, so every browser test checks it.
afterEach(failOnCspViolations);
afterAll(failOnCspViolations);

// Debian's chromium; the flags keep it from reaching for Google's services on a closed network.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * A browser with a real profile in `profileDir` (Chromium treats every `browser.newContext` as
 * incognito, where it never offers installing an app), watched for CSP violations like the rest.
 */
export async function launchProfileContext(
  profileDir: string,
  options: Omit<Parameters<typeof chromium.launchPersistentContext>[1], 'executablePath' | 'args'>,
): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(profileDir, {
    ...options,
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  await watchForCspViolations(context);
  return context;
}

// `extraArgs`: more command-line flags (the phone app's test feeds a fake camera).
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
  // Every window the tests open is watched: contexts they create and one-off pages alike.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    await watchForCspViolations(context);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    await watchForCspViolations(page.context());
    return page;
  };
  return browser;
}

export async function screenshotDir(): Promise<string> {
  const dir = path.join(os.tmpdir(), 'printomat-e2e-shots');
  await fs.mkdir(dir, { recursive: true });
  return dir;
}
