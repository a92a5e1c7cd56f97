import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/*
 * The layers of the tree and what each may import (DESIGN.md, README "What is where"). The
 * upstream and the contract are read by three sides (the upstream process, the BFF on the
 * server, the browser), so they import only each other's contract and the declared pure helpers;
 * the BFF never reaches into browser code, and components never fetch from the BFF or the
 * upstream themselves (a page in app/ does, and hands them what it read).
 *
 * `npm run lint:layers` prints the violations; tests/layers.test.ts fails on any, and shows that
 * an added one is caught. Tests, benches and scripts may cross layers (a client test may build
 * the upstream's header to parse it); product code may not.
 */

/** Folders of pure, dependency-free code that every layer may import. */
export const pureHelpers = ['lib/text', 'lib/net', 'lib/env'] as const;

interface Layer {
  /** The folder (or file) whose product code the rule governs. */
  folder: string;
  /** Folders it may import from the tree; anything else of the tree is refused. */
  onlyFrom?: readonly string[];
  /** Folders it may never import. */
  never?: readonly string[];
  why: string;
}

export const layers: readonly Layer[] = [
  {
    folder: 'upstream',
    onlyFrom: ['upstream', 'lib/contract', ...pureHelpers],
    why: 'the upstream is a service of its own: it reads the contract and the pure helpers, never the site',
  },
  {
    folder: 'lib/contract',
    onlyFrom: ['lib/contract', ...pureHelpers],
    why: 'the contract is read by the upstream, the BFF and the browser: it depends on nothing of theirs',
  },
  ...pureHelpers.map((folder) => ({
    folder,
    onlyFrom: pureHelpers,
    why: 'a pure helper imports only other pure helpers, so that every layer may load it',
  })),
  {
    folder: 'lib/bff',
    never: ['lib/client', 'components', 'app', 'upstream'],
    why: 'the BFF runs on the server and speaks to the upstream over HTTP: no browser code, no screens',
  },
  {
    folder: 'lib/client',
    never: ['lib/bff', 'components', 'app', 'upstream'],
    why: 'browser code reaches the server through /api only',
  },
  {
    folder: 'components',
    never: ['lib/bff', 'upstream', 'app'],
    why: 'components render what a page in app/ read; they never fetch from the BFF or the upstream themselves',
  },
  {
    folder: 'lib',
    never: ['components', 'app', 'upstream'],
    why: 'lib/ holds the site’s logic below its screens and pages',
  },
];

const sourceFile = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
/** Tests and the upstream's test harness (which starts PostgreSQL for them) may cross layers. */
const testFile = /\.test\.tsx?$|(^|\/)test-harness\.ts$/;

export interface Violation {
  file: string;
  imports: string;
  target: string;
  why: string;
}

/** The folder path (relative, '/'-separated) an import of `file` names, or null for a package. */
function importTarget(root: string, file: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (!specifier.startsWith('.')) return null;
  return relative(root, resolve(root, dirname(file), specifier))
    .split(sep)
    .join('/');
}

const within = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

/** The layer that governs a file: the most specific folder that holds it. */
function layerOf(file: string): Layer | undefined {
  return layers.filter((layer) => within(file, layer.folder)).sort((a, b) => b.folder.length - a.folder.length)[0];
}

/** The module specifiers a source imports, re-exports, requires or loads lazily. */
export function importsOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

/** The violations among `files` (relative path → source). */
export function layerViolations(root: string, files: ReadonlyMap<string, string>): Violation[] {
  const out: Violation[] = [];
  for (const [file, source] of files) {
    if (testFile.test(file)) continue;
    const layer = layerOf(file);
    if (!layer) continue;
    for (const specifier of importsOf(source)) {
      const target = importTarget(root, file, specifier);
      if (target === null || target.startsWith('..')) continue;
      const refused = layer.onlyFrom
        ? !layer.onlyFrom.some((folder) => within(target, folder))
        : layer.never?.some((folder) => within(target, folder));
      if (refused) out.push({ file, imports: specifier, target, why: layer.why });
    }
  }
  return out;
}

/** The product sources of the tree under the governed folders. */
export function readTree(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else if (sourceFile.test(entry.name)) files.set(path, readFileSync(join(root, path), 'utf8'));
    }
  };
  for (const top of ['upstream', 'lib', 'components']) walk(top);
  return files;
}

export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = readTree(repositoryRoot);
  const violations = layerViolations(repositoryRoot, files);
  console.log(`layers: ${files.size} files read, ${violations.length} violation(s)`);
  for (const v of violations) console.log(`  ${v.file} imports ${v.imports}: ${v.why}`);
  process.exitCode = violations.length ? 1 : 0;
}
