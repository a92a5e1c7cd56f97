import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { turnsDuring } from '../../tests/support/event-turns';
import { glossKey, openCedict } from './cedict';

describe('CC-CEDICT', () => {
  it('compares glosses without brackets, "to", articles or placeholders', () => {
    expect(glossKey('(of an aircraft or rocket) to take off')).toBe('take off');
    expect(glossKey('to look after sb')).toBe('look after');
    expect(glossKey('a Piggy Bank')).toBe('piggy bank');
  });

  it('reads the glosses of a headword and the headwords of a gloss from the package data', () => {
    const cedict = openCedict();
    expect(cedict.available()).toBe(true);
    expect(cedict.glosses('起飞')).toContain('to lift off');
    expect(cedict.headwordsFor('piggy bank')).toContain('扑满');
    expect(cedict.glosses('银行关注')).toEqual([]);
  });

  it('can read the package data between events, answering as a read at once does', async () => {
    const cedict = openCedict();
    // The file has about 120,000 entries, read 5,000 at a time.
    expect(await turnsDuring(() => cedict.loadSoon())).toBeGreaterThan(10);
    expect(cedict.glosses('起飞')).toEqual(openCedict().glosses('起飞'));
    expect(cedict.headwordsFor('piggy bank')).toContain('扑满');
  });

  it('answers a question asked while it reads between events, and stops that reading', async () => {
    const cedict = openCedict();
    const soon = cedict.loadSoon();
    expect(cedict.glosses('起飞')).toContain('to lift off');
    expect(await turnsDuring(() => soon)).toBeLessThan(3);
  });

  it('reads entries of nested glosses and leaves out cross-references', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cedict-'));
    const file = join(dir, 'all.js');
    const all = [
      ['堤', '堤', 'di1', [['dike', 'Taiwan pr. [ti2]'], 'variant of 堤[di1]'], [], []],
      ['岸', '岸', 'an4', 'bank; shore; beach; coast', [], []],
      ['隄', '堤', 'di1', 'variant of 堤[di1]', [], []],
    ];
    writeFileSync(file, `export default {"all":${JSON.stringify(all)},"variantLookup":{}}`);
    const cedict = openCedict(file);
    expect(cedict.glosses('堤')).toEqual(['dike', 'Taiwan pr. [ti2]']);
    expect(cedict.glosses('岸')).toEqual(['bank', 'shore', 'beach', 'coast']);
    expect(cedict.headwordsFor('shore')).toEqual(['岸']);
    expect(cedict.headwordsFor('variant of 堤')).toEqual([]);
  });

  it('answers nothing without its data file', () => {
    const cedict = openCedict(null);
    expect(cedict.available()).toBe(false);
    expect(cedict.glosses('岸')).toEqual([]);
  });
});
