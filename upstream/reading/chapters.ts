import type { DocumentSentence } from '../../lib/contract';
import { wordCount } from './text';

/*
 * A book's chapters, told from its headings: a short paragraph "CHAPTER I. Down the Rabbit-Hole",
 * "Chapter 1", "Book II", "第三章", or a bare numeral ("IV") followed by a title line in capitals
 * ("BUSTER BEAR GOES FISHING"), as Project Gutenberg texts and most plain-text books set them.
 * A text with no such headings has no chapters: it is read whole.
 */

export interface Chapter {
  /** 1, 2, 3… in the order of the text. */
  number: number;
  /** The chapter's name: its title when it has one, else its heading ("Chapter 1"). */
  title: string;
  /** The index of the heading's paragraph among the document's paragraphs. */
  paragraph: number;
  /** The id of the heading's first sentence. */
  sentence_id: number;
}

// "Chapter 3", "BOOK II", and a Chinese edition's "第三章" / "第12回".
const labelled = /^(?:(?:chapter|book|part)\s+(?:[ivxlcdm]+|\d{1,3})\b|第[一二三四五六七八九十百千零〇两\d]+[章回卷部节])\.?\s*/i;
const bareNumeral = /^(?:[IVXLCDM]+|\d{1,3})\.?$/;
const headingWords = 12;
const titleWords = 10;

const isShort = (paragraph: DocumentSentence[], words: number) =>
  paragraph.length <= 2 && paragraph.every((s) => wordCount(s.text) <= words);

/**
 * A title line of its own after a heading: one short line in capitals ("BUSTER BEAR GOES
 * FISHING"), or, after a labelled heading, one that opens with a capital and does not end as a
 * sentence does ("Alice's Evidence").
 */
function titleLine(paragraph: DocumentSentence[] | undefined, afterLabel: boolean): string | undefined {
  if (paragraph?.length !== 1) return undefined;
  const [{ text }] = paragraph;
  if (wordCount(text) > titleWords || !/^\p{Lu}/u.test(text)) return undefined;
  if (!/\p{Ll}/u.test(text)) return text;
  return afterLabel && !/[.!?…:;,'"’”)]$/.test(text) ? text : undefined;
}

const tidy = (title: string) => title.replace(/[.\s]+$/, '').trim();

/** The chapters of a document from its paragraphs of sentences; [] when it has no headings. */
export function chaptersOf(paragraphs: DocumentSentence[][]): Chapter[] {
  const chapters: Chapter[] = [];
  for (const [index, paragraph] of paragraphs.entries()) {
    const first = paragraph[0]?.text ?? '';
    let title: string | undefined;
    if (labelled.test(first) && isShort(paragraph, headingWords)) {
      title = first.replace(labelled, '') || paragraph[1]?.text || titleLine(paragraphs[index + 1], true) || first;
    } else if (bareNumeral.test(first) && paragraph.length === 1) {
      title = titleLine(paragraphs[index + 1], false);
    }
    if (title === undefined) continue;
    chapters.push({ number: chapters.length + 1, title: tidy(title), paragraph: index, sentence_id: paragraph[0].id });
  }
  return chapters;
}
