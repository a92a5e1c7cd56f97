import type { LabelledCase } from '../../upstream/language/senses';
import type { UdWord } from '../../upstream/language/ud';

/*
 * Two parsed sentences with "bank" in its two commonest senses, for the sense model's tests and
 * the dictionary's choice of sense built on it.
 */

/** A sentence as "form/lemma/UPOS/XPOS/head/deprel" words, each with its place in the text. */
export function parsedSentence(text: string): UdWord[] {
  let at = 0;
  return text.split(' ').map((item) => {
    const [form, lemma, upos, xpos, head, deprel] = item.split('/');
    const start = at;
    at += form.length + 1;
    return { form, lemma, upos, xpos, head: Number(head), deprel, feats: {}, start, end: start + form.length };
  });
}

/** "we fished from the bank of river": bank is word 4. */
export const river = parsedSentence(
  'we/we/PRON/PRP/2/nsubj fished/fish/VERB/VBD/0/root from/from/ADP/IN/5/case the/the/DET/DT/5/det bank/bank/NOUN/NN/2/obl of/of/ADP/IN/7/case river/river/NOUN/NN/5/nmod',
);
/** "she paid money into the bank": bank is word 5. */
export const money = parsedSentence(
  'she/she/PRON/PRP/2/nsubj paid/pay/VERB/VBD/0/root money/money/NOUN/NN/2/obj into/into/ADP/IN/6/case the/the/DET/DT/6/det bank/bank/NOUN/NN/2/obl',
);
export const riverKey = 'bank%1:17:01::';
export const moneyKey = 'bank%1:14:00::';

/** n labelled cases, one in three by the river, the rest about money. */
export const bankCases = (n: number): LabelledCase[] =>
  Array.from({ length: n }, (_, k) =>
    k % 3 === 0
      ? { lemma: 'bank', pos: 'n', words: river, target: 4, gold: [riverKey] }
      : { lemma: 'bank', pos: 'n', words: money, target: 5, gold: [moneyKey] },
  );
