import { describe, expect, it } from 'vitest';
import { CLAUSE_DETECTORS } from './detect-clauses';
import { marks, parsed, wordsOnly } from './detect-test-support';
import { CLAUSE_POINTS } from './points-clauses';

const found = (name: string, sentence: string) => marks(CLAUSE_DETECTORS[name], parsed(sentence));

describe('the clause detectors', () => {
  it('has a detector for each point of points-clauses.ts and no other', () => {
    expect(Object.keys(CLAUSE_DETECTORS).sort()).toEqual(CLAUSE_POINTS.map((p) => p.name).sort());
  });

  it('marks relative clauses and relative adverbs', () => {
    const sentence = 'The book that you lent me was so interesting that I finished it in one night.';
    expect(found('定语从句', sentence)).toEqual(['that you lent me']);
    expect(found('非限制性定语从句', 'The boy, who was born in Beijing, speaks excellent Chinese.')).toEqual([
      'who was born in Beijing',
    ]);
    expect(found('关系副词', 'I will never forget the days when we studied together.')).toEqual(['when']);
  });

  it('marks noun clauses, and tells an appositive clause from a relative one', () => {
    expect(found('宾语从句', "I don't know where he lives.")).toEqual(['where he lives']);
    expect(found('主语从句', 'It is said that he is rich.')).toEqual(['that he is rich']);
    expect(found('表语从句', 'The problem is that we have no money.')).toEqual(['that we have no money']);
    expect(found('同位语从句', 'The news that he had won the prize surprised us.')).toEqual(['that he had won the prize']);
    // "told" lacks its object: "that" is a relative pronoun.
    expect(found('同位语从句', 'The news that he told me was true.')).toEqual([]);
  });

  it('marks adverbial clauses by their markers', () => {
    expect(found('时间状语从句', 'He had already left when I arrived.')).toEqual(['when I arrived']);
    expect(found('条件状语从句', 'If it rains tomorrow, we will stay at home.')).toEqual(['If it rains tomorrow']);
    expect(found('让步状语从句', 'Although it was raining heavily, they went on working in the field.')).toEqual([
      'Although it was raining heavily',
    ]);
    const sentence = 'The book that you lent me was so interesting that I finished it in one night.';
    expect(found('结果状语从句', sentence)).toEqual(['so interesting that I finished it in one night']);
  });

  it('claims no clause from the words alone', () => {
    const s = wordsOnly('If it rains tomorrow, we will stay at home.');
    for (const name of Object.keys(CLAUSE_DETECTORS).filter((n) => n !== '非限制性定语从句'))
      expect(marks(CLAUSE_DETECTORS[name], s), name).toEqual([]);
  });
});
