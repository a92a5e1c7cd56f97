/**
 * The browser the Playwright tests drive, Debian's (Playwright cannot download its own here).
 *
 * The browser tests drive Chromium's headless shell (Debian's chromium-headless-shell, the
 * browser Playwright itself uses for headless runs): the same engine without the full browser's
 * window machinery, at less than half its CPU per test on these 2 cores (the dictionary spec:
 * 260 s of browser CPU in full Chromium, 112 s in the shell). The page-weight benchmark, which
 * measures what a reader's browser does through Lighthouse, keeps the full browser.
 */
export { testBrowserPath } from '../../scripts/debian-packages.mjs';

/** DESIGN section 5: the flags every browser of this project starts with. */
export const chromiumFlags = [
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
