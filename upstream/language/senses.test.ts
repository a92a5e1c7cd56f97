import { describe, expect, it } from 'vitest';
import { type LabelledCase, SenseModel, senseFeatures } from './senses';
import type { UdWord } from './ud';

/** A sentence as "form/lemma/UPOS/XPOS/head/deprel" words. */
function sentence(text: string): UdWord[] {
  return text.split(' ').map((item) => {
    const [form, lemma, upos, xpos, head, deprel] = item.split('/');
    return { form, lemma, upos, xpos, head: Number(head), deprel, feats: {} };
  });
}

const river = sentence(
  'we/we/PRON/PRP/2/nsubj fished/fish/VERB/VBD/0/root from/from/ADP/IN/5/case the/the/DET/DT/5/det bank/bank/NOUN/NN/2/obl of/of/ADP/IN/7/case river/river/NOUN/NN/5/nmod',
);
const money = sentence(
  'she/she/PRON/PRP/2/nsubj paid/pay/VERB/VBD/0/root money/money/NOUN/NN/2/obj into/into/ADP/IN/6/case the/the/DET/DT/6/det bank/bank/NOUN/NN/2/obl',
);
const riverKey = 'bank%1:17:01::';
const moneyKey = 'bank%1:14:00::';

const cases = (n: number): LabelledCase[] =>
  Array.from({ length: n }, (_, k) =>
    k % 3 === 0
      ? { lemma: 'bank', pos: 'n', words: river, target: 4, gold: [riverKey] }
      : { lemma: 'bank', pos: 'n', words: money, target: 5, gold: [moneyKey] },
  );

describe('the sense model', () => {
  it('reads the words around the target, the sentence, and the tree', () => {
    const f = senseFeatures({ lemma: 'bank', pos: 'n', words: river, target: 4 });
    expect(f).toContain('w-1=the');
    expect(f).toContain('w+1=of');
    expect(f).toContain('bag=river');
    expect(f).toContain('head=obl:fish');
    expect(f).toContain('dep=nmod:of:river');
    expect(f).not.toContain('bag=bank');
  });

  it('learns which sense each context takes, with probabilities that sum to one', () => {
    const model = SenseModel.train(cases(30), { epochs: 5 });
    // The more frequent sense comes first in the inventory.
    expect(model.inventory.get(SenseModel.key('bank', 'n'))?.senses).toEqual([moneyKey, riverKey]);
    const byRiver = model.predict({ lemma: 'bank', pos: 'n', words: river, target: 4 });
    const byMoney = model.predict({ lemma: 'bank', pos: 'n', words: money, target: 5 });
    expect(byRiver?.[0].sense).toBe(riverKey);
    expect(byMoney?.[0].sense).toBe(moneyKey);
    expect((byRiver ?? []).reduce((sum, s) => sum + s.p, 0)).toBeCloseTo(1, 9);
  });

  it('is sure of a lemma with one sense, and knows nothing of a lemma it never saw', () => {
    const model = SenseModel.train([{ lemma: 'river', pos: 'n', words: river, target: 6, gold: ['river%1:17:00::'] }]);
    expect(model.predict({ lemma: 'river', pos: 'n', words: river, target: 6 })).toEqual([{ sense: 'river%1:17:00::', p: 1 }]);
    expect(model.predict({ lemma: 'bank', pos: 'n', words: river, target: 4 })).toBeNull();
  });

  it('reads back what it wrote, temperature included', () => {
    const model = SenseModel.train(cases(30), { epochs: 5 });
    model.temperature = 2;
    const copy = SenseModel.parse(`# Trained by a test\n# with its licence\n${model.serialize(6)}`);
    const c = { lemma: 'bank', pos: 'n', words: river, target: 4 };
    expect(copy.temperature).toBe(2);
    expect(copy.inventory).toEqual(model.inventory);
    expect(copy.predict(c)?.[0].p).toBeCloseTo(model.predict(c)?.[0].p ?? 0, 4);
    expect(() => SenseModel.parse('not a model')).toThrow(/not a sense model/);
    expect(() => SenseModel.parse('# senses\t1\nX\ty')).toThrow(/bad line/);
  });

  it('spreads its probability further at a higher temperature', () => {
    const model = SenseModel.train(cases(30), { epochs: 5 });
    const sure = model.predict({ lemma: 'bank', pos: 'n', words: river, target: 4 })?.[0].p ?? 0;
    model.temperature = 4;
    const unsure = model.predict({ lemma: 'bank', pos: 'n', words: river, target: 4 })?.[0].p ?? 0;
    expect(unsure).toBeLessThan(sure);
    expect(unsure).toBeGreaterThan(0.5);
  });
});
