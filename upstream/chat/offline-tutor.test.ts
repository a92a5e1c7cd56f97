import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisAnswer, SpanNode } from '../../lib/contract';
import { createSentenceAnalyzer } from '../analysis/analyzer';
import { createGrammarCatalogue } from '../analysis/grammar/catalogue';
import { sharedDictionaryEngine } from '../dictionary/module';
import { loadTreeParser } from '../language/pipeline';
import { classifyQuestion, offlineHeading, offlineReply, suggestedQuestions } from './offline-tutor';

/*
 * The offline tutor over the product's own analyses of real sentences (the trained parser and the
 * grammar catalogue with its detectors): each kind of question is answered for the constituent
 * asked about, in the sentence's words, and a grammar point is named only where it was found.
 */

const catalogue = createGrammarCatalogue();
const analyzer = createSentenceAnalyzer({ trees: loadTreeParser(), catalogue });
const dictionary = sharedDictionaryEngine();
const analyses = new Map<string, AnalysisAnswer>();

const sentences = {
  car: 'The car which he bought last year is red.',
  oldMan: 'The old man was asleep.',
  lentBook: 'The book that you lent me was so interesting that I finished it in one night.',
  schools: 'Many new schools have been built in the village since 2010.',
};

beforeAll(async () => {
  for (const sentence of Object.values(sentences)) {
    const a = await analyzer.analyze(sentence);
    analyses.set(sentence, {
      translation: '',
      translation_source: 'gloss',
      spans: { words: a.words, spans: a.spans },
      labels_needed_to_explain: [...new Set(a.grammarPoints.map((p) => p.name))],
      grammar_points: a.grammarPoints,
      engine: a.engine,
    });
  }
}, 120_000);

/** The first node labelled `label` whose words are `text`. */
function node(sentence: string, label: string, text?: string): SpanNode {
  const analysis = analyses.get(sentence)!;
  const words = analysis.spans.words;
  const all = (nodes: SpanNode[]): SpanNode[] => nodes.flatMap((n) => [n, ...all(n.children ?? [])]);
  const found = all(analysis.spans.spans).find(
    (n) => n.label === label && (text === undefined || words.slice(n.start, n.end).join(' ') === text),
  );
  if (!found) throw new Error(`no ${label} ${text ?? ''} in ${sentence}`);
  return found;
}

function ask(sentence: string, at: SpanNode, question: string): string {
  const reply = offlineReply(
    analyses.get(sentence)!,
    { label: at.label, start: at.start, end: at.end, question },
    { catalogue, dictionary, sentence },
  ).join('');
  expect(reply.startsWith(offlineHeading)).toBe(true);
  return reply.slice(offlineHeading.length);
}

/**
 * Every grammar point the reply names (in bold: a catalogue summary quoted may mention others in
 * passing) was found in the sentence by its detector, or is named to say it is not there.
 */
function namesOnlyFound(sentence: string, reply: string) {
  const found = new Set(analyses.get(sentence)!.grammar_points.map((p) => p.name));
  for (const point of catalogue.points) {
    if (found.has(point.name)) continue;
    const named = reply.split(`**${point.name}**`).length - 1;
    const denied = reply.split(`没有在这句话里识别出**${point.name}**`).length - 1;
    expect(named, point.name).toBe(denied);
  }
}

describe('the offline tutor', () => {
  it('tells which question was asked', () => {
    expect(classifyQuestion('这句话的主语是什么？', catalogue)).toEqual({ kind: 'find', role: '主语' });
    expect(classifyQuestion('“which he bought last year”修饰哪个词？', catalogue)).toEqual({ kind: 'modifies' });
    expect(classifyQuestion('“bought”为什么用这个形式？', catalogue)).toEqual({ kind: 'form' });
    expect(classifyQuestion('这是什么语法结构？', catalogue)).toEqual({ kind: 'grammar' });
    expect(classifyQuestion('asleep 在这里是什么意思？', catalogue)).toEqual({ kind: 'meaning', word: 'asleep' });
    expect(classifyQuestion('这里是独立主格吗？', catalogue)).toEqual({ kind: 'named', name: '独立主格' });
    expect(classifyQuestion('“The car”在句中作什么成分？', catalogue)).toEqual({ kind: 'function' });
    expect(classifyQuestion('今天晚饭吃什么好呢', catalogue)).toEqual({ kind: 'unknown' });
  });

  it('finds the subject, the predicate and the object asked for, in the clause asked about', () => {
    const { car, oldMan } = sentences;
    const main = node(car, '主句');
    const subject = ask(car, main, '这句话的主语是什么？');
    expect(subject).toContain('“The car which he bought last year”（中心词：car）');
    const predicate = ask(car, main, '谓语是哪个？');
    expect(predicate).toContain('“is”');
    // Inside the relative clause its own subject is meant.
    const inClause = ask(car, node(car, '主语', 'he'), '“which he bought last year”的主语是什么？');
    expect(inClause).toMatch(/定语从句“which he bought last year”的主语是“he”/);
    // No object in a sentence with a linking verb: it says so, and what follows the verb instead.
    const object = ask(oldMan, node(oldMan, '主句'), '宾语是什么？');
    expect(object).toContain('没有在这句话里找到宾语');
    expect(object).toContain('“asleep”是表语');
    for (const reply of [subject, predicate, inClause, object]) namesOnlyFound(car, reply);
  });

  it('says what a relative clause modifies, naming its antecedent', () => {
    const { car, lentBook } = sentences;
    const reply = ask(car, node(car, '定语从句'), '“which he bought last year”修饰哪个词？');
    expect(reply).toContain('修饰“car”（它的先行词）');
    expect(reply).not.toMatch(/一般现在时|一般过去时/);
    const book = ask(lentBook, node(lentBook, '定语从句'), '这个定语从句修饰什么？');
    // Named in the question and found in the sentence: the point is explained there.
    expect(book).toContain('“that you lent me”');
    const modifies = ask(lentBook, node(lentBook, '定语从句'), '“that you lent me”修饰哪个词？');
    expect(modifies).toContain('修饰“book”');
  });

  it('explains a form by the tense or voice found on those words, and only those', () => {
    const { car, schools } = sentences;
    const bought = ask(car, node(car, '谓语', 'bought'), '“bought”为什么用这个形式？');
    expect(bought).toContain('**一般过去时**（“bought”）');
    expect(bought).not.toContain('一般现在时');
    expect(bought).not.toContain('定语从句');
    const built = ask(schools, node(schools, '谓语'), '为什么用 have been built？');
    expect(built).toContain('**现在完成时**');
    expect(built).toContain('**被动语态**');
    // A word without such a point: said plainly.
    const red = ask(car, node(car, '表语', 'red'), '“red”为什么用这个形式？');
    expect(red).toContain('说不出它为什么用这个形式');
    namesOnlyFound(car, bought + red);
    namesOnlyFound(schools, built);
  });

  it('names the grammar of the words asked about, and no point that was not found', () => {
    const { car, oldMan } = sentences;
    const clause = ask(car, node(car, '定语从句'), '这是什么语法结构？');
    expect(clause).toContain('**定语从句**');
    expect(clause).not.toContain('一般现在时');
    namesOnlyFound(car, clause);
    // The absolute construction is not in this sentence: it is never said to be.
    const absolute = ask(oldMan, node(oldMan, '主句'), '这里是独立主格吗？');
    expect(absolute).toContain('没有在这句话里识别出**独立主格**');
    expect(absolute).toContain('一般过去时');
    namesOnlyFound(oldMan, absolute);
  });

  it('tells what a word means in this sentence from the dictionary', () => {
    const { oldMan } = sentences;
    const reply = ask(oldMan, node(oldMan, '表语'), 'asleep 在这里是什么意思？');
    expect(reply).toMatch(/“asleep”在这句话里的意思是：\*\*[^*]*睡/);
    expect(reply).not.toContain('长眠');
  }, 120_000);

  it('answers the function of the constituent clicked', () => {
    const { car } = sentences;
    const reply = ask(
      car,
      node(car, '主语', 'The car which he bought last year'),
      '“The car which he bought last year”在句中作什么成分？',
    );
    expect(reply).toContain('在句中作**主语**');
    expect(reply).not.toMatch(/定语从句|一般过去时/);
  });

  it('says plainly what it cannot answer, and what it can', () => {
    const { car } = sentences;
    const reply = ask(car, node(car, '主句'), '今天晚饭吃什么好呢');
    expect(reply).toContain('离线讲解回答不了这个问题');
    expect(reply).toContain('修饰哪个词');
    expect(reply).toContain('自由提问需要接入大模型服务');
    expect(reply).not.toMatch(/一般过去时|定语从句\*\*/);
  });

  it('suggests questions about the constituent clicked, naming its words, each one it answers', () => {
    const { car, oldMan } = sentences;
    const analysis = analyses.get(car)!;
    const clause = node(car, '定语从句');
    const questions = suggestedQuestions(analysis, clause, { catalogue, dictionary, sentence: car });
    expect(questions).toContain('“which he bought last year”修饰哪个词？');
    expect(questions.length).toBeGreaterThanOrEqual(3);
    expect(questions.length).toBeLessThanOrEqual(5);
    const word = node(oldMan, '表语');
    const about = suggestedQuestions(analyses.get(oldMan)!, word, { catalogue, dictionary, sentence: oldMan });
    expect(about).toContain('“asleep”在这里是什么意思？');
    for (const [sentence, at, asked] of [
      [car, clause, questions],
      [oldMan, word, about],
    ] as const) {
      for (const question of asked) {
        expect(question).toMatch(/“[^”]+”|这句话/);
        expect(classifyQuestion(question, catalogue).kind, question).not.toBe('unknown');
        const reply = ask(sentence, at, question);
        expect(reply, question).not.toContain('回答不了');
        namesOnlyFound(sentence, reply);
      }
    }
  });
});
