import type { SpanNode } from '../../lib/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createLinkGrammar, type Parse } from '../parser/link-grammar';
import { structureOf } from './structure';
import { checkInvariants, findAll, headsOf } from './structure-test-support';

const parser = createLinkGrammar({ timeoutMs: 20_000 });
afterAll(() => parser.close());

const analyse = async (sentence: string) => structureOf(await parser.parse(sentence));

/** The head words of the nodes with `label`, anywhere in the tree. */
const heads = async (sentence: string, label: string) => {
  const s = await analyse(sentence);
  return headsOf(s.words, s.spans, label).map((w) => w.toLowerCase());
};

const labels = async (sentence: string) => {
  const s = await analyse(sentence);
  return findAll(s.spans, () => true).map((n) => n.label);
};

describe('structureOf with the parser', () => {
  it('takes the relative clause, the complement and the result clause of the example apart', async () => {
    const s = await analyse('The book that you lent me was so interesting that I finished it in one night.');
    expect(s.words).toHaveLength(17);
    const [main] = s.spans;
    expect(main.label).toBe('主句');
    const subject = main.children?.find((n) => n.label === '主语');
    expect(s.words.slice(subject!.start, subject!.end).join(' ').toLowerCase()).toBe('the book that you lent me');
    expect(subject!.highlight!.map((i) => s.words[i])).toEqual(['book']);
    const relative = subject!.children?.[0];
    expect(relative?.label).toBe('定语从句');
    expect(relative?.children?.map((n) => n.label)).toEqual(['宾语', '主语', '谓语', '间接宾语']);
    const complement = main.children?.find((n) => n.label === '表语');
    expect(complement!.highlight!.map((i) => s.words[i])).toEqual(['interesting']);
  });

  it.each([
    ['The bridge was built by the workers last year.', ['bridge'], []],
    ['She gave me a book.', ['she'], ['book']],
    ['I think that he is right.', ['i', 'he'], []],
    ['He left because he was tired.', ['he', 'he'], []],
    ['The news that he won surprised us.', ['news', 'he'], ['us']],
    ['My brother, a doctor, lives in Beijing.', ['brother'], []],
    ['The man standing there is my teacher.', ['man'], []],
    ['She has been working here since 2010.', ['she'], []],
    ['What he said surprised everyone.', ['he'], ['what', 'everyone']],
    ['If it rains tomorrow, we will stay at home.', ['it', 'we'], []],
    ['The company announced a sharp rise in its profits on Monday.', ['company'], ['rise']],
    ['Scientists believe the new vaccine will save many lives.', ['scientists', 'vaccine'], ['lives']],
    ['The students who passed the exam received a prize.', ['students', 'who'], ['exam', 'prize']],
  ])('finds the subject and object heads of %s', async (sentence, subjects, objects) => {
    expect((await heads(sentence, '主语')).sort()).toEqual([...subjects].sort());
    expect((await heads(sentence, '宾语')).sort()).toEqual([...objects].sort());
  });

  it.each([
    ['I think that he is right.', '宾语从句'],
    ['I think he is right.', '宾语从句'],
    ['What he said surprised everyone.', '主语从句'],
    ['The news that he won surprised us.', '同位语从句'],
    ['Although it was raining, we went out.', '让步状语从句'],
    ['He left because he was tired.', '原因状语从句'],
    ['If it rains tomorrow, we will stay at home.', '条件状语从句'],
    ['I will call you when I arrive.', '时间状语从句'],
    ['The girl whose mother is a doctor sings well.', '定语从句'],
    ['I want to learn English.', '不定式短语'],
    ['Swimming in the river is dangerous.', '动名词短语'],
    ['The man standing there is my teacher.', '现在分词短语'],
    ['My father, who is a teacher, likes reading.', '非限制性定语从句'],
    ["I don't know what he wants.", '宾语从句'],
  ])('labels the clause in %s as %s', async (sentence, label) => {
    expect(await labels(sentence)).toContain(label);
  });

  it('splits coordinated main clauses and keeps the verb group whole', async () => {
    const s = await analyse('I came, and she left.');
    expect(s.spans.map((n) => n.label)).toEqual(['主句', '主句']);
    const passive = await analyse('The bridge was built by the workers last year.');
    const predicate = findAll(passive.spans, (n) => n.label === '谓语')[0];
    expect(passive.words.slice(predicate.start, predicate.end)).toEqual(['was', 'built']);
    expect(predicate.highlight!.map((i) => passive.words[i])).toEqual(['built']);
  });

  it('tells an indirect object from an object complement', async () => {
    expect(await labels('She gave me a book.')).toEqual(expect.arrayContaining(['间接宾语', '宾语']));
    expect(await labels('They made him captain.')).toEqual(expect.arrayContaining(['宾语', '宾语补足语']));
    expect(await labels('He asked me to help him.')).toEqual(expect.arrayContaining(['宾语', '宾语补足语']));
  });

  it('grays the subordinator but not a relative pronoun that is the subject', async () => {
    const s = await analyse('He left because he was tired.');
    const clause = findAll(s.spans, (n) => n.label === '原因状语从句')[0];
    expect(clause.gray?.map((i) => s.words[i])).toEqual(['because']);
    const r = await analyse('The students who passed the exam received a prize.');
    const relative = findAll(r.spans, (n) => n.label === '定语从句')[0];
    expect(relative.gray).toBeUndefined();
    expect(relative.children?.[0]).toMatchObject({ label: '主语' });
  });

  it('reads a question with the subject inside the verb group', async () => {
    const s = await analyse('Did you see the man at the door?');
    expect(findAll(s.spans, (n) => n.label === '谓语')).toHaveLength(2);
    expect(headsOf(s.words, s.spans, '主语')).toEqual(['you']);
    expect(headsOf(s.words, s.spans, '宾语')).toEqual(['man']);
  });

  const varied = [
    'There are many students in the classroom.',
    'It was Tom who broke the window yesterday.',
    'Never have I seen such a beautiful place.',
    'Having finished his homework, he went to bed.',
    'Only when the rain stopped did we leave the house.',
    'The more you practise, the better you will become.',
    'Not only did he lie, but he also stole the money.',
    'It is said that the old castle was built in 1200.',
    'Whether he will come remains unknown.',
    'He is taller than his brother is.',
    'The problem, however, has not been solved.',
    'Weather permitting, the match will take place on Sunday.',
    'Open the door, please.',
    'The government announced on Tuesday that it would cut taxes for small businesses, a move that analysts said could boost growth.',
    'Despite the heavy rain, thousands of people gathered in the square to protest against the new law, which they say threatens their freedom.',
    'If I had known the truth, I would have told you.',
    'Hello!',
    'Yes.',
    '...',
    'xqzt blorp fnarg the.',
  ];

  it('keeps the invariants on varied and odd sentences', async () => {
    for (const sentence of varied) {
      const s = await analyse(sentence);
      expect(s.words.length).toBeGreaterThan(0);
      expect(checkInvariants(s), sentence).toEqual([]);
      expect(s.spans[0].label).toBe('主句');
    }
  }, 120_000);

  it('keeps the invariants on a few hundred generated sentences', async () => {
    const subjects = ['The old man', 'She', 'My friends who live in London', 'What they want', 'Nobody'];
    const verbs = ['has seen', 'gave', 'will tell', 'was told', 'is', 'thinks'];
    const rests = [
      'the film',
      'me a letter',
      'that it is late',
      'to leave early',
      'happy because it rained',
      'in the park, and we left',
    ];
    let count = 0;
    for (const s of subjects) {
      for (const v of verbs) {
        for (const r of rests) {
          const sentence = `${s} ${v} ${r}.`;
          expect(checkInvariants(await analyse(sentence)), sentence).toEqual([]);
          count++;
        }
      }
    }
    expect(count).toBe(180);
  }, 300_000);

  it('never throws on parses it cannot read', () => {
    const odd: Parse[] = [
      { words: ['LEFT-WALL'], subscripts: [''], unknown: [], links: [], tree: { label: 'S', children: [] } },
      { words: ['LEFT-WALL', 'hi'], subscripts: ['', ''], unknown: [], links: [], tree: { label: 'S', children: ['hi'] } },
      {
        words: ['LEFT-WALL', 'a', 'b'],
        subscripts: [],
        unknown: [],
        links: [
          { left: 0, right: 9, label: 'Wd' },
          { left: 2, right: 1, label: 'Ss' },
          { left: 1, right: 2, label: 'Ss' },
          { left: 1, right: 2, label: 'SIs' },
          { left: 2, right: 1, label: 'B' },
        ],
        tree: { label: 'S', children: ['a', 'b', { label: 'NP', children: ['c'] }] },
      },
    ];
    for (const parse of odd) {
      const s = structureOf(parse);
      expect(checkInvariants(s)).toEqual([]);
    }
    expect(structureOf(odd[1]).spans).toEqual([{ start: 0, end: 1, label: '主句' }] satisfies SpanNode[]);
  });
});
