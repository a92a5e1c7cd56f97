import { describe, expect, it } from 'vitest';
import { bankCases, river } from '../../tests/support/bank-senses';
import { lexicalClasses, SenseModel, type SenseCase } from '../language/senses';
import { buildItem, synonymsOf } from './build-item';
import { createEngineContext, type EngineContext } from './engine-data';
import { phraseGlosses } from './phrase-glosses';
import type { ScoredGloss } from './sense-gloss';
import { tagContext } from './tagger';

const engine = createEngineContext();
const d = engine.open();

/** The item of `lemma` for the marked target ("He [runs] a company."), with what else the lookup hands in. */
function itemOf(
  marked: string,
  lemma: string,
  more: {
    phrase?: ScoredGloss[];
    offered?: ScoredGloss[];
    role?: string;
    compound?: string;
    engine?: EngineContext;
    tree?: Parameters<typeof buildItem>[8];
  } = {},
) {
  const m = /^(.*)\[(.*)\](.*)$/.exec(marked)!;
  const tagged = tagContext(m[1], m[2], m[3]);
  const candidate = d.lemmatizer.candidates(m[2].toLowerCase()).find((c) => c.lemma === lemma)!;
  const features = d.ranker.features(tagged.tokens, tagged.target);
  const compound = more.compound ? new Set(d.wordnet.senses(more.compound).map((s) => `${s.pos}${s.offset}`)) : undefined;
  return buildItem(
    more.engine ?? engine,
    candidate,
    tagged,
    features,
    more.phrase ?? [],
    more.offered ?? [],
    more.role,
    undefined,
    more.tree,
    compound,
  );
}

/** The glosses of "take off" in "The plane took off.", as the lookup hands them in. */
function takeOff(): ScoredGloss[] {
  const tagged = tagContext('The plane ', 'took', ' off.');
  return phraseGlosses(
    { title: 'take off', wordnet: 'take_off' },
    d.ranker.features(tagged.tokens, tagged.target),
    d,
    {},
    'take off',
  );
}

describe('one item of an answer', () => {
  it("has every WordNet sense of the lemma, ECDICT's lines for what WordNet lacks, and the lemma's forms", () => {
    const { item, score } = itemOf('He [runs] a company.', 'run', { role: '谓语动词' });
    const keys = new Set(d.wordnet.senses('run').map((s) => s.key));
    const wordnet = item.gloss.filter((g) => !String(g.sense_id).startsWith('ecdict:'));
    expect(new Set(wordnet.map((g) => g.sense_id))).toEqual(keys);
    expect(item.gloss.filter((g) => String(g.sense_id).startsWith('ecdict:')).map((g) => g.sense_id)).toEqual([
      'ecdict:run:adj.:1',
    ]);
    expect(item).toMatchObject({ lemma: 'run', key: 'run', w_c: 0, role: '谓语动词' });
    expect(Object.fromEntries(item.variants!.map((v) => [v.name, v.value]))).toMatchObject({ 过去式: 'ran' });
    expect(Number.isFinite(score)).toBe(true);
  });

  it('shows no more glosses than the engine allows', () => {
    expect(itemOf('He [runs] a company.', 'run', { engine: createEngineContext({ maxGlosses: 3 }) }).item.gloss).toHaveLength(3);
  });

  it("puts a closed-class line first where the tagger's reading fits it", () => {
    expect(itemOf('[The] cat sat on the mat.', 'the').item.gloss[0].sense_id).toBe('ecdict:the:art.:1');
  });

  it('marks the two best senses as both possible where the choice is not sure', () => {
    const [first, second, third] = itemOf('[bank]', 'bank').item.gloss;
    expect([first.maybe, second.maybe, third.maybe]).toEqual(['close', 'close', undefined]);
  });

  it("hands the sense model the words' classes the engine was given, and none otherwise", () => {
    const model = SenseModel.train(bankCases(6));
    const read: SenseCase['classOf'][] = [];
    const predict = model.predict.bind(model);
    model.predict = (c) => {
      read.push(c.classOf);
      return predict(c);
    };
    const classOf = lexicalClasses((lemma) => d.wordnet.senses(lemma));
    const tree = { words: river, target: 4 };
    itemOf('we fished from the [bank] of river', 'bank', { tree, engine: createEngineContext({ senses: () => model, classOf }) });
    itemOf('we fished from the [bank] of river', 'bank', { tree, engine: createEngineContext({ senses: () => model }) });
    expect(read).toEqual([classOf, undefined]);
  });

  it('puts the sense the compound around the word means first, as sure', () => {
    const [first, second] = itemOf('He gave a good sales [pitch].', 'pitch', { compound: 'sales_pitch' }).item.gloss;
    expect(first.sense_id).toBe('pitch%1:10:00::');
    expect([first.maybe, second.maybe]).toEqual([undefined, undefined]);
  });

  it("puts an expression the sentence uses first, the word's best sense after it, both possible", () => {
    const [first, second, third] = itemOf('The plane [took] off.', 'take', { phrase: takeOff() }).item.gloss;
    expect(first).toMatchObject({ phrase_title: 'take off', maybe: 'close' });
    expect(second.phrase_title).toBeUndefined();
    expect(second.maybe).toBe('close');
    expect(third.phrase_title).toBe('take off');
  });

  it("offers an expression the words may form after the word's two best senses", () => {
    const offered = takeOff()
      .slice(0, 2)
      .map((g) => ({ ...g, gloss: { ...g.gloss, maybe: 'phrase' as const } }));
    const glosses = itemOf('The plane [took] off.', 'take', { offered }).item.gloss;
    expect(glosses.slice(0, 2).map((g) => g.phrase_title)).toEqual([undefined, undefined]);
    expect(glosses.slice(2, 4).map((g) => [g.phrase_title, g.maybe])).toEqual([
      ['take off', 'phrase'],
      ['take off', 'phrase'],
    ]);
  });
});

describe('the synonyms of the sense shown first', () => {
  it('are the words of its synset that ECDICT gives Chinese for, the lemma left out', () => {
    const money = d.wordnet.senses('bank').filter((s) => s.key === 'bank%1:14:00::');
    const tagged = tagContext('', 'bank', '');
    const ranked = d.ranker.rank(money, d.ranker.features(tagged.tokens, tagged.target));
    const synonyms = synonymsOf('bank', ranked, d);
    expect(synonyms.map((s) => s.word)).toContain('banking company');
    expect(synonyms.map((s) => s.word)).not.toContain('bank');
    for (const s of synonyms) expect(s.etymology).toMatch(/[\u4e00-\u9fff]/);
    expect(synonymsOf('bank', [], d)).toEqual([]);
  });
});
