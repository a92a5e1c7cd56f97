import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const preload = join(import.meta.dirname, '..', 'scripts', 'heap-growth.cjs');
const run = promisify(execFile);

// Loads the preload in a fresh Node with V8's flag setter watched: what it sets, and what V8 says.
// What the setting does to a busy site's memory is measured, not tested (bench/README.md, "Memory
// over mixed use"): the heap V8 keeps depends on how fast its collector runs against the program.
const watched = `
const v8 = require('node:v8');
const set = [];
const original = v8.setFlagsFromString;
v8.setFlagsFromString = (flags) => { set.push(flags); original(flags); };
require(${JSON.stringify(preload)});
process.stdout.write(JSON.stringify(set));
`;

async function flagsSet(growthPercent: string | undefined): Promise<{ set: string[]; stderr: string }> {
  const { SITE_HEAP_GROWTH_PERCENT: _, ...env } = process.env;
  const { stdout, stderr } = await run(process.execPath, ['-e', watched], {
    env: growthPercent === undefined ? env : { ...env, SITE_HEAP_GROWTH_PERCENT: growthPercent },
  });
  return { set: JSON.parse(stdout), stderr };
}

describe('the site heap growth preload (scripts/heap-growth.cjs)', () => {
  it("sets V8's heap growing percent from SITE_HEAP_GROWTH_PERCENT, a flag this Node's V8 knows", async () => {
    // V8 answers an unknown flag with "unrecognized flag" on stderr: a Node whose V8 dropped it fails here.
    expect(await flagsSet('50')).toEqual({ set: ['--heap-growing-percent=50'], stderr: '' });
  });

  it("leaves V8's own factor alone when unset or 0", async () => {
    expect((await flagsSet(undefined)).set).toEqual([]);
    expect((await flagsSet('0')).set).toEqual([]);
  });
});
