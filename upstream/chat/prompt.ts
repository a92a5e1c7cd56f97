import type { AnalysisAnswer, ChatRecord } from '../../lib/contract';
import type { GrammarCatalogue } from '../analysis/types';
import type { ModelMessage } from '../platform/language-model';
import { type Position, readSpan, spansAsText, wordsText } from './span-reading';

/*
 * The tutor's prompt: the model answers from the parse and the grammar points of the sentence,
 * which go into it as text, and from the conversation so far.
 */

const role = [
  '你是“语境”的英语语法老师，学生是以中文为母语、备考中考、高考、四六级、考研的英语学习者。',
  '用简体中文回答，使用 Markdown，简洁、准确、循序渐进；英文例子保留英文。',
  '回答要以下面给出的句法分析和语法点为依据；分析未涉及的内容可以补充，但不要与分析矛盾。',
  '提到语法点时使用中国英语教学的标准名称（如 定语从句、被动语态、现在完成时）。',
].join('\n');

export function tutorMessages(
  conversation: { sentence: string | null; analysis: AnalysisAnswer | null },
  position: Position & { question: string },
  history: ChatRecord[],
  catalogue: GrammarCatalogue,
  /** The experts' current instruction for the tutor (query_expert_instruction), if any. */
  expertInstruction?: string,
): ModelMessage[] {
  const context: string[] = [role];
  // The teachers' own rules for the tutor come right after the role, before the sentence's facts,
  // so that they shape how every answer is given; the analysis stays the ground truth.
  if (expertInstruction?.trim())
    context.push('', '本站教师对你的要求（请遵照执行，但不得违背下面的分析）：', expertInstruction.trim());
  const { analysis } = conversation;
  if (conversation.sentence) context.push('', `句子：${conversation.sentence}`);
  if (analysis) {
    const { words } = analysis.spans;
    context.push('', '分词（从 0 开始编号）：', words.map((w, i) => `${i}:${w}`).join(' '));
    context.push('', '句子成分（分层，区间为词的编号 [起, 止)）：', spansAsText(analysis) || '（无）');
    context.push('', '句中的语法点：');
    if (analysis.grammar_points.length === 0) context.push('（未识别出语法点）');
    for (const hit of analysis.grammar_points) {
      const summary = catalogue.byName(hit.name)?.summary;
      context.push(`- ${hit.name}：“${wordsText(words, hit.start, hit.end)}”${summary ? `——${summary}` : ''}`);
    }
    context.push(
      '',
      `句子译文${analysis.translation_source === 'gloss' ? '（逐词释义，非完整译文）' : ''}：${analysis.translation}`,
    );
    const span = readSpan(analysis, position, catalogue);
    context.push('', `学生选中的部分：“${span.text}”（第 ${position.start}–${position.end - 1} 个词），标注为“${span.label}”。`);
    if (span.head.length) context.push(`其中心词：${span.head.join(' ')}`);
    if (span.points.length) context.push(`其中的语法点：${span.points.map((p) => p.hit.name).join('、')}`);
  } else {
    context.push('', `学生关注的部分：${position.label}`);
  }

  const messages: ModelMessage[] = [{ role: 'system', content: context.join('\n') }];
  for (const message of history) {
    messages.push({ role: message.sender === 'user' ? 'user' : 'assistant', content: message.content });
  }
  messages.push({ role: 'user', content: position.question });
  return messages;
}
