/** Debian's Chromium, which the browser tests and the benchmarks drive (Playwright cannot download its own here). */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** DESIGN section 5: the flags every browser of this project starts with. */
export const chromiumFlags = [
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
