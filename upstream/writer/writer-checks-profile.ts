/**
 * The exam-word profile of a text in the writer (writer-checks.ts).
 */
import type { WriterProfile } from '../../lib/contract';
import type { PassageAnalysis } from '../passage/passage';
import { levels, textLevel } from '../reading/profile';

const levelNames = [...levels, { level: 6, label: '超纲', exam: '超出考试大纲' }];
const contentPos = new Set(['NOUN', 'VERB', 'ADJ', 'ADV']);
/** Words every essay needs often: not "overused". */
const commonContent = new Set([
  'be',
  'have',
  'do',
  'say',
  'get',
  'make',
  'go',
  'can',
  'will',
  'would',
  'should',
  'not',
  'also',
  'so',
  'very',
  'more',
  'most',
  'people',
  'think',
]);

/** The exam-word profile of the text, from the passage reader's levels. */
export function profileOf(passage: Pick<PassageAnalysis, 'sentences'>): WriterProfile {
  const running: number[] = [];
  const lemmas = new Map<string, { level?: number; count: number; content: boolean }>();
  const sentenceWords: number[] = [];
  let words = 0;
  for (const sentence of passage.sentences) {
    let inSentence = 0;
    for (const t of sentence.tokens) {
      if (!t.is_word) continue;
      words++;
      inSentence++;
      if (!t.lemma || /\d/.test(t.text) || t.pos === 'PROPN') continue;
      if (t.level !== undefined) running.push(t.level);
      const known = lemmas.get(t.lemma) ?? { level: t.level, count: 0, content: contentPos.has(t.pos) };
      known.count++;
      lemmas.set(t.lemma, known);
    }
    if (inSentence > 0) sentenceWords.push(inSentence);
  }
  const level = textLevel(running);
  const overusedAt = Math.max(4, Math.ceil(words * 0.02));
  return {
    word_count: words,
    sentence_count: sentenceWords.length,
    average_sentence_words: sentenceWords.length ? Math.round((words / sentenceWords.length) * 10) / 10 : 0,
    longest_sentence_words: Math.max(0, ...sentenceWords),
    distinct_words: lemmas.size,
    level,
    level_exam: levelNames.find((l) => l.level === level)?.exam ?? '',
    levels: levelNames.map((l) => ({
      level: l.level,
      label: l.label,
      exam: l.exam,
      count: running.filter((r) => r === l.level).length,
    })),
    advanced_words: [...lemmas.entries()]
      .filter(([lemma, w]) => w.level !== undefined && w.level >= 4 && /^[a-z-]+$/.test(lemma))
      .slice(0, 30)
      .map(([lemma, w]) => ({ lemma, level: w.level as number })),
    overused_words: [...lemmas.entries()]
      .filter(([lemma, w]) => w.content && w.count >= overusedAt && !commonContent.has(lemma) && lemma.length > 2)
      .sort((a, b) => b[1].count - a[1].count)
      .slice(0, 5)
      .map(([lemma, w]) => ({ lemma, count: w.count })),
  };
}
