// Debian packages the product and its tests use, installed through apt-get when missing (as root,
// or through sudo). Shared by the start command (scripts/serve.mjs: the sentence parser), the
// test command (scripts/test.mjs: Chromium's headless shell, PostgreSQL and the parser) and the
// page-weight benchmark (the full Chromium). Its types: debian-packages.d.mts.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

let aptUpdated = false;

/** Installs Debian packages; throws when apt-get (or sudo) fails or is not there. */
export function aptInstall(why, packages, options = {}) {
  const log = options.log ?? console.log;
  log(`=== installing Debian ${packages.join(', ')} ${why}`);
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const apt = (args) =>
    execFileSync(asRoot[0] ?? 'apt-get', asRoot.length ? [...asRoot.slice(1), 'apt-get', ...args] : args, {
      stdio: options.quiet ? 'ignore' : 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (!aptUpdated) apt(['update', '-q']);
  aptUpdated = true;
  apt(['install', '-y', '-q', '--no-install-recommends', ...packages]);
}

/** CMU Link Grammar with its English dictionary (LGPL-2.1): upstream/analysis/link-grammar.ts. */
export const linkGrammarPackages = ['link-grammar', 'link-grammar-dictionaries-en'];
export const linkGrammarInstalled = () => existsSync('/usr/bin/link-parser') && existsSync('/usr/share/link-grammar/en/4.0.dict');

/** Chromium's headless shell, the browser the Playwright tests drive (tests/support/chromium.ts). */
export const headlessShell = { path: '/usr/lib/chromium/chromium-headless-shell', package: 'chromium-headless-shell' };
/** The browser the tests and the icon script drive: CHROMIUM_PATH, or else the headless shell. */
export const testBrowserPath = process.env.CHROMIUM_PATH || headlessShell.path;
/** The full browser, which the page-weight benchmark runs Lighthouse in, as a reader's browser. */
export const fullChromium = { path: '/usr/bin/chromium', package: 'chromium' };
