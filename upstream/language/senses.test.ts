import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bankCases as cases, money, moneyKey, parsedSentence, river, riverKey } from '../../tests/support/bank-senses';
import {
  constructionTag,
  lazySenseModel,
  lexicalClasses,
  MODIFIER_TAG,
  NOMINAL_TAG,
  PASSIVE_TAG,
  passiveParticiple,
  SenseModel,
  senseFeatures,
} from './senses';

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

  it("reads the classes of a verb's head and dependents where it is given them", () => {
    const classOf = lexicalClasses((lemma) =>
      lemma === 'fish' ? [{ key: 'fish%2:38:00::', pos: 'v' }] : lemma === 'river' ? [{ key: 'river%1:17:00::', pos: 'n' }] : [],
    );
    // "fished from the bank of the river", read as if "bank" were the verb whose senses are chosen.
    const classes = (lemma: string, pos: string) =>
      senseFeatures({ lemma, pos, words: river, target: 4, classOf }).filter((x) => /^(head|dep)c=/.test(x));
    expect(classes('bank', 'v')).toEqual(['headc=obl:2:38', 'depc=nmod:of:1:17']);
    expect(senseFeatures({ lemma: 'bank', pos: 'v', words: river, target: 4 }).some((x) => x.includes('c='))).toBe(false);
    // A noun, an adjective and "be" read their words alone.
    expect(classes('bank', 'n')).toEqual([]);
    expect(classes('bank', 'a')).toEqual([]);
    expect(classes('be', 'v')).toEqual([]);
    // A name WordNet lacks is a name; a word of no open class has none.
    expect(classOf('Dorsey', 'PROPN')).toBe('name');
    expect(classOf('Dorsey', 'NOUN')).toBeUndefined();
    expect(classOf('the', 'DET')).toBeUndefined();
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

  it('averaged, depends less on the order the cases came in', () => {
    // The same sentence read both ways by the annotators, two times in three by the river: the last
    // weights of SGD lean toward whichever reading came last, their average does not.
    const c = { lemma: 'bank', pos: 'n', words: river, target: 4 };
    const mixed = Array.from({ length: 30 }, (_, k) => ({ ...c, gold: [k % 3 === 0 ? moneyKey : riverKey] }));
    const spread = (average: boolean) => {
      const p = [1, 2, 3, 4, 5, 6].map(
        (seed) =>
          SenseModel.train(mixed, { epochs: 4, seed, average })
            .predict(c)
            ?.find((x) => x.sense === riverKey)?.p ?? 0,
      );
      return { least: Math.min(...p), spread: Math.max(...p) - Math.min(...p) };
    };
    const last = spread(false);
    const averaged = spread(true);
    expect(averaged.least).toBeGreaterThan(0.5);
    expect(averaged.spread).toBeLessThan(last.spread / 2);
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

  it('keeps how the annotators read each form with its tag, by the tag or else its coarse class, and reads it back', () => {
    const later = parsedSentence('later/late/ADJ/JJR/2/amod works/work/NOUN/NNS/0/root');
    const adjective = { lemma: 'later', pos: 'a', words: later, target: 0, gold: ['later%5:00:00:subsequent:00'] };
    const comparative = { lemma: 'late', pos: 'a', words: later, target: 0, gold: ['late%3:00:00::'] };
    const model = SenseModel.train([adjective, adjective, adjective, comparative, ...cases(2)]);
    expect(model.readingsOf('Later', 'JJR')).toEqual([
      { lemma: 'later', pos: 'a', count: 3 },
      { lemma: 'late', pos: 'a', count: 1 },
    ]);
    // Never seen as JJ: the readings of every JJ* tag stand in.
    expect(model.readingsOf('later', 'JJ')[0]).toEqual({ lemma: 'later', pos: 'a', count: 3 });
    // Too few cases say nothing.
    expect(model.readingsOf('bank', 'NN')).toEqual([]);
    expect(model.readingsOf('bank', 'NN', 1)).toEqual([{ lemma: 'bank', pos: 'n', count: 2 }]);
    expect(SenseModel.parse(model.serialize()).readingsOf('later', 'JJ')[0]).toEqual({ lemma: 'later', pos: 'a', count: 3 });
  });

  it('keeps apart how the annotators read a participle the parser found passive', () => {
    const passive = parsedSentence('it/it/PRON/PRP/3/nsubj:pass was/be/AUX/VBD/3/aux:pass renewed/renew/VERB/VBN/0/root');
    const active = parsedSentence(
      'they/they/PRON/PRP/3/nsubj have/have/AUX/VBP/3/aux renewed/renew/VERB/VBN/0/root it/it/PRON/PRP/3/obj',
    );
    const verb = { lemma: 'renew', pos: 'v', words: passive, target: 2, gold: ['renew%2:36:00::'] };
    const adjective = { lemma: 'renewed', pos: 'a', words: passive, target: 2, gold: ['renewed%5:00:00:revived:00'] };
    const perfect = { lemma: 'renew', pos: 'v', words: active, target: 2, gold: ['renew%2:36:00::'] };
    const model = SenseModel.train([verb, verb, adjective, perfect, perfect, ...cases(2)]);
    expect(model.readingsOf('renewed', PASSIVE_TAG)).toEqual([
      { lemma: 'renew', pos: 'v', count: 2 },
      { lemma: 'renewed', pos: 'a', count: 1 },
    ]);
    expect(model.readingsOf('renewed', 'VBN')[0]).toEqual({ lemma: 'renew', pos: 'v', count: 4 });
    expect(passiveParticiple(passive, 2)).toBe(true);
    expect(passiveParticiple(active, 2)).toBe(false);
    const copy = SenseModel.parse(model.serialize());
    expect(copy.readingsOf('renewed', PASSIVE_TAG)).toEqual(model.readingsOf('renewed', PASSIVE_TAG));
  });

  it("keeps apart how the annotators read a noun's modifier and an adjective standing for its noun", () => {
    const modifier = parsedSentence('the/the/DET/DT/3/det west/west/NOUN/NN/3/compound harbor/harbor/NOUN/NN/0/root');
    const alone = parsedSentence('to/to/ADP/IN/3/case the/the/DET/DT/3/det west/west/NOUN/NN/0/root');
    const subject = parsedSentence('the/the/DET/DT/2/det latter/latter/ADJ/JJ/3/nsubj plays/play/VERB/VBZ/0/root');
    const before = parsedSentence('the/the/DET/DT/3/det latter/latter/ADJ/JJ/3/amod part/part/NOUN/NN/0/root');
    const adjective = { lemma: 'west', pos: 'a', words: modifier, target: 1, gold: ['west%3:00:00::'] };
    const noun = { lemma: 'west', pos: 'n', words: alone, target: 2, gold: ['west%1:15:00::'] };
    const latter = { lemma: 'latter', pos: 'a', words: subject, target: 1, gold: ['latter%3:00:00::'] };
    const model = SenseModel.train([adjective, noun, noun, latter, ...cases(2)]);
    expect(constructionTag(modifier, 1)).toBe(MODIFIER_TAG);
    expect(constructionTag(alone, 2)).toBeUndefined();
    expect(constructionTag(subject, 1)).toBe(NOMINAL_TAG);
    expect(constructionTag(before, 1)).toBeUndefined();
    // The head noun of the phrase is no modifier.
    expect(constructionTag(modifier, 2)).toBeUndefined();
    expect(model.readingsOf('west', MODIFIER_TAG, 1)).toEqual([{ lemma: 'west', pos: 'a', count: 1 }]);
    expect(model.readingsOf('west', 'NN', 1)).toEqual([
      { lemma: 'west', pos: 'n', count: 2 },
      { lemma: 'west', pos: 'a', count: 1 },
    ]);
    expect(model.readingsOf('latter', NOMINAL_TAG, 1)).toEqual([{ lemma: 'latter', pos: 'a', count: 1 }]);
    // Kept in the model's file, and never summed into a coarse tag.
    const copy = SenseModel.parse(model.serialize());
    expect(copy.readingsOf('west', MODIFIER_TAG, 1)).toEqual(model.readingsOf('west', MODIFIER_TAG, 1));
    expect(copy.readingsOf('west', '~MO', 1)).toEqual([]);
  });

  it('draws a lemma seen a few times toward its training counts, one seen often hardly at all', () => {
    // Three sentences: the river once, the money twice.
    const few = SenseModel.train(cases(3), { epochs: 5 });
    const c = { lemma: 'bank', pos: 'n', words: river, target: 4 };
    expect(few.inventory.get(SenseModel.key('bank', 'n'))?.counts).toEqual([2, 1]);
    few.prior = 0;
    expect(few.predict(c)?.[0].sense).toBe(riverKey);
    few.prior = 30;
    expect(few.predict(c)?.[0].sense).toBe(moneyKey);
    const many = SenseModel.train(cases(300), { epochs: 5 });
    const alone = many.predict(c)?.[0].p ?? 0;
    many.prior = 0;
    expect(many.predict(c)?.[0].p ?? 0).toBeCloseTo(alone, 1);
    // Counts are written with the senses and read back.
    expect(SenseModel.parse(few.serialize()).inventory.get(SenseModel.key('bank', 'n'))?.counts).toEqual([2, 1]);
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
