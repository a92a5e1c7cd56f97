import type { AnalysisAnswer } from '../../lib/contract';
import type { GrammarCatalogue } from '../analysis/types';
import { functionOf, isClause, labelName, type Position, readSpan } from './span-reading';

/*
 * The tutor without a language model: what the parse and the grammar catalogue can say about the
 * selected span, headed as the offline explanation, and plainly saying so when the question goes
 * beyond them. Nothing here is invented: every sentence comes from the analysis or the catalogue.
 */

export const offlineHeading = '**离线讲解**（未接入大模型，以下内容由句法分析与语法库生成）';
const needsModel = '自由提问需要接入大模型服务。';

// Questions about these are what the analysis and the catalogue can answer.
const answerableTopics =
  /成分|作用|功能|作什么|充当|修饰|中心|从句|分句|语法|结构|主语|谓语|宾语|表语|补足语|定语|状语|同位语|插入语|引导|先行词|时态|语态|例句|关系|什么意思|是什么/;

export interface OfflineQuestion extends Position {
  question: string;
}

/** The reply in pieces (paragraphs and sentences), to be sent one after another. */
export function offlineReply(
  analysis: AnalysisAnswer | null,
  { question, ...position }: OfflineQuestion,
  catalogue: GrammarCatalogue,
): string[] {
  const parts: string[] = [`${offlineHeading}\n\n`];
  if (!analysis) {
    parts.push(`这段对话没有已分析的句子，离线讲解只能解释分析过的句子成分。${needsModel}`);
    return parts;
  }
  const span = readSpan(analysis, position, catalogue);
  const nth = position.end - position.start > 1 ? `第 ${position.start + 1}–${position.end} 词` : `第 ${position.start + 1} 词`;
  parts.push(`**所选部分**：“${span.text}”（${nth}）\n\n`);

  const role = functionOf(span.label);
  parts.push(`**句法功能**：在句中作**${span.label}**。`);
  if (role) parts.push(role);
  if (span.node && labelName(span.node.label) !== span.label) {
    parts.push(`句法分析把这一部分标为“${span.node.label}”。`);
  }
  parts.push('\n\n');

  if (span.head.length) parts.push(`**中心词**：${span.head.join(' ')}\n\n`);
  if (isClause(span.label) && span.parent?.head.length) {
    parts.push(`**所依附的部分**：它在“${span.parent.label}”之中，该部分的中心词是 ${span.parent.head.join(' ')}。\n\n`);
  }
  if (span.clause) parts.push(`**所在分句**：${span.clause.label}“${span.clause.text}”\n\n`);

  if (span.points.length) {
    parts.push('**其中的语法点**：\n\n');
    for (const { hit, object } of span.points) {
      const words = analysis.spans.words.slice(hit.start, hit.end).join(' ');
      let line = `- **${hit.name}**（“${words}”）`;
      if (object) line += `：${object.summary}`;
      const example = object?.examples[0];
      if (example) line += `\n  例句：*${example.first}*${example.second ? `（${example.second}）` : ''}`;
      parts.push(`${line}\n`);
    }
    parts.push('\n');
  } else {
    parts.push('这一部分没有识别出语法库中的语法点。\n\n');
  }

  // A grammar point the learner names but the analysis did not find here.
  const named = catalogue.points.map((p) => p.name).filter((name) => question.includes(name));
  for (const name of named) {
    if (!span.points.some((p) => p.hit.name === name)) parts.push(`句法分析没有在所选部分中识别出“${name}”。`);
  }
  if (!answerableTopics.test(question) && named.length === 0) {
    parts.push(`你的问题“${question.trim()}”超出了句法分析与语法库能回答的范围，以上是对所选部分的分析。${needsModel}`);
  }
  return splitPieces(parts.join(''));
}

/** Pieces of a reply: up to each sentence end or line break, so that it streams in phrases. */
export function splitPieces(text: string): string[] {
  return text.match(/[^。！？\n]*(?:[。！？]+|\n+|$)/g)?.filter((p) => p !== '') ?? [text];
}

/** 3–5 questions about the span that the analysis can answer. */
export function suggestedQuestions(analysis: AnalysisAnswer | null, position: Position, catalogue: GrammarCatalogue): string[] {
  if (!analysis) {
    const label = position.label.trim() || '这一部分';
    return [`${label}在句中起什么作用？`, `${label}通常由哪些词充当？`, `能举一个含有${label}的例句吗？`];
  }
  const span = readSpan(analysis, position, catalogue);
  const questions = [`“${span.text}”在句中作什么成分？`];
  if (span.label === '定语从句' || span.label === '定语') questions.push(`这个${span.label}修饰哪个词？`);
  else if (isClause(span.label)) questions.push(`这个${span.label}在句中起什么作用？`);
  if (span.head.length) questions.push(`“${span.text}”的中心词是哪个？`);
  for (const { hit } of span.points.slice(0, 2)) questions.push(`这里的${hit.name}是怎么构成的？`);
  if (span.clause) questions.push('它在哪个分句里？');
  questions.push(`“${span.text}”和句子其他部分是什么关系？`, '这一部分有哪些语法点？');
  return [...new Set(questions)].slice(0, 5);
}
