import type { GrammarObject } from '../../../lib/contract';

export type Category = '时态' | '语态' | '从句' | '非谓语动词' | '特殊句式' | '语气' | '比较' | '句子成分' | '句型';

export interface PointText {
  name: string;
  category: Category;
  summary: string;
  /** 定义: one or two plain sentences. */
  definition: string;
  /** 结构: markdown (formulas, lists). */
  structure: string;
  /** 用法要点: markdown. */
  usage: string;
  /** 易错点: markdown. */
  pitfalls: string;
  /** 2–4 examples: English, Chinese. */
  examples: [string, string][];
}

/** A catalogue entry in the spec's Explanation shape, its sections in the usual teaching order. */
export function point(p: PointText): GrammarObject {
  return {
    name: p.name,
    category: p.category,
    summary: p.summary,
    explanation: {
      explanation: {
        title: p.name,
        content: [
          { text_type: 'h2', text: '定义' },
          { text_type: 'plain', text: p.definition },
          { text_type: 'h2', text: '结构' },
          { text_type: 'md', text: p.structure },
          { text_type: 'h2', text: '用法要点' },
          { text_type: 'md', text: p.usage },
          { text_type: 'h2', text: '易错点' },
          { text_type: 'md', text: p.pitfalls },
          { text_type: 'h2', text: '例句' },
          { text_type: 'md', text: p.examples.map(([en, zh]) => `- ${en}\n  ${zh}`).join('\n') },
        ],
      },
    },
    examples: p.examples.map(([first, second]) => ({ first, second })),
  };
}
