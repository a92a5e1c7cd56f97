import { type AnalysisAnswer, type SpanNode, WORD_NOT_FOUND } from '../../lib/contract';
import type { DictionaryEngine } from '../dictionary/types';
import type { GrammarCatalogue } from '../analysis/types';
import { functionOf, isClause, labelName, type Position, readSpan, type SpanReading, wordsText } from './span-reading';

/*
 * The tutor without a language model: it works out which of the questions it can answer was
 * asked (what the subject is, what a clause modifies, why a word has this form, what grammar this
 * is, what a word means here…) and answers that one thing about the constituent asked about, in
 * the sentence's own words, from the parse, the grammar points whose detectors fired on this
 * sentence and the dictionary. A grammar point is named only when it was found; a question it
 * cannot answer is told so, with what it can answer. Nothing here is invented.
 */

export const offlineHeading = '**离线讲解**（未接入大模型，以下内容由句法分析与语法库生成）';
const needsModel = '自由提问需要接入大模型服务。';

/** What the offline tutor can be asked, as the learner reads it in its plain reply and the suggestions. */
const canAnswer =
  '不接入大模型时，离线讲解能回答：所选部分在句中作什么成分、修饰哪个词、中心词是哪个、为什么用这个形式、是什么语法或结构、在哪个分句里，某个词在这里是什么意思，以及这句话的主语、谓语、宾语等是什么。';

/** The functions a question may ask to be found ("这句话的宾语是什么？"). */
const roleNames = ['宾语补足语', '间接宾语', '主语', '谓语', '宾语', '表语', '定语', '状语', '同位语', '补足语'] as const;

export type QuestionKind =
  | { kind: 'named'; name: string }
  | { kind: 'modifies' }
  | { kind: 'head' }
  | { kind: 'trunk' }
  | { kind: 'find'; role: string }
  | { kind: 'function' }
  | { kind: 'form' }
  | { kind: 'grammar' }
  | { kind: 'clause' }
  | { kind: 'meaning'; word?: string }
  | { kind: 'unknown' };

/** Which question was asked: the first kind whose words it has, most specific first. */
export function classifyQuestion(question: string, catalogue: GrammarCatalogue): QuestionKind {
  // Words quoted from the sentence ("“finished”为什么…") say which words, not which question.
  const q = question.trim().replace(/“[^”]*”|"[^"]*"/g, '“”');
  // The longest catalogue name the question holds ("现在完成时" before "完成时").
  const named = catalogue.points
    .map((p) => p.name)
    .filter((name) => q.includes(name))
    .sort((a, b) => b.length - a.length)[0];
  if (named) return { kind: 'named', name: named };
  if (/修饰|先行词/.test(q)) return { kind: 'modifies' };
  if (/中心词|核心词/.test(q)) return { kind: 'head' };
  if (/主干|骨架/.test(q)) return { kind: 'trunk' };
  if (/什么意思|意思|含义|词义|怎么翻译|怎么理解这个词/.test(q)) {
    const word = /[A-Za-z][A-Za-z'’-]*/.exec(question)?.[0];
    return { kind: 'meaning', word };
  }
  if (/作什么|做什么成分|什么成分|哪种成分|起什么作用|什么作用|充当|功能/.test(q)) return { kind: 'function' };
  const role = roleNames.find((r) => q.includes(r));
  if (role && /是什么|是哪|是谁|在哪|哪个|哪些|哪部分|找/.test(q)) return { kind: 'find', role };
  if (/为什么|形式|时态|语态|过去式|过去分词|现在分词|进行|完成|原形|单数|复数|-?ing|-?ed\b/.test(q)) return { kind: 'form' };
  if (/语法|结构|句型|怎么构成|如何构成|什么句/.test(q)) return { kind: 'grammar' };
  if (/分句|从句|所在/.test(q)) return { kind: 'clause' };
  return { kind: 'unknown' };
}

export interface OfflineQuestion extends Position {
  question: string;
}

export interface OfflineTutorContext {
  catalogue: GrammarCatalogue;
  /** The sentence as typed (for the dictionary's context); the analysis's words when absent. */
  sentence?: string | null;
  /** The contextual dictionary, for "X 在这里是什么意思"; without it that question is declined. */
  dictionary?: Pick<DictionaryEngine, 'lookup'>;
}

const quote = (text: string) => `“${text}”`;
/** A long span named in a question: its first words and an ellipsis. */
const shortQuote = (words: string[], start: number, end: number) =>
  quote(end - start > 6 ? `${wordsText(words, start, start + 5)}…` : wordsText(words, start, end));

/** The chain of nodes from the top down to the deepest one that holds [start, end). */
function pathTo(spans: SpanNode[], start: number, end: number): SpanNode[] {
  for (const node of spans) {
    if (node.start <= start && end <= node.end) return [node, ...pathTo(node.children ?? [], start, end)];
  }
  return [];
}

/** Every node of the tree with the clause it is directly in (its nearest clause ancestor). */
function nodesWithClause(spans: SpanNode[], clause?: SpanNode): { node: SpanNode; clause?: SpanNode }[] {
  return spans.flatMap((node) => [
    { node, clause },
    ...nodesWithClause(node.children ?? [], isClause(node.label) ? node : clause),
  ]);
}

/** Where the word at `index` is in the typed sentence, found word after word. */
function wordContext(sentence: string, words: string[], index: number) {
  let at = 0;
  for (let i = 0; i < index; i++) {
    const found = sentence.indexOf(words[i], at);
    if (found >= 0) at = found + words[i].length;
  }
  const start = sentence.indexOf(words[index], at);
  if (start < 0) return undefined;
  return {
    pre_context: sentence.slice(0, start),
    target_word: words[index],
    post_context: sentence.slice(start + words[index].length),
  };
}

class Answerer {
  readonly words: string[];
  readonly span: SpanReading;
  readonly path: SpanNode[];

  constructor(
    readonly analysis: AnalysisAnswer,
    readonly position: Position,
    readonly context: OfflineTutorContext,
  ) {
    this.words = analysis.spans.words;
    this.span = readSpan(analysis, position, context.catalogue);
    this.path = pathTo(analysis.spans.spans, position.start, position.end);
  }

  text = (n: SpanNode) => wordsText(this.words, n.start, n.end);
  head = (n: SpanNode) => (n.highlight ?? []).map((i) => this.words[i]).filter(Boolean);

  /** The clause the selected span is in (itself, if it is one), else the first clause. */
  clause(): SpanNode | undefined {
    return this.path.filter((n) => isClause(n.label)).at(-1) ?? this.analysis.spans.spans[0];
  }

  /** "“…”（中心词：x）" for a node. */
  described(n: SpanNode): string {
    const head = this.head(n);
    const text = this.text(n);
    return head.length && head.join(' ') !== text ? `${quote(text)}（中心词：${head.join(' ')}）` : quote(text);
  }

  function(): string {
    const { span } = this;
    const role = functionOf(span.label);
    return `${quote(span.text)}在句中作**${span.label}**。${role ?? ''}`;
  }

  modifies(): string {
    // The modifier the question is about: the selected span, or the modifier it is part of.
    const modifier = [...this.path].reverse().find((n) => /定语|状语/.test(labelName(n.label)));
    if (!modifier) {
      return `${quote(this.span.text)}在句中作${this.span.label}，不是修饰语（定语、状语或定语从句、状语从句），所以不修饰别的词。`;
    }
    const label = labelName(modifier.label);
    const above = this.path.slice(0, this.path.indexOf(modifier)).reverse();
    if (label.startsWith('定语')) {
      // An attribute hangs on the noun of the phrase around it: the phrase's head.
      const outside = (i: number) => i < modifier.start || i >= modifier.end;
      const owner = above.find((n) => n.highlight?.length && n.highlight.every(outside));
      if (owner) {
        return `${quote(this.text(modifier))}是${label}，修饰${quote(this.head(owner).join(' '))}${
          label === '定语从句' ? '（它的先行词）' : ''
        }：${quote(this.text(owner))}在句中作${labelName(owner.label)}。`;
      }
    }
    // An adverbial modifies the predicate of its clause.
    const clause = above.find((n) => isClause(n.label));
    const predicate = clause?.children?.find((c) => labelName(c.label) === '谓语');
    if (predicate) {
      return `${quote(this.text(modifier))}是${label}，修饰${quote(this.text(predicate))}所在的谓语（也可以说修饰整个${labelName(
        clause!.label,
      )}），说明动作的时间、地点、原因、结果或方式等。`;
    }
    return `句法分析标出了${quote(this.text(modifier))}是${label}，但没有找到它修饰的词。`;
  }

  headWord(): string {
    const { span } = this;
    if (span.head.length) return `${quote(span.text)}的中心词是${quote(span.head.join(' '))}，其余的词都依附于它。`;
    return `句法分析没有给${quote(span.text)}标出中心词。`;
  }

  trunk(): string {
    const clause = this.analysis.spans.spans.find((n) => labelName(n.label) === '主句') ?? this.analysis.spans.spans[0];
    if (!clause) return '句法分析没有找到这句话的主句。';
    const core = (clause.children ?? []).filter((c) => /^(主语|谓语|宾语|间接宾语|表语|宾语补足语)$/.test(labelName(c.label)));
    if (core.length === 0) return `句法分析没有在主句${quote(this.text(clause))}里找到主语、谓语等主干成分。`;
    const parts = core.map((c) => `${labelName(c.label)}${this.described(c)}`).join('，');
    return `这句话的主干在主句里：${parts}。其余部分是修饰或补充成分。`;
  }

  find(role: string): string {
    const all = nodesWithClause(this.analysis.spans.spans).filter(({ node }) => labelName(node.label) === role);
    const clause = this.clause();
    const here = all.filter((x) => x.clause === clause);
    const elsewhere = all.filter((x) => x.clause !== clause);
    const where = clause ? `${labelName(clause.label)}${shortQuote(this.words, clause.start, clause.end)}` : '这句话';
    if (here.length === 0 && elsewhere.length === 0) {
      let line = `句法分析没有在这句话里找到${role}。`;
      if (role === '宾语') {
        const predicative = nodesWithClause(this.analysis.spans.spans).find(({ node }) => labelName(node.label) === '表语');
        if (predicative) line += `谓语后面的${this.described(predicative.node)}是表语，不是宾语：系动词后面接表语。`;
      }
      return line;
    }
    if (here.length === 0) {
      const others = elsewhere.map(({ node, clause: c }) => `${c ? `${labelName(c.label)}里` : ''}的${this.described(node)}`);
      return `${where}里没有${role}；这句话中的${role}是${others.join('，')}。`;
    }
    let line = `${where}的${role}是${here.map(({ node }) => this.described(node)).join('和')}。`;
    const role0 = functionOf(role);
    if (role0) line += role0;
    if (elsewhere.length) {
      line += `另外，${elsewhere
        .map(
          ({ node, clause: c }) =>
            `${c ? `${labelName(c.label)}${shortQuote(this.words, c.start, c.end)}` : ''}的${role}是${this.described(node)}`,
        )
        .join('；')}。`;
    }
    return line;
  }

  /** The points of these categories found on the selected span (by their detectors). */
  pointsOn(categories: RegExp) {
    return this.span.points.filter(({ object }) => object && categories.test(object.category));
  }

  pointLine({ hit, object }: SpanReading['points'][number]): string {
    const words = wordsText(this.words, hit.start, hit.end);
    let line = `**${hit.name}**（${quote(words)}）`;
    if (object) line += `：${object.summary}`;
    const example = object?.examples[0];
    if (example) line += `例句：*${example.first}*${example.second ? `（${example.second}）` : ''}`;
    return line;
  }

  form(): string {
    const points = this.pointsOn(/时态|语态|非谓语动词|语气/);
    if (points.length === 0) {
      return `句法分析没有在${quote(this.span.text)}上识别出时态、语态、非谓语动词或虚拟语气，离线讲解说不出它为什么用这个形式。`;
    }
    return `${quote(this.span.text)}的形式是这样来的：\n\n${points.map((p) => `- ${this.pointLine(p)}`).join('\n')}`;
  }

  grammar(): string {
    const { points } = this.span;
    if (points.length === 0) {
      const elsewhere = [...new Set(this.analysis.grammar_points.map((p) => p.name))];
      return `句法分析没有在${quote(this.span.text)}中识别出语法库里的语法点。${
        elsewhere.length ? `这句话其他部分识别出的有：${elsewhere.join('、')}。` : ''
      }${this.function()}`;
    }
    return `${quote(this.span.text)}中识别出的语法点：\n\n${points.map((p) => `- ${this.pointLine(p)}`).join('\n')}`;
  }

  named(name: string): string {
    const hits = this.analysis.grammar_points.filter((p) => p.name === name);
    if (hits.length === 0) {
      const found = [...new Set(this.analysis.grammar_points.map((p) => p.name))];
      return `句法分析没有在这句话里识别出**${name}**，离线讲解不能把它说成这句话的语法点。${
        found.length ? `这句话里识别出的语法点有：${found.join('、')}。` : ''
      }`;
    }
    const object = this.context.catalogue.byName(name);
    const on = hits.map((h) => quote(wordsText(this.words, h.start, h.end))).join('、');
    let line = `这句话里有**${name}**：${on}。`;
    if (object) line += object.summary;
    const example = object?.examples[0];
    if (example) line += `\n\n例句：*${example.first}*${example.second ? `（${example.second}）` : ''}`;
    return line;
  }

  clauseOf(): string {
    const around = this.span.clause;
    if (around) return `${quote(this.span.text)}在${around.label}${quote(around.text)}里。`;
    if (isClause(this.span.label)) return `${quote(this.span.text)}本身就是一个${this.span.label}。${this.function()}`;
    return `句法分析没有找到${quote(this.span.text)}所在的分句。`;
  }

  meaning(asked?: string): string {
    const { dictionary } = this.context;
    const lower = asked?.toLowerCase();
    // The word asked about: the one the question names, else the selected word or its head.
    let index = lower ? this.words.findIndex((w) => w.toLowerCase() === lower) : -1;
    if (index < 0 && !lower) {
      const { start, end } = this.position;
      const head = this.span.node?.highlight?.[0];
      index = end - start === 1 ? start : (head ?? -1);
    }
    if (index < 0) return `${quote(asked ?? this.span.text)}不是这句话里的词，离线讲解只能说这句话里的词在这里的意思。`;
    const word = this.words[index];
    const input = dictionary && wordContext(this.context.sentence || this.words.join(' '), this.words, index);
    const [item] = input ? dictionary.lookup(input) : [];
    const sense = item?.gloss.find((g) => g.simple_sense || g.sense.second);
    if (!sense || sense.sense.second?.includes(WORD_NOT_FOUND)) {
      return `离线讲解查不到${quote(word)}在这里的意思；点击句中的这个词，可以查看词典给出的释义。`;
    }
    const chinese = sense.simple_sense || sense.sense.second;
    const pos = sense.pos ? `（${sense.pos.name}）` : '';
    const unit = sense.phrase_title ? `在这里是词组${quote(sense.phrase_title)}的一部分，` : '';
    let line = `${quote(word)}${unit}在这句话里的意思是：**${chinese}**${pos}。`;
    if (sense.sense.first) line += `英文释义：*${sense.sense.first}*。`;
    if (sense.maybe === 'close') line += '词典对这个词在这里取哪个意思不完全确定，点击这个词可以看到其他可能的意思。';
    return line;
  }

  unknown(question: string): string {
    return `离线讲解回答不了这个问题：“${question.trim()}”。${canAnswer}${needsModel}`;
  }
}

/** The reply in pieces (paragraphs and sentences), to be sent one after another. */
export function offlineReply(
  analysis: AnalysisAnswer | null,
  { question, ...position }: OfflineQuestion,
  context: OfflineTutorContext | GrammarCatalogue,
): string[] {
  const ctx: OfflineTutorContext = 'catalogue' in context ? context : { catalogue: context };
  const parts: string[] = [`${offlineHeading}\n\n`];
  if (!analysis) {
    parts.push(`这段对话没有已分析的句子，离线讲解只能回答关于分析过的句子的问题。${needsModel}`);
    return parts;
  }
  const answerer = new Answerer(analysis, position, ctx);
  const asked = classifyQuestion(question, ctx.catalogue);
  const answers: Record<QuestionKind['kind'], () => string> = {
    named: () => answerer.named((asked as { name: string }).name),
    modifies: () => answerer.modifies(),
    head: () => answerer.headWord(),
    trunk: () => answerer.trunk(),
    find: () => answerer.find((asked as { role: string }).role),
    function: () => answerer.function(),
    form: () => answerer.form(),
    grammar: () => answerer.grammar(),
    clause: () => answerer.clauseOf(),
    meaning: () => answerer.meaning((asked as { word?: string }).word),
    unknown: () => answerer.unknown(question),
  };
  parts.push(answers[asked.kind]());
  return splitPieces(parts.join(''));
}

/**
 * Questions about a constituent of a conversation without an analysed sentence (a free chat):
 * only the language model answers these, so they are suggested only when one is configured.
 */
export function openQuestions(position: Position): string[] {
  const label = labelName(position.label) || '这一部分';
  return [`${label}在句中起什么作用？`, `${label}通常由哪些词充当？`, `能举一个含有${label}的例句吗？`];
}

/** Pieces of a reply: up to each sentence end or line break, so that it streams in phrases. */
export function splitPieces(text: string): string[] {
  return text.match(/[^。！？\n]*(?:[。！？]+|\n+|$)/g)?.filter((p) => p !== '') ?? [text];
}

/**
 * 3–5 questions about the constituent clicked, each naming its words, each one the offline tutor
 * answers (classifyQuestion reads each as the kind it is built for).
 */
export function suggestedQuestions(
  analysis: AnalysisAnswer | null,
  position: Position,
  context: OfflineTutorContext | GrammarCatalogue,
): string[] {
  const ctx: OfflineTutorContext = 'catalogue' in context ? context : { catalogue: context };
  if (!analysis) return [];
  const answerer = new Answerer(analysis, position, ctx);
  const { span, words } = answerer;
  const named = shortQuote(words, position.start, position.end);
  const questions: string[] = [`${named}在句中作什么成分？`];
  const modifier = [...answerer.path].reverse().find((n) => /定语|状语/.test(labelName(n.label)));
  if (modifier) questions.push(`${shortQuote(words, modifier.start, modifier.end)}修饰哪个词？`);
  for (const { hit, object } of span.points.slice(0, 2)) {
    const on = shortQuote(words, hit.start, hit.end);
    questions.push(
      object && /时态|语态|非谓语动词|语气/.test(object.category) ? `${on}为什么用这个形式？` : `${on}是什么语法结构？`,
    );
  }
  if (position.end - position.start === 1 && /[A-Za-z]/.test(words[position.start] ?? '') && ctx.dictionary) {
    questions.push(`${quote(words[position.start])}在这里是什么意思？`);
  }
  if (span.head.length && position.end - position.start > 1) questions.push(`${named}的中心词是哪个？`);
  const clause = answerer.clause();
  if (clause && labelName(clause.label) !== '主句' && !(clause.start === position.start && clause.end === position.end)) {
    questions.push(`${shortQuote(words, clause.start, clause.end)}的主语是什么？`);
  } else {
    questions.push('这句话的主干是什么？');
  }
  return [...new Set(questions)].slice(0, 5);
}
