import { describe, expect, it } from 'vitest';
import { bankCases, money, moneyKey, river, riverKey } from '../../tests/support/bank-senses';
import { SenseModel } from '../language/senses';
import { createEngineContext } from './engine-data';
import { sureSense } from './sure-sense';

const model = SenseModel.train(bankCases(60), { epochs: 5 });
const engine = createEngineContext({ senses: () => model });
const byRiver = { pre_context: 'we fished from the ', target_word: 'bank', post_context: ' of river' };
const byMoney = { pre_context: 'she paid money into the ', target_word: 'bank', post_context: '' };

describe('the sense a lemma surely has in a sentence', () => {
  it("is the sense model's answer over the trained parser's words", () => {
    expect(sureSense(engine, byRiver, 'bank', river)).toBe(riverKey);
    expect(sureSense(engine, byMoney, 'bank', money)).toBe(moneyKey);
  });

  it("is WordNet's commonest sense without the words only where it stands out", () => {
    expect(sureSense(engine, byMoney, 'bank')).toBeUndefined();
    const lone = { pre_context: 'a ', target_word: 'photosynthesis', post_context: ' study' };
    expect(sureSense(createEngineContext(), lone, 'photosynthesis')).toBe('photosynthesis%1:22:00::');
  });

  it('is nothing for a lemma WordNet lacks', () => {
    expect(sureSense(engine, byMoney, 'qzxv', money)).toBeUndefined();
  });
});
