import { describe, expect, it } from 'vitest';
import { bankCases, money, moneyKey, parsedSentence, river, riverKey } from '../../tests/support/bank-senses';
import { lexicalClasses, SenseModel } from '../language/senses';
import type { ScoredSense } from './rank';
import { applyChoice, BASE_WEIGHT, CONFIDENT, CONTEXT_WEIGHT, chooseSenses, contextWeightOf, treeTarget } from './sense-choice';

const verbKey = 'bank%2:40:00::';

const model = SenseModel.train(bankCases(30), { epochs: 5 });

/** The lemma's senses as the ranker gives them: WordNet's order is sense numbers 1, 2, … */
const scored = (key: string, pos: 'n' | 'v', senseNumber: number, score: number, overlap = 0) =>
  ({
    sense: { key, pos, senseNumber, lemma: 'bank', tagCount: 10 - senseNumber },
    synset: {},
    score,
    parts: { overlap, frame: 0 },
  }) as unknown as ScoredSense;
const flightKey = 'bank%1:04:00::';
const ranked = [
  scored(moneyKey, 'n', 2, 3.1),
  scored(flightKey, 'n', 9, 2, 6),
  scored(riverKey, 'n', 1, 1.4),
  scored(verbKey, 'v', 1, -2),
];

describe('choosing the sense that fits', () => {
  it("orders a part of speech's senses by the model's probability, a sense it never saw as rare", () => {
    const byRiver = chooseSenses('bank', 'n', ranked, model, { words: river, target: 4 }, { contextWeight: 0 });
    expect(byRiver.byModel).toBe(true);
    expect(byRiver.order[0]).toBe(riverKey);
    expect([...byRiver.order].sort()).toEqual([flightKey, moneyKey, riverKey].sort());
    const byMoney = chooseSenses('bank', 'n', ranked, model, { words: money, target: 5 }, { contextWeight: 0 });
    expect(byMoney.order[0]).toBe(moneyKey);
  });

  it("adds the overlap ranker's reading of the sentence at the context weight", () => {
    // The flight sense's definition meets the sentence (overlap 6): enough to lead at weight 1.
    expect(chooseSenses('bank', 'n', ranked, model, { words: money, target: 5 }, { contextWeight: 1 }).order[0]).toBe(flightKey);
    expect(chooseSenses('bank', 'n', ranked, model, { words: money, target: 5 }, { contextWeight: 0 }).order[0]).toBe(moneyKey);
  });

  it("hands the model the words' classes it was trained with", () => {
    // A company and a firm are groups (1:14), a race and a marathon acts (1:04).
    const nounClass: Record<string, string> = { company: '1:14', firm: '1:14', race: '1:04', marathon: '1:04' };
    const classOf = lexicalClasses((lemma) => (nounClass[lemma] ? [{ key: `${lemma}%${nounClass[lemma]}:00::`, pos: 'n' }] : []));
    const ran = (object: string) =>
      parsedSentence(`we/we/PRON/PRP/2/nsubj ran/run/VERB/VBD/0/root the/the/DET/DT/4/det ${object}/${object}/NOUN/NN/2/obj`);
    const operate = 'run%2:41:00::';
    const compete = 'run%2:33:00::';
    const cases = Array.from({ length: 20 }, (_, k) => ({
      lemma: 'run',
      pos: 'v',
      words: ran(k % 2 ? 'company' : 'race'),
      target: 1,
      gold: [k % 2 ? operate : compete],
    }));
    const withClasses = SenseModel.train(cases, { epochs: 5, classOf });
    const senses = [scored(operate, 'v', 1, 1), scored(compete, 'v', 2, 1)];
    // "ran the firm", "ran the marathon": objects never seen, of the classes seen.
    const choose = (object: string, options: { classOf?: typeof classOf }) =>
      chooseSenses('run', 'v', senses, withClasses, { words: ran(object), target: 1 }, { contextWeight: 0, ...options }).order[0];
    expect(choose('firm', { classOf })).toBe(operate);
    expect(choose('marathon', { classOf })).toBe(compete);
    // Without them the model cannot tell the two apart.
    expect(choose('firm', {})).toBe(choose('marathon', {}));
  });

  it('weighs the sentence by part of speech, and more where the model barely knows the lemma', () => {
    const byPos = { v: 0, n: 1 } as const;
    expect(chooseSenses('bank', 'n', ranked, model, { words: money, target: 5 }, { contextWeight: byPos }).order[0]).toBe(
      flightKey,
    );
    expect(contextWeightOf(byPos, 'v', 0.5)).toBe(0);
    // A part of speech left out keeps the base weight.
    expect(contextWeightOf({ v: 0.2 }, 'a', 0.5)).toBe(BASE_WEIGHT);
    // The product reads a verb the model knows with less of the sentence than one it barely knows.
    expect(contextWeightOf(CONTEXT_WEIGHT, 'v', 0.6)).toBeLessThan(contextWeightOf(CONTEXT_WEIGHT, 'v', 0.1));
    expect(contextWeightOf(CONTEXT_WEIGHT, 'v', 0.1)).toBe(contextWeightOf(CONTEXT_WEIGHT, 'n', 0.6));
    // A triple gives its second weight where the best sense's probability is under its third.
    expect(contextWeightOf([0.2, 0.45, 0.15], 'v', 0.5)).toBe(0.2);
    expect(contextWeightOf({ v: [0.2, 0.45, 0.15] }, 'v', 0.1)).toBe(0.45);
    // Sharpened, the model is sure of the money sense and the sentence's small weight leaves it
    // first; flattened, the model barely knows and the flight sense the sentence reads leads.
    model.temperature = 0.2;
    expect(chooseSenses('bank', 'n', ranked, model, { words: money, target: 5 }, { contextWeight: [0, 2, 0.6] }).order[0]).toBe(
      moneyKey,
    );
    model.temperature = 50;
    expect(chooseSenses('bank', 'n', ranked, model, { words: money, target: 5 }, { contextWeight: [0, 2, 0.6] }).order[0]).toBe(
      flightKey,
    );
    model.temperature = 1;
  });

  it("reads WordNet's tag counts without the model or the tree, and is sure of a lone sense", () => {
    const unseen = chooseSenses('bank', 'n', ranked, null, undefined, { contextWeight: 0 });
    expect(unseen).toEqual({ order: [riverKey, moneyKey, flightKey], confident: false, byModel: false });
    // The overlap ranker's reading counts here too.
    expect(chooseSenses('bank', 'n', ranked, null, undefined, { contextWeight: 1 }).order[0]).toBe(flightKey);
    expect(chooseSenses('bank', 'v', ranked, model, { words: river, target: 4 }).confident).toBe(true);
  });

  it("sets WordNet's tag counts aside where asked (the bench's held-out folds)", () => {
    // Sense 2 was tagged five times, sense 1 never: the counts lead, else WordNet's order.
    const counted = [scored(riverKey, 'n', 1, 0), scored(moneyKey, 'n', 2, 0)].map((s, k) => ({
      ...s,
      sense: { ...s.sense, tagCount: k === 0 ? 0 : 5 },
    }));
    expect(chooseSenses('bank', 'n', counted, null, undefined, { contextWeight: 0 }).order[0]).toBe(moneyKey);
    expect(chooseSenses('bank', 'n', counted, null, undefined, { contextWeight: 0, tagCounts: false }).order[0]).toBe(riverKey);
  });

  it('is sure only from the threshold chosen on held-out folds', () => {
    model.temperature = 0.2; // sharpened: the money sense stands out
    expect(chooseSenses('bank', 'n', ranked, model, { words: money, target: 5 }, { contextWeight: 0 }).confident).toBe(true);
    model.temperature = 50; // flattened: no sense stands out
    expect(chooseSenses('bank', 'n', ranked, model, { words: money, target: 5 }, { contextWeight: 0 }).confident).toBe(false);
    model.temperature = 1;
    expect(CONFIDENT).toBeGreaterThan(0.5);
  });

  it("puts the chosen part of speech's senses first, in the choice's order, at the best score", () => {
    const choice = chooseSenses('bank', 'n', ranked, model, { words: river, target: 4 }, { contextWeight: 0 });
    const out = applyChoice(ranked, choice);
    expect(out.map((s) => s.sense.key)).toEqual([...choice.order, verbKey]);
    expect(out[0].score).toBe(3.1);
    expect(out[3].score).toBe(-2);
    // The tree's part of speech may differ from the ranker's: its senses still come first.
    const verb = applyChoice(ranked, chooseSenses('bank', 'v', ranked, model, { words: river, target: 4 }));
    expect(verb[0].sense.key).toBe(verbKey);
    expect(verb[0].score).toBe(3.1);
  });

  it("finds the target among the tree's words by its place in the text", () => {
    const text = 'we fished from the bank of river';
    const at = text.indexOf('bank');
    expect(treeTarget(river, at, at + 4)).toBe(4);
    expect(treeTarget(river, 500, 504)).toBeUndefined();
  });
});
