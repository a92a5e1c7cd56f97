import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type LabelledCase, lazySenseModel, SenseModel, senseClass, senseFeatures } from './senses';
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
    // The licence's blank lines are written as a bare "#".
    const copy = SenseModel.parse(`# Trained by a test\n# with its licence\n#\n# and its notice\n${model.serialize(6)}`);
    const c = { lemma: 'bank', pos: 'n', words: river, target: 4 };
    expect(copy.temperature).toBe(2);
    expect(copy.inventory).toEqual(model.inventory);
    expect(copy.predict(c)?.[0].p).toBeCloseTo(model.predict(c)?.[0].p ?? 0, 4);
    expect(() => SenseModel.parse('not a model')).toThrow(/not a sense model/);
    expect(() => SenseModel.parse('# senses\t1\nX\ty')).toThrow(/bad line/);
  });

  it("teaches a rare lemma what another lemma's senses of the same class were seen with", () => {
    // "side" seen once in each of two senses, in a sentence that says nothing; "bank" often.
    const plain = sentence('the/the/DET/DT/2/det side/side/NOUN/NN/0/root');
    const side = (gold: string): LabelledCase => ({ lemma: 'side', pos: 'n', words: plain, target: 1, gold: [gold] });
    const model = SenseModel.train([...cases(60), side('side%1:17:00::'), side('side%1:14:00::')], { epochs: 6 });
    // "side" by the river: the noun.object sense (1:17), as the river bank was.
    const nearRiver = river.map((w) => (w.form === 'bank' ? { ...w, form: 'side', lemma: 'side' } : w));
    const ranked = model.predict({ lemma: 'side', pos: 'n', words: nearRiver, target: 4 });
    expect(ranked?.[0].sense).toBe('side%1:17:00::');
    expect(senseClass('bank%1:17:01::')).toBe('1:17');
    expect(senseClass('able%5:00:00:capable:00')).toBe('3:00');
  });

  it('spreads its probability further at a higher temperature', () => {
    const model = SenseModel.train(cases(30), { epochs: 5 });
    const sure = model.predict({ lemma: 'bank', pos: 'n', words: river, target: 4 })?.[0].p ?? 0;
    model.temperature = 4;
    const unsure = model.predict({ lemma: 'bank', pos: 'n', words: river, target: 4 })?.[0].p ?? 0;
    expect(unsure).toBeLessThan(sure);
    expect(unsure).toBeGreaterThan(0.5);
  });

  it('is read from its file when first asked for, or between events, and missing or broken leaves none', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'senses-'));
    const file = path.join(dir, 'senses.txt.br');
    const log: string[] = [];
    expect(lazySenseModel(file, (line) => log.push(line))).toBeNull();
    expect(log.join()).toMatch(/no .*senses\.txt\.br/);

    const model = SenseModel.train(cases(30), { epochs: 5 });
    writeFileSync(file, brotliCompressSync(model.serialize(6)));
    const c = { lemma: 'bank', pos: 'n', words: river, target: 4 };
    const atOnce = lazySenseModel(file);
    expect(atOnce?.get()?.predict(c)?.[0].p).toBeCloseTo(model.predict(c)?.[0].p ?? 0, 4);
    const soon = lazySenseModel(file);
    expect(soon?.made).toBeUndefined();
    await soon?.loadSoon();
    expect(soon?.made?.predict(c)?.[0].sense).toBe(riverKey);

    writeFileSync(file, brotliCompressSync('# senses\t1\nX\tbroken'));
    const broken = lazySenseModel(file, (line) => log.push(line));
    expect(broken?.get()).toBeNull();
    expect(log.at(-1)).toMatch(/unreadable \(sense model: bad line/);
  });
});
