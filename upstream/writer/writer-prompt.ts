import type { WriterFlag, WriterReviewSection } from '../../lib/contract';
import type { ModelMessage } from '../platform/language-model';

/*
 * The writer's prompt: the model reviews the learner's text in three marked parts — a review in
 * Chinese, a corrected version, an estimated band — with the offline checks' findings as hints
 * and the experts' current instruction for the writer scene.
 */

export type ReviewExam = 'cet4' | 'cet6' | 'ky' | 'ielts' | 'gk' | 'general';

const examScales: Record<ReviewExam, string> = {
  gk: '高考英语书面表达（满分 25 分，按五个档次）',
  cet4: '大学英语四级写作（满分 15 分，按五个档次）',
  cet6: '大学英语六级写作（满分 15 分，按五个档次）',
  ky: '考研英语写作（大作文满分 20 分，按五个档次）',
  ielts: 'IELTS Writing（Band 0–9，按四项评分标准）',
  general: '一般写作水平（按 CEFR 等级 A1–C2）',
};

/** The section markers the model writes, and the sections they open. */
export const sectionMarkers: Record<string, WriterReviewSection> = {
  点评: 'review',
  修改稿: 'corrected',
  预估分数: 'band',
};

const role = [
  '你是“语境”的英语写作老师，学生是以中文为母语、备考中考、高考、四六级、考研、雅思的英语学习者。',
  '学生会给你一篇自己写的英文（作文或邮件）。请严格按下面的格式回答，三个标题各占一行，不要写别的标题：',
  '【点评】',
  '用简体中文写：总体评价；内容与结构；语言（语法、拼写、用词、句式），指出具体的句子；最重要的三条修改建议。可用 Markdown 列表。',
  '【修改稿】',
  '修改后的英文全文：只改错误和明显不地道的地方，保留作者的意思、结构和水平，不要加中文。',
  '【预估分数】',
  '一行写出按下面的评分标准估计的分数或档次，再用一两句中文说明理由。',
].join('\n');

export function writerReviewMessages(
  text: string,
  exam: ReviewExam,
  flags: readonly WriterFlag[],
  /** The experts' current instruction for the writer scene (query_expert_instruction), if any. */
  expertInstruction?: string,
): ModelMessage[] {
  const context: string[] = [role];
  // The teachers' own rules come right after the role, so that they shape every review.
  if (expertInstruction?.trim()) context.push('', '本站教师对你的要求（请遵照执行）：', expertInstruction.trim());
  context.push('', `评分标准：${examScales[exam]}`);
  if (flags.length) {
    context.push('', '自动检查已发现的问题（供参考，请在点评中核实并一并说明）：');
    for (const flag of flags.slice(0, 30)) {
      const fix = flag.suggestions[0] ? ` → ${flag.suggestions[0] || '（删去）'}` : '';
      context.push(`- [${flag.kind}] “${flag.text.slice(0, 80)}”${fix}`);
    }
  }
  return [
    { role: 'system', content: context.join('\n') },
    { role: 'user', content: text },
  ];
}

/**
 * Splits the model's text, as it streams, into its sections by the 【…】 markers. A marker may
 * arrive in pieces: text from an unclosed "【" is held back until its "】" comes (or it is clearly
 * no marker). Text before the first marker belongs to the review.
 */
export function createSectionSplitter(emit: (section: WriterReviewSection, content: string) => void) {
  let section: WriterReviewSection = 'review';
  let pending = '';
  /** Drop the line break right after a marker. */
  let afterMarker = false;

  const out = (content: string) => {
    let piece = content;
    if (afterMarker) {
      piece = piece.replace(/^[ \t]*\r?\n?/, '');
      if (piece !== '') afterMarker = false;
    }
    if (piece !== '') emit(section, piece);
  };

  function push(piece: string) {
    pending += piece;
    for (;;) {
      const open = pending.indexOf('【');
      if (open < 0) {
        out(pending);
        pending = '';
        return;
      }
      if (open > 0) out(pending.slice(0, open));
      pending = pending.slice(open);
      const close = pending.indexOf('】');
      if (close < 0) {
        // Wait for the rest of the marker, unless this is plainly not one.
        if (pending.length <= 8) return;
        out(pending.slice(0, 1));
        pending = pending.slice(1);
        continue;
      }
      const name = pending.slice(1, close).trim();
      const next = sectionMarkers[name];
      if (next) {
        section = next;
        afterMarker = true;
      } else {
        out(pending.slice(0, close + 1));
      }
      pending = pending.slice(close + 1);
    }
  }

  return {
    push,
    end() {
      if (pending) out(pending);
      pending = '';
    },
  };
}
