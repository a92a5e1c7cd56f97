import type { AnalysisAnswer, GrammarObject, GrammarPointHit, SpanNode } from '../../lib/contract';
import type { GrammarCatalogue } from '../analysis/types';

/*
 * What the analysis says about one selected span: its words, its node in the tree, its head, the
 * clause it belongs to and the grammar points in it. The offline tutor, the suggested questions
 * and the model's prompt all read a span this way.
 */

/** The constituent a question is about. */
export interface Position {
  label: string;
  start: number;
  end: number;
}

// The labels the product shows (and English names a client may send), with what each does.
const functions: Record<string, string> = {
  主语: '主语是句子陈述的对象，通常是动作的发出者。',
  谓语: '谓语说明主语的动作或状态，由动词或动词短语充当。',
  宾语: '宾语是动作的承受者，跟在及物动词或介词之后。',
  表语: '表语位于系动词之后，说明主语的身份、性质或状态。',
  宾语补足语: '宾语补足语补充说明宾语的性质、状态或动作。',
  定语: '定语修饰名词或代词，说明其性质、特征或范围。',
  状语: '状语修饰动词、形容词、副词或整个句子，表示时间、地点、原因、结果、方式等。',
  同位语: '同位语对前面的名词作进一步的解释或说明。',
  插入语: '插入语是插在句中的补充说明，与句子其他部分没有语法上的关系。',
  主句: '主句是句子的主干，可以独立成句。',
  定语从句: '定语从句在句中作定语，修饰前面的名词或代词（先行词）。',
  状语从句: '状语从句在句中作状语，表示时间、原因、条件、让步、结果等。',
  宾语从句: '宾语从句在句中作宾语。',
  主语从句: '主语从句在句中作主语。',
  表语从句: '表语从句在句中作表语，位于系动词之后。',
  同位语从句: '同位语从句解释说明前面的抽象名词的具体内容。',
};

const englishLabels: Record<string, string> = {
  subject: '主语',
  predicate: '谓语',
  verb: '谓语',
  object: '宾语',
  complement: '表语',
  predicative: '表语',
  'object complement': '宾语补足语',
  attribute: '定语',
  attributive: '定语',
  adverbial: '状语',
  appositive: '同位语',
  parenthesis: '插入语',
  'main clause': '主句',
  clause: '从句',
  'relative clause': '定语从句',
  'adverbial clause': '状语从句',
  'object clause': '宾语从句',
  'subject clause': '主语从句',
};

/** The product's name of a label: 主语 for "subject"; any other text as it came. */
export const labelName = (label: string) => englishLabels[label.trim().toLowerCase()] ?? label.trim();

/** What a label does, for the labels the tutor knows. */
export function functionOf(label: string): string | undefined {
  const name = labelName(label);
  return functions[name] ?? (name.endsWith('从句') ? `${name}是句中的一个从句。` : undefined);
}

export const isClause = (label: string) => /从句$|^主句$/.test(labelName(label));

export interface SpanReading {
  text: string;
  label: string;
  /** The node of the tree with exactly this span, preferring one with this label. */
  node?: SpanNode;
  /** The head words of the node. */
  head: string[];
  /** The nearest clause around the span (itself excluded), with its text. */
  clause?: { label: string; text: string };
  /** The nearest node around the span that has a head (what a clause or phrase hangs on). */
  parent?: { label: string; head: string[] };
  /** The grammar points overlapping the span, once each, with their catalogue entries. */
  points: { hit: GrammarPointHit; object?: GrammarObject }[];
}

export const wordsText = (words: string[], start: number, end: number) =>
  words
    .slice(start, end)
    .join(' ')
    .replace(/\s+([,.;:!?)])/g, '$1');

/** The chain of nodes from the top down to the deepest one that holds [start, end). */
function pathTo(spans: SpanNode[], start: number, end: number): SpanNode[] {
  for (const node of spans) {
    if (node.start <= start && end <= node.end) return [node, ...pathTo(node.children ?? [], start, end)];
  }
  return [];
}

export function readSpan(analysis: AnalysisAnswer, position: Position, catalogue: GrammarCatalogue): SpanReading {
  const { words, spans } = analysis.spans;
  const label = labelName(position.label);
  const path = pathTo(spans, position.start, position.end);
  const exact = path.filter((n) => n.start === position.start && n.end === position.end);
  const node = exact.find((n) => labelName(n.label) === label) ?? exact.at(-1);
  const around = path.filter((n) => n !== node && !(n.start === position.start && n.end === position.end));
  const clause = around.filter((n) => isClause(n.label)).at(-1);
  const parent = around.filter((n) => n.highlight?.length).at(-1);
  const headOf = (n: SpanNode | undefined) => (n?.highlight ?? []).map((i) => words[i]).filter(Boolean);
  const seen = new Set<string>();
  const points = analysis.grammar_points
    .filter((hit) => hit.start < position.end && hit.end > position.start)
    .filter((hit) => !seen.has(hit.name) && seen.add(hit.name))
    .map((hit) => ({ hit, object: catalogue.byName(hit.name) }));
  return {
    text: wordsText(words, position.start, position.end),
    label,
    node,
    head: headOf(node),
    clause: clause && { label: labelName(clause.label), text: wordsText(words, clause.start, clause.end) },
    parent: parent && { label: labelName(parent.label), head: headOf(parent) },
    points,
  };
}

/** The span tree as indented text, for the model's prompt. */
export function spansAsText(analysis: AnalysisAnswer): string {
  const { words } = analysis.spans;
  const lines: string[] = [];
  const walk = (nodes: SpanNode[], depth: number) => {
    for (const node of nodes) {
      const head = node.highlight?.length ? `（中心词：${node.highlight.map((i) => words[i]).join(' ')}）` : '';
      lines.push(
        `${'  '.repeat(depth)}- ${labelName(node.label)} [${node.start}, ${node.end})：“${wordsText(words, node.start, node.end)}”${head}`,
      );
      walk(node.children ?? [], depth + 1);
    }
  };
  walk(analysis.spans.spans, 0);
  return lines.join('\n');
}
