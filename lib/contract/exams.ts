/**
 * The exam tags ECDICT gives its words, easiest first, once for every layer: their Chinese names
 * and the word level the contract's `level` fields count in (1 中考 … 5 考研/雅思/托福, 6 GRE and
 * beyond). The upstream orders a word's tags by it and counts a document's profile over the first
 * six; the reading screens name and mark them.
 */
export const examTags = [
  { tag: 'zk', name: '中考', level: 1 },
  { tag: 'gk', name: '高考', level: 2 },
  { tag: 'cet4', name: '四级', level: 3 },
  { tag: 'cet6', name: '六级', level: 4 },
  { tag: 'ky', name: '考研', level: 5 },
  { tag: 'ielts', name: '雅思', level: 5 },
  { tag: 'toefl', name: '托福', level: 5 },
  { tag: 'gre', name: 'GRE', level: 6 },
] as const;
export type ExamTag = (typeof examTags)[number]['tag'];

const byTag: ReadonlyMap<string, (typeof examTags)[number]> = new Map(examTags.map((e) => [e.tag, e]));

/** The tag's Chinese name; an unknown tag as it is. */
export const examName = (tag: string): string => byTag.get(tag)?.name ?? tag;
/** The tag's word level; an unknown tag is beyond every exam (6). */
export const examLevel = (tag: string): number => byTag.get(tag)?.level ?? 6;
export const isExamTag = (tag: string): tag is ExamTag => byTag.has(tag);

/** The exams a document's profile counts (lib/contract/calls/reading.ts `examProfile`). */
export const profileExams = ['zk', 'gk', 'cet4', 'cet6', 'ky', 'ielts'] as const satisfies readonly ExamTag[];
export type ProfileExam = (typeof profileExams)[number];
