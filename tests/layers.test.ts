import { describe, expect, it } from 'vitest';
import { importsOf, layerViolations, readTree, repositoryRoot } from '../scripts/layers';

describe('the layers of the tree (scripts/layers.ts)', () => {
  it('hold: no product file imports across a rule', () => {
    const violations = layerViolations(repositoryRoot, readTree(repositoryRoot));
    expect(violations.map((v) => `${v.file} imports ${v.imports}: ${v.why}`)).toEqual([]);
  });

  it('catch an added violation, whatever way the import is written', () => {
    const files = new Map(readTree(repositoryRoot));
    files.set('upstream/courses/added.ts', "import { menus } from '../../lib/routes/menus';\nexport const m = menus;\n");
    files.set('lib/contract/added.ts', "export type { CurrentUser } from '@/lib/client/user';\n");
    files.set('lib/bff/added.ts', "const lazy = () => import('@/lib/client/api');\nexport { lazy };\n");
    files.set(
      'components/reading/added.tsx',
      "import { currentUser } from '@/lib/bff/current-user';\nexport const c = currentUser;\n",
    );
    files.set('lib/text/added.ts', "import { calls } from '../contract';\nexport { calls };\n");
    const found = layerViolations(repositoryRoot, files).map((v) => `${v.file} → ${v.target}`);
    expect(found).toEqual([
      'upstream/courses/added.ts → lib/routes/menus',
      'lib/contract/added.ts → lib/client/user',
      'lib/bff/added.ts → lib/client/api',
      'components/reading/added.tsx → lib/bff/current-user',
      'lib/text/added.ts → lib/contract',
    ]);
  });

  it('let tests cross layers, and packages through', () => {
    const files = new Map([
      ['upstream/courses/x.test.ts', "import { menus } from '../../lib/routes/menus';"],
      [
        'upstream/courses/y.ts',
        "import { z } from 'zod';\nimport { calls } from '../../lib/contract';\nimport { splitSentences } from '../../lib/text/sentences';",
      ],
    ]);
    expect(layerViolations(repositoryRoot, files)).toEqual([]);
  });

  it('read imports, re-exports and lazy imports, not words in comments', () => {
    expect(importsOf("// import x from 'a';\nimport b from 'b';\nexport * from './c';\nconst d = import('d');")).toEqual([
      'b',
      './c',
      'd',
    ]);
  });
});
