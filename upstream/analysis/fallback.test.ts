import { describe, expect, it } from 'vitest';
import { approximateStructure } from './fallback';
import { checkInvariants, findAll, headsOf } from './structure-test-support';

const labels = (sentence: string) => findAll(approximateStructure(sentence).spans, () => true).map((n) => n.label);

describe('approximateStructure', () => {
  it('finds the subject, the verb group and the object', () => {
    const s = approximateStructure('The young teacher has given the students a difficult test.');
    expect(s.spans.map((n) => n.label)).toEqual(['主句']);
    expect(headsOf(s.words, s.spans, '主语')).toEqual(['teacher']);
    expect(headsOf(s.words, s.spans, '谓语')).toEqual(['given']);
    expect(headsOf(s.words, s.spans, '间接宾语')).toEqual(['students']);
    expect(headsOf(s.words, s.spans, '宾语')).toEqual(['test']);
  });

  it('reads a copula complement and prepositional phrases', () => {
    const s = approximateStructure('The weather in Beijing is very cold in winter.');
    expect(headsOf(s.words, s.spans, '表语')).toEqual(['cold']);
    expect(headsOf(s.words, s.spans, '状语')).toContain('in');
  });

  it('nests relative, noun and adverbial clauses', () => {
    expect(labels('The book that you lent me was so interesting that I finished it in one night.')).toEqual(
      expect.arrayContaining(['定语从句', '结果状语从句']),
    );
    expect(labels('I think that he is right.')).toContain('宾语从句');
    expect(labels('He left because he was tired.')).toContain('原因状语从句');
    expect(labels('If it rains tomorrow, we will stay at home.')).toContain('条件状语从句');
    expect(labels('Although it was raining, we went out.')).toContain('让步状语从句');
    const r = approximateStructure('The students who passed the exam received a prize.');
    const relative = findAll(r.spans, (n) => n.label === '定语从句')[0];
    expect(relative.children?.[0]).toMatchObject({ label: '主语' });
    expect(headsOf(r.words, r.spans, '主语')).toEqual(['students', 'who']);
  });

  it('grays the subordinator', () => {
    const s = approximateStructure('He left because he was tired.');
    const clause = findAll(s.spans, (n) => n.label === '原因状语从句')[0];
    expect(clause.gray?.map((i) => s.words[i])).toEqual(['because']);
  });

  it('splits coordinated main clauses and reads a question', () => {
    expect(approximateStructure('I came, and she left.').spans.map((n) => n.label)).toEqual(['主句', '主句']);
    const q = approximateStructure('Did you see the man at the door?');
    expect(headsOf(q.words, q.spans, '主语')).toEqual(['you']);
    expect(findAll(q.spans, (n) => n.label === '谓语')).toHaveLength(2);
  });

  it.each([
    ['empty', ''],
    ['spaces', '   \n\t '],
    ['punctuation only', '?!... ,,, ;'],
    ['emoji', '😀🎉 great 👍'],
    ['Chinese', '这是一个中文句子。'],
    ['mixed', 'I love 北京 so much!!!'],
    ['one word', 'Hello'],
    ['numbers', '3.14 2,000 42'],
    [
      '1,000 characters',
      'The cat that the dog chased ran up the tree because it was scared, and the dog barked. '.repeat(12).slice(0, 1000),
    ],
    ['a long list of clauses', Array.from({ length: 40 }, (_, i) => `when he came ${i} times`).join(' ')],
  ])('keeps the invariants on %s input', (_, sentence) => {
    const s = approximateStructure(sentence);
    expect(checkInvariants(s)).toEqual([]);
    if (s.words.length === 0) expect(s.spans).toEqual([]);
    else expect(s.spans[0].label).toBe('主句');
  });

  it('keeps the invariants on a few hundred generated sentences', () => {
    const parts = [
      ['The old man', 'She', 'My friends who live in London', 'What they want', 'Nobody'],
      ['has seen', 'gave', 'will tell', 'was told', 'is', 'thinks'],
      ['the film', 'me a letter', 'that it is late', 'to leave early', 'happy because it rained', 'in the park, and we left'],
    ];
    let count = 0;
    for (const a of parts[0])
      for (const b of parts[1])
        for (const c of parts[2]) {
          expect(checkInvariants(approximateStructure(`${a} ${b} ${c}.`))).toEqual([]);
          count++;
        }
    expect(count).toBe(180);
  });
});
