/*
 * Plain-text handling for the content library: paragraphs, sentences, tokens and the words that
 * the word index stores. Pure functions, no I/O, so the same rules apply to the seed corpora,
 * the operator's imports and the annotation screen. Sentence rules are the shared ones.
 */

import { splitSentences as sentencesOf } from '../../lib/text/sentences';

/**
 * Splits text into paragraphs: blank lines separate them, and a Markdown heading, list item or
 * quote line stands on its own. Hard-wrapped lines (as in Project Gutenberg texts) are joined.
 */
export function paragraphsOf(text: string): string[] {
  return paragraphBlocks(text).map((block) => block.text);
}

/** The paragraphs of paragraphsOf, each saying whether it was a Markdown heading (a paper's sections). */
export function paragraphBlocks(text: string): { text: string; heading: boolean }[] {
  const blocks: { text: string; heading: boolean }[] = [];
  let current: string[] = [];
  let heading = false;
  const flush = () => {
    const joined = cleanInline(current.join(' '));
    if (joined) blocks.push({ text: joined, heading });
    current = [];
    heading = false;
  };
  for (const rawLine of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trim();
    if (!line) {
      flush();
      continue;
    }
    const block = /^(#{1,6}\s+|>\s?|[-*+]\s+|\d{1,3}[.)]\s+)/.exec(line);
    if (block) {
      flush();
      current.push(line.slice(block[0].length));
      // Headings end where their line ends; list items and quotes may wrap.
      if (block[0].startsWith('#')) {
        heading = true;
        flush();
      }
      continue;
    }
    current.push(line);
  }
  flush();
  return blocks;
}

// Markdown emphasis, code and links would otherwise reach the sentences as stray symbols. A
// number between double underscores is a paper's blank (`__12__`), not emphasis, and stays.
function cleanInline(text: string): string {
  return text
    .replace(/__(\d{1,3})__/g, '\uE000$1\uE000')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\p{L}\p{N}])[*_](?=\S)([^*_]*?\S)[*_](?![\p{L}\p{N}])/gu, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\uE000(\d+)\uE000/g, '__$1__')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The paragraphs (as paragraphSentences counts them) that are `## ` headings: a paper's sections
 * open there.
 */
export function headingParagraphs(text: string): number[] {
  const headings: number[] = [];
  let index = 0;
  for (const block of paragraphBlocks(text)) {
    if (!sentencesOf(block.text).length) continue;
    if (block.heading) headings.push(index);
    index++;
  }
  return headings;
}

/** The sentences of a text, in order, each trimmed, with its closing quotes and brackets. */
export function splitSentences(text: string): string[] {
  return paragraphSentences(text).flat();
}

/** The sentences of a text by paragraph: what splitSentences answers, grouped as written. */
export function paragraphSentences(text: string): string[][] {
  // Paragraphs first: they join hard-wrapped lines and strip Markdown, which the shared splitter
  // (working on offsets into the raw text) leaves alone.
  return paragraphsOf(text)
    .map((paragraph) => sentencesOf(paragraph))
    .filter((sentences) => sentences.length > 0);
}

export interface Token {
  text: string;
  /** Offset of the token in the sentence, in UTF-16 code units. */
  start: number;
  /** True for a word or number, false for punctuation and symbols. */
  isWord: boolean;
}

// A word: letters and digits, possibly joined by an apostrophe ("don't"), a hyphen
// ("waistcoat-pocket") or a point ("3.14", "U.S"). Anything else is punctuation, one token per
// run of the same mark ("...", "--"), so that every token can be shown and clicked on its own.
const tokenPattern = /[\p{L}\p{N}\p{M}]+(?:['’\-.][\p{L}\p{N}\p{M}]+)*|([^\s\p{L}\p{N}])\1*/gu;

/** Splits a sentence into words and punctuation marks, in order; whitespace is dropped. */
export function tokenize(sentence: string): Token[] {
  const tokens: Token[] = [];
  for (const match of sentence.matchAll(tokenPattern)) {
    tokens.push({ text: match[0], start: match.index, isWord: match[1] === undefined });
  }
  return tokens;
}

/**
 * The index forms of one word token: lower case, typographic apostrophe made straight, the
 * possessive 's dropped ("Alice's" counts as "alice"). A hyphenated compound is indexed whole and
 * by its parts, so "well-known" is found both as itself and as "known".
 */
export function indexFormsOf(token: string): string[] {
  if (!/\p{L}/u.test(token)) return [];
  const word = token.toLowerCase().replace(/’/g, "'").replace(/'s$/, '');
  if (!word.includes('-')) return [word];
  return [word, ...word.split('-').filter((part) => /\p{L}/u.test(part))];
}

/** How often each index form occurs in a sentence. */
export function wordCounts(sentence: string): Map<string, number> {
  return analyse(sentence).counts;
}

/** A sentence's word count and index forms, from one pass over its tokens. */
export function analyse(sentence: string): { words: number; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  let words = 0;
  for (const token of tokenize(sentence)) {
    if (!token.isWord) continue;
    words++;
    for (const form of indexFormsOf(token.text)) counts.set(form, (counts.get(form) ?? 0) + 1);
  }
  return { words, counts };
}

/** The number of words (and numbers) in a sentence, punctuation not counted. */
export function wordCount(sentence: string): number {
  return tokenize(sentence).filter((t) => t.isWord).length;
}

/** Normalises a word form the way the index does, for looking forms up. */
export function indexKey(form: string): string {
  return form.trim().toLowerCase().replace(/’/g, "'");
}
