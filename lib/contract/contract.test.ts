import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as contract from '@/lib/contract';
import { callList, calls, contentCall, featureTables, matchCall } from '@/lib/contract';

describe('the table of calls', () => {
  it('holds every call of every feature exactly once', () => {
    const fromFeatures = featureTables.flatMap((table) => Object.keys(table));
    expect(new Set(fromFeatures).size).toBe(fromFeatures.length);
    expect(Object.keys(calls).sort()).toEqual([...fromFeatures].sort());
    expect(callList).toHaveLength(fromFeatures.length);
  });

  it('gives the plain paths the player uses without the schemas', () => {
    expect(contract.textAudioPath).toBe(calls.get_text_audio.path);
  });

  it('registers every feature file of calls/', async () => {
    const dir = join(import.meta.dirname, 'calls');
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts');
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const feature = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
      const tables = Object.entries(feature).filter(([name]) => name.endsWith('Calls'));
      expect(
        tables.map(([name]) => name),
        file,
      ).toHaveLength(1);
      const [, table] = tables[0] as [string, Record<string, { name: string }>];
      for (const call of Object.values(table)) expect(calls, `${file}: ${call.name}`).toHaveProperty(call.name, call);
    }
  });

  it('names every call by its key, at a path of its own under /api/', () => {
    for (const [key, call] of Object.entries(calls)) {
      expect(call.name).toBe(key);
      expect(call.path).toBe(`/api/${key}`);
      expect(call.path).toMatch(/^\/api\/[a-z][a-z0-9_]*$/);
    }
    const paths = callList.map((c) => c.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives event schemas to event streams only', () => {
    for (const call of callList) expect(call.events !== undefined, call.name).toBe(call.kind === 'sse');
  });

  it('keeps every name that other modules import from @/lib/contract', () => {
    const names = [
      'CONCAT_PREFIX',
      'LETTER_GAP_SECONDS',
      'MD5_PREFIX',
      'NO_SENSE_CANDIDATE',
      'OTHER_SENSE_ID',
      'REPEAT_GAP_SECONDS',
      'WORD_NOT_FOUND',
      'anyData',
      'audioKeyOf',
      'audioQuery',
      'callList',
      'calls',
      'composeText',
      'contentCall',
      'contentCategories',
      'contentPath',
      'emptyRequest',
      'envelope',
      'errorBody',
      'explanation',
      'gloss',
      'loginToken',
      'lookupEntry',
      'matchCall',
      'okStatus',
      'pageLogin',
      'pair',
      'parseAudioKey',
      'parseComposedText',
      'parseContentPath',
      'payStatus',
      'pkg',
      'quotaStatus',
      'repeatedWord',
      'spanNode',
      'spelledWord',
      'translationItem',
      'userInfo',
      'voices',
      'wordListEntry',
    ];
    for (const name of names) expect(contract, name).toHaveProperty(name);
  });
});

describe('matchCall', () => {
  it('matches one segment to the call of that name and method only', () => {
    expect(matchCall('GET', ['get_env_type'])).toEqual({ call: calls.get_env_type });
    expect(matchCall('POST', ['query_word'])).toEqual({ call: calls.query_word });
    expect(matchCall('GET', ['ask_stream'])).toEqual({ call: calls.ask_stream });
    expect(matchCall('POST', ['get_env_type'])).toBeNull();
    expect(matchCall('GET', ['query_word'])).toBeNull();
    expect(matchCall('POST', ['no_such_call'])).toBeNull();
    expect(matchCall('POST', ['content'])).toBeNull();
  });

  it('matches content paths of known categories, by POST only', () => {
    expect(matchCall('POST', ['cet4', 'unit 1.md'])).toEqual({
      call: contentCall,
      content: { category: 'cet4', filename: 'unit 1.md' },
    });
    expect(matchCall('POST', ['paper', '2020', '英语一'])).toEqual({
      call: contentCall,
      content: { category: 'paper', sub_category: '2020', filename: '英语一' },
    });
    expect(matchCall('GET', ['cet4', 'unit 1.md'])).toBeNull();
    expect(matchCall('POST', ['not_a_category', 'x'])).toBeNull();
    expect(matchCall('POST', ['cet4', '..'])).toBeNull();
    expect(matchCall('POST', ['cet4', 'a', 'b', 'c'])).toBeNull();
    expect(matchCall('POST', [])).toBeNull();
  });
});
