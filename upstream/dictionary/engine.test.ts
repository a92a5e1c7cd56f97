import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translationItem, WORD_NOT_FOUND, type TranslationItem } from '../../lib/contract';
import { bankCases, moneyKey, riverKey } from '../../tests/support/bank-senses';
import { loadTreeParser } from '../language/pipeline';
import { SenseModel } from '../language/senses';
import { cleanTarget, createDictionaryEngine } from './engine';
import { openWordNet } from './wordnet';

const engine = createDictionaryEngine();
const wordnet = openWordNet();

function lookup(sentence: string): TranslationItem[] {
  const m = /^(.*)\[(.*)\](.*)$/s.exec(sentence);
  if (!m) throw new Error('mark the target with [ ]');
  const items = engine.lookup({ pre_context: m[1], target_word: m[2], post_context: m[3] });
  // Every answer is a valid contract result.
  z.array(translationItem).parse(items);
  return items;
}

const firstSense = (sentence: string) => lookup(sentence)[0].gloss[0].sense_id;
const lemmas = (sentence: string) => lookup(sentence).map((i) => i.lemma);
const hasChinese = (s: string | undefined) => /[\u3400-\u9fff]/.test(s ?? '');
const senseKey = /^[a-z0-9_.'/-]+%[1-5]:\d\d:\d\d:[a-z0-9_.'/-]*:(\d\d)?$/;

describe('the dictionary engine', () => {
  it('puts different senses of "bank" first by a river and at a salary', () => {
    const river = firstSense('We sat on the [bank] of the river.');
    const money = firstSense('She deposited her salary at the [bank].');
    expect(river).not.toBe(money);
    expect(river).toBe('bank%1:17:01::');
    expect(money).toBe('bank%1:14:00::');
    const riverGloss = lookup('We sat on the [bank] of the river.')[0].gloss[0];
    expect(riverGloss.simple_sense).toMatch(/岸|堤/);
    expect(lookup('She deposited her salary at the [bank].')[0].gloss[0].simple_sense).toContain('银行');
  });

  it('runs a company and runs to the station in different senses', () => {
    expect(firstSense('He [runs] a company.')).not.toBe(firstSense('I [ran] to the station.'));
  });

  it('gives "leaves" as leaf and leave, in the order the sentence asks for', () => {
    expect(lemmas('The [leaves] fell from the tree.')).toEqual(['leaf', 'leave']);
    expect(lemmas('She [leaves] at noon.')).toEqual(['leave', 'leaf']);
    expect(lookup('She [leaves] at noon.')[0].gloss[0].pos?.label).toMatch(/^v/);
  });

  it('gives "saw" as see and saw, and "better" as good and better', () => {
    expect(lemmas('I [saw] him yesterday.')).toEqual(['see', 'saw']);
    expect(lemmas('He cut the log with a [saw].')[0]).toBe('saw');
    expect(lemmas('This one is [better] than that.').sort()).toEqual(['better', 'good']);
  });

  it('gives "ran" as run with its inflections named in Chinese', () => {
    const items = lookup('I [ran] to the station.');
    expect(items.map((i) => i.lemma)).toEqual(['run']);
    const variants = Object.fromEntries(items[0].variants!.map((v) => [v.name, v.value]));
    expect(variants).toMatchObject({ 过去式: 'ran', 现在分词: 'running', 第三人称单数: 'runs' });
    expect(items[0].key).toBe('run');
    expect(items[0].w_c).toBe(0);
  });

  it('has UK and US IPA for common words', () => {
    for (const word of ['bank', 'run', 'leaf', 'good', 'see', 'water', 'beautiful']) {
      const gloss = lookup(`[${word}]`)[0].gloss[0];
      expect(gloss.phonetic_symbol?.first, word).toMatch(/\S/);
      expect(gloss.phonetic_symbol?.second, word).toMatch(/\S/);
    }
    expect(lookup('[bank]')[0].gloss[0].phonetic_symbol).toEqual({ first: 'bæŋk', second: 'bæŋk' });
  });

  it('gives every sense an English definition, a part of speech, WordNet examples, and Chinese where supported', () => {
    for (const sentence of [
      'We sat on the [bank] of the river.',
      'He [runs] a company.',
      'She [leaves] at noon.',
      'a [good] idea',
    ]) {
      const items = lookup(sentence);
      expect(hasChinese(items[0].gloss[0].simple_sense), sentence).toBe(true);
      for (const item of items) {
        for (const g of item.gloss) {
          // A sense no Chinese rendering is supported for shows its English definition alone.
          expect(g.simple_sense === undefined, `${item.lemma} ${g.sense_id}`).toBe(g.sense.second === undefined);
          if (g.sense.second !== undefined) {
            expect(hasChinese(g.sense.second), `${item.lemma} ${g.sense_id}`).toBe(true);
            expect(hasChinese(g.simple_sense), `${item.lemma} ${g.sense_id}`).toBe(true);
          }
          expect(g.sense.first.length).toBeGreaterThan(1);
          expect(g.pos?.name).toMatch(/[\u4e00-\u9fff]/);
          expect(g.s_c).toBe(0);
        }
      }
    }
    const river = lookup('We sat on the [bank] of the river.')[0].gloss[0];
    expect(river.examples?.map((e) => e.first)).toContain('they pulled the canoe up on the bank');
    expect(river.sense.first).toBe('sloping land (especially the slope beside a body of water)');
  });

  it('identifies senses by WordNet 3.1 sense keys that exist', () => {
    const item = lookup('He [runs] a company.')[0];
    const keys = new Set(wordnet.senses('run').map((s) => s.key));
    const wordnetGlosses = item.gloss.filter((g) => !String(g.sense_id).startsWith('ecdict:'));
    for (const g of wordnetGlosses) {
      expect(g.sense_id).toMatch(senseKey);
      expect(keys.has(String(g.sense_id))).toBe(true);
    }
    // All of them, once each; ECDICT adds only the part of speech WordNet lacks (adj. 熔化的).
    expect(new Set(wordnetGlosses.map((g) => g.sense_id)).size).toBe(keys.size);
    expect(item.gloss.filter((g) => String(g.sense_id).startsWith('ecdict:')).map((g) => g.sense_id)).toEqual([
      'ecdict:run:adj.:1',
    ]);
    expect(lookup('[bank]')[0].gloss.every((g) => senseKey.test(String(g.sense_id)))).toBe(true);
  });

  it('marks the senses of an expression the word is part of, and puts them first', () => {
    const took = lookup('The plane [took] off.')[0];
    expect(took.lemma).toBe('take');
    expect(took.gloss[0].phrase_title).toBe('take off');
    // Without the parse, "depart from the ground" and "leave" are close; with it (role.test.ts)
    // the subject "plane" puts the first first.
    expect(took.gloss.slice(0, 2).map((g) => g.sense_id)).toContain('take_off%2:38:02::');
    expect(took.gloss.some((g) => !g.phrase_title && String(g.sense_id).startsWith('take%'))).toBe(true);

    const look = lookup('I [look] forward to seeing you.')[0];
    // WordNet's look_forward goes first; ECDICT's "look forward to" line is only offered.
    expect(look.gloss[0].phrase_title).toBe('look forward');
    expect(look.gloss[0].sense.second).toMatch(/盼望|期望|期待/);

    // ECDICT's phrase lines are offered after the word's best senses when no parse says more.
    const spite = lookup('[In] spite of the rain, we went out.')[0];
    const offered = spite.gloss.find((g) => g.phrase_title === 'in spite of');
    expect(offered).toMatchObject({ maybe: 'phrase' });
    expect(offered?.sense.second).toContain('不管');
    // Without the parse, ECDICT's phrase is only offered (role.test.ts: with it, it goes first).
    expect(
      lookup('In [spite] of the rain, we went out.')[0]
        .gloss.slice(0, 3)
        .map((g) => g.phrase_title),
    ).toContain('in spite of');

    expect(lookup('We [sat] on the bank of the river.')[0].gloss.some((g) => g.phrase_title)).toBe(false);
  });

  it('answers words WordNet lacks from ECDICT, with stable ids', () => {
    const the = lookup('[The] cat sat on the mat.')[0];
    expect(the.lemma).toBe('the');
    expect(the.gloss[0]).toMatchObject({ pos: { label: 'art.' }, sense_id: 'ecdict:the:art.:1' });
    expect(hasChinese(the.gloss[0].sense.second)).toBe(true);
    const of = lookup('The color [of] the sky.')[0];
    expect(of.gloss[0].pos?.label).toBe('prep.');
    expect(of.gloss[0].sense.first).toMatch(/^In a general sense/);
    // The preposition "in" comes before WordNet's noun "in" (inch, indium) when it is one.
    expect(lookup('She put it [in] the box.')[0].gloss[0].sense_id).toBe('ecdict:in:prep.:1');
  });

  it('answers an unknown word with one not-found gloss', () => {
    const items = lookup('I saw a [qzxv] today.');
    expect(items).toHaveLength(1);
    expect(items[0].lemma).toBe('qzxv');
    expect(items[0].gloss).toHaveLength(1);
    expect(items[0].gloss[0].sense.first).toBe('qzxv');
    expect(items[0].gloss[0].sense.second).toBe(`${WORD_NOT_FOUND}：qzxv`);
  });

  it('never throws, whatever the input', () => {
    const weird = [
      '',
      '   ',
      '😀',
      '银行',
      '...',
      '"',
      'x'.repeat(200),
      'well-known',
      "don't",
      'don’t',
      'Bank',
      'BANK',
      '“bank,”',
      'U.S.',
      '\u0000',
      'constructor',
      '__proto__',
      'a\nb',
      'ｂａｎｋ',
      '-',
      "'s",
    ];
    for (const target_word of weird) {
      const items = engine.lookup({ pre_context: 'He said ', target_word, post_context: ' again.' });
      expect(items.length, JSON.stringify(target_word)).toBeGreaterThan(0);
      z.array(translationItem).parse(items);
    }
    const nasty = engine.lookup({
      pre_context: undefined as never,
      target_word: undefined as never,
      post_context: null as never,
    });
    expect(nasty[0].gloss[0].sense.second).toContain(WORD_NOT_FOUND);
    expect(
      engine.lookup({ pre_context: '😀'.repeat(5000), target_word: 'bank', post_context: '银行'.repeat(5000) })[0].lemma,
    ).toBe('bank');
  });

  it('reads capitals, quotes, hyphens and apostrophes as the word', () => {
    expect(lemmas('[Bank] holidays are nice.')[0]).toBe('bank');
    expect(lemmas('[BANK]')[0]).toBe('bank');
    expect(lemmas('He said “[bank,]” twice.')[0]).toBe('bank');
    expect(lemmas('He is [well-known].')[0]).toBe('well-known');
    expect(lookup('I [don’t] know.')[0].gloss[0].sense.second).not.toContain(WORD_NOT_FOUND);
    expect(cleanTarget('“bank,”')).toBe('bank');
    expect(cleanTarget('U.S.')).toBe('U.S.');
    expect(cleanTarget('ｂａｎｋ')).toBe('bank');
  });

  it('looks up a target that is itself an expression', () => {
    const items = lookup('The plane [took off] at noon.');
    expect(items[0].lemma).toBe('take off');
    expect(items[0].gloss[0].sense_id).toMatch(/^take_off%2/);
  });

  it('looks up a plural compound whole, as its singular', () => {
    const boards = lookup('Several [school boards] in the state voted this week.');
    expect(boards[0].lemma).toBe('school board');
    expect(boards[0].gloss[0].sense_id).toBe('school_board%1:14:00::');
    expect(lookup('The central bank kept [interest rates] unchanged.')[0].lemma).toBe('interest rate');
    expect(lookup('They spent a lot on their [credit cards].')[0].gloss[0].sense_id).toMatch(/^credit_card%1/);
    expect(lookup('[Red blood cells] carry oxygen.')[0].gloss[0].sense_id).toMatch(/^red_blood_cell%1/);
  });

  it('looks up a hyphenated word in the spelling WordNet has', () => {
    expect(lemmas('She bought a [second-hand] bicycle.')[0]).toBe('secondhand');
    expect(lemmas('Two [guinea-pigs] were holding it up.')).toEqual(['guinea pig']);
    expect(lemmas('It was not much larger than a [rat-hole].')).toEqual(['rathole']);
    expect(lemmas('Send me an [e-mail] today.')).toEqual(['e-mail']);
  });

  it('answers a compound neither dictionary has by its head, titled with the compound', () => {
    const story = lookup('The fire started on the top floor of a [three-story] building.');
    expect(story[0].lemma).toBe('story');
    expect(story[0].gloss[0].sense_id).toMatch(/^story%1/);
    expect(story[0].gloss.every((g) => g.phrase_title === 'three-story')).toBe(true);
    expect(story[0].gloss[0].sense.second).not.toContain(WORD_NOT_FOUND);
    expect(lemmas('The [first-term] senator surprised her party.')).toContain('term');
    expect(lemmas('The credit is aimed at [low-income] families.')).toEqual(['income']);
    // ECDICT has "world-famous" whole (Chinese only): it comes first, its head after it.
    const famous = lookup('The [world-famous] pianist will give a concert.');
    expect(famous.map((i) => i.lemma)).toEqual(['world-famous', 'famous']);
    expect(famous[1].gloss[0].phrase_title).toBe('world-famous');
    expect(lemmas('She is a [well-known] writer.')).toEqual(['well-known']);
  });

  it('answers a selection of words that is no expression by its head word', () => {
    const cats = lookup('The [grey cats] slept all day.');
    expect(cats[0].lemma).toBe('cat');
    expect(cats[0].gloss[0].phrase_title).toBe('grey cats');
    expect(lookup('He [ran quickly] home.')[0].lemma).toBe('run');
    expect(lookup('I saw [qzxv wxqz] today.')[0].gloss[0].sense.second).toContain(WORD_NOT_FOUND);
  });

  it('offers a participle under its adjective and its verb, and a gerund under its noun and its verb', () => {
    expect(lemmas('Patients whose hearing is [impaired] must be told.').sort()).toEqual(['impair', 'impaired']);
    expect(lemmas('A [retired] teacher spoke.').sort()).toEqual(['retire', 'retired']);
    expect(lemmas('He stopped [swearing] at the players.').sort()).toEqual(['swear', 'swearing']);
    expect(lemmas('The council approved the [building] of homes.').sort()).toEqual(['build', 'building']);
  });

  it('lists forms and lemmas for counting and annotation', () => {
    expect(engine.formsOf('run').sort()).toEqual(['ran', 'run', 'running', 'runs']);
    expect(engine.formsOf('leaf')).toEqual(expect.arrayContaining(['leaf', 'leaves']));
    expect(engine.lemmasOf('Saw')[0]).toBe('see');
    expect(engine.lemmasOf('leaves').sort()).toEqual(['leaf', 'leave']);
    expect(engine.lemmasOf('ran')).toEqual(['run']);
    expect(engine.lemmasOf('')).toEqual([]);
  });
});

describe('the dictionary engine with the sense model (issue 31)', () => {
  const model = SenseModel.train(bankCases(60), { epochs: 5 });
  const trees = loadTreeParser();
  const withModel = createDictionaryEngine({ senses: () => model });
  const read = (pre: string, word: string, post: string) => {
    const input = { pre_context: pre, target_word: word, post_context: post };
    return withModel.lookup(input, undefined, trees?.parse(withModel.sentenceOf(input).text).words);
  };

  it('shows the sense the model reads in the sentence, with that sense’s synonyms only', () => {
    const [money] = read('She paid money into the ', 'bank', '.');
    expect(money.gloss[0].sense_id).toBe(moneyKey);
    const river = read('We fished from the ', 'bank', ' of the river.')[0];
    expect(river.gloss[0].sense_id).toBe(riverKey);
    // The river bank's synonyms are not the financial institution's.
    expect((river.synonyms ?? []).map((s) => s.word)).not.toContain('banking company');
    expect((money.synonyms ?? []).map((s) => s.word)).toContain('banking company');
  });

  it('marks the two best senses as both possible where the model is not sure', () => {
    model.temperature = 40;
    try {
      const [item] = read('The ', 'bank', ' was quiet.');
      expect(item.gloss[0].maybe).toBe('close');
      expect(item.gloss[1].maybe).toBe('close');
    } finally {
      model.temperature = 1;
    }
    expect(read('She paid money into the ', 'bank', '.')[0].gloss[0].maybe).toBeUndefined();
  });

  it("takes the trained tagger's part of speech, and reads a number as WordNet's adjective", () => {
    // The first tagger reads "curse" after "would" as a noun, "has" as an auxiliary.
    expect(read('John would ', 'curse', ' .')[0].gloss[0].sense_id).toMatch(/^curse%2:/);
    expect(read('Palmer ', 'has', ' such a gift for the game .')[0].gloss[0].sense_id).toMatch(/^have%2:/);
    // "must be stressed" is the verb stress; "a stressed worker" the adjective.
    expect(read('This must be ', 'stressed', ' again .')[0].lemma).toBe('stress');
    const two = read('It took ', 'two', ' years .')[0].gloss[0];
    expect(two.sense_id).toMatch(/^two%[35]:/);
    expect(two.simple_sense).toContain('二');
    // In digits too, with the Chinese of the number in letters (not ECDICT's strays for "xxix").
    const digits = read('It lasted for ', '29', ' minutes .')[0].gloss[0];
    expect(digits.sense_id).toBe('29%5:00:00:cardinal:00');
    expect(digits.sense.second).toBe('二十九');
    expect(read('Call ', '911', ' now .')[0].gloss[0].sense_id).toBeNull();
  });

  it('tells a main verb have from the auxiliary, and a quantifier from a pronoun', () => {
    // The parse is sure "has" is a verb; the trained tagger says whether it is the auxiliary.
    expect(read('He ', 'has', ' a car .')[0].gloss[0].sense_id).toBe('have%2:40:00::');
    expect(read('The graph may ', 'have', ' a finite number of parts .')[0].gloss[0].sense_id).toBe('have%2:40:00::');
    expect(read('She ', 'has', ' gone home .')[0].gloss[0].pos?.label).toBe('aux.');
    // "all" before its noun is WordNet's adjective; "the" has none and keeps ECDICT's article.
    expect(read('Nearly ', 'all', ' students passed the test .')[0].gloss[0].sense_id).toBe('all%3:00:00::');
    expect(read('', 'The', ' plan worked .')[0].gloss[0].pos?.label).toBe('art.');
    // So is one standing for its noun, as SemCor's annotators read it, not ECDICT's pronoun line.
    expect(read('Even ', 'some', ' of the queens will die before the winter is over .')[0].gloss[0].sense_id).toBe(
      'some%3:00:00::',
    );
    // A noun's modifier WordNet has whole as an adjective is that adjective, not ECDICT's noun line.
    expect(read('He loved the ', 'laissez-faire', ' Paris of the twenties .')[0].gloss[0].sense_id).toBe(
      'laissez-faire%5:00:00:capitalistic:00',
    );
    // A verb's particle is WordNet's adverb, not ECDICT's preposition.
    expect(read('If I do not get some whisky ', 'down', ' him he might die .')[0].gloss[0].sense_id).toMatch(/^down%4:/);
  });

  it("shows under a sense only WordNet's examples that use the word", () => {
    for (const item of lookup('The company made a bold [move] last year.')) {
      for (const gloss of item.gloss.filter((g) => String(g.sense_id).startsWith('move%'))) {
        for (const example of gloss.examples ?? [])
          expect(example.first, String(gloss.sense_id)).toMatch(/\bmov(e|es|ed|ing)\b/i);
      }
    }
  });
});
