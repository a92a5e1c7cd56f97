import { paragraphBlocks, splitSentences } from './text';
import { levelLabel, runningWords, textLevel, type Lexicon } from './profile';
import type { DocumentFile } from './document-file';

/*
 * The check every text written for Yujing passes (`npm run check:content`, and a test over all of
 * `content/`): that its words are those of the level it is written for, that its sentences are of
 * that level's length, and for a paper that every question is answered from its own section.
 */

/** The longest average sentence, in words, of each level (content/README.md). */
export const sentenceWordsOfLevel: Readonly<Record<number, number>> = { 1: 12, 2: 16, 3: 21, 4: 25, 5: 28 };

export interface TextReport {
  stated: number;
  /** The level the product's rule gives the text (profile.ts). */
  computed: number;
  words: number;
  sentences: number;
  /** The share of running words whose level is the stated one or below. */
  withinShare: number;
  averageSentence: number;
  /** The commonest running words above the stated level (lemmas, most frequent first). */
  hardWords: string[];
  problems: string[];
}

/**
 * A text is within its level when the rule places it at the stated level or one below (a text
 * need not use every word of its level), and its sentences are no longer on average than the
 * level allows. Headings and Chinese lines (a paper's instructions) are not the text.
 */
export function checkText(doc: DocumentFile, lexicon: Lexicon): TextReport {
  const problems: string[] = [];
  const stated = doc.stated_level;
  if (!stated) problems.push('the header has no level');
  const sentences = splitSentences(
    paragraphBlocks(doc.text)
      .filter((b) => !b.heading && !/\p{Script=Han}/u.test(b.text))
      .map((b) => b.text)
      .join('\n\n'),
  );
  const { wordCount, words } = runningWords(sentences, lexicon);
  const level = stated ?? 5;
  const computed = textLevel(words.map((w) => w.level));
  const within = words.filter((w) => w.level <= level).length;
  const hard = new Map<string, number>();
  for (const w of words) if (w.level > level) hard.set(w.lemma, (hard.get(w.lemma) ?? 0) + 1);
  const averageSentence = sentences.length ? wordCount / sentences.length : 0;
  if (stated && computed > stated) problems.push(`too hard: reads as ${computed} ${levelLabel(computed)}`);
  if (stated && computed < stated - 1) problems.push(`too easy: reads as ${computed} ${levelLabel(computed)}`);
  if (stated && averageSentence > sentenceWordsOfLevel[stated]) {
    problems.push(`sentences of ${averageSentence.toFixed(1)} words on average (at most ${sentenceWordsOfLevel[stated]})`);
  }
  return {
    stated: level,
    computed,
    words: wordCount,
    sentences: sentences.length,
    withinShare: words.length ? within / words.length : 1,
    averageSentence,
    hardWords: [...hard]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([lemma]) => lemma),
    problems,
  };
}

// Typographic quotes and dashes and runs of spaces do not make evidence differ from its passage.
export const normalised = (text: string) =>
  text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/[–—]/g, '-').replace(/\s+/g, ' ').trim().toLowerCase();

/** The paper's sections: the paragraphs after each `## ` heading, as one text. */
export function paperSections(text: string): { title: string; text: string }[] {
  const sections: { title: string; text: string }[] = [];
  for (const block of paragraphBlocks(text)) {
    if (block.heading) sections.push({ title: block.text, text: '' });
    else if (sections.length) sections[sections.length - 1].text += `${block.text}\n`;
  }
  return sections;
}
