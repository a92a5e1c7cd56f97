// The types of debian-packages.mjs, for the TypeScript that uses it (tests/support/chromium.ts,
// bench/page-weight.ts).

export function aptInstall(why: string, packages: string[], options?: { log?: (line: string) => void; quiet?: boolean }): void;
export const linkGrammarPackages: string[];
export function linkGrammarInstalled(): boolean;
/** A browser as Debian ships it: where it lies, and the package that puts it there. */
export interface DebianBrowser {
  path: string;
  package: string;
}
export const headlessShell: DebianBrowser;
export const fullChromium: DebianBrowser;
export const testBrowserPath: string;
