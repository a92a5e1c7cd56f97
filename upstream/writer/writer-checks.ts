import type { PassageToken, WriterFlag, WriterProfile } from '../../lib/contract';
import type { Ecdict } from '../dictionary/ecdict';
import { type Parse, ParserUnavailable } from '../parser/link-grammar';
import type { PassageAnalysis } from '../passage/passage';
import { createGrammarCheck } from './writer-checks-grammar';
import { everyFewRewrites } from './writer-checks-linkage';
import { profileOf } from './writer-checks-profile';
import { type Edit, quote, startsWithVowelSound } from './writer-checks-text';
import type { SpellChecker } from './writer-spelling';

export { repairBudgetMs } from './writer-checks-grammar';
export { parserGapWords } from './writer-checks-linkage';
export { profileOf } from './writer-checks-profile';
export { startsWithVowelSound } from './writer-checks-text';

/*
 * The writer's offline checks over a text the passage reader has split and tagged (passage.ts):
 *  - spelling (nspell + dictionary-en), leaving out names, numbers, acronyms and words ECDICT
 *    knows as real words (an exam tag or a corpus rank: "colour", "realise", "Beijing");
 *  - "a" / "an" by the next word's first sound (CMU pronouncing dictionary);
 *  - a word written twice in a row;
 *  - sentences over 40 words;
 *  - with the Link Grammar parser: a sentence it cannot link completely (null-linked words) is
 *    likely ungrammatical. Before calling it that, the checker tries the learner's usual slips as
 *    repairs — the verb's other number ("He go" → goes, "students is" → are) and an article
 *    before a bare singular noun ("have car" → a car) — and re-parses: a repair after which the
 *    whole sentence links is reported as that error, with its fix; otherwise the sentence is
 *    reported as one the parser could not link. Spelling, a/an and repetition fixes are applied
 *    before parsing, so that one slip is not reported twice. Constructions English has and the
 *    parser's dictionary lacks ("the more…, the more…", inversions, "every few minutes") are
 *    excused or read for the parse only, so that right English is not called suspect.
 */

export interface WriterCheckDeps {
  ecdict: Pick<Ecdict, 'get'>;
  spelling: SpellChecker;
  /** The shared Link Grammar worker's parse, or null when link-parser is not installed. */
  parse: ((sentence: string) => Promise<Parse>) | null;
}

export interface WriterCheckResult {
  flags: WriterFlag[];
  profile: WriterProfile;
  grammar_checked: boolean;
  grammar_note?: string;
}

export const longSentenceWords = 40;

/** Twice in a row on purpose: "had had", "that that". */
const doubledOnPurpose = new Set(['had', 'that', 'very', 'ha', 'bye', 'no']);

const isLetters = (word: string) => /^[A-Za-z]+(?:[-'][A-Za-z]+)*$/.test(word);

export function createWriterChecker({ ecdict, spelling, parse }: WriterCheckDeps) {
  /** ECDICT knows a word as a real one: it has an exam tag or a corpus rank (it also lists typos). */
  function knownWord(word: string): boolean {
    const entry = ecdict.get(word.toLowerCase());
    return entry !== undefined && (entry.tag.trim() !== '' || entry.frq > 0 || entry.bnc > 0);
  }

  function spelledRight(word: string): boolean {
    if (spelling.correct(word) || spelling.correct(word.toLowerCase()) || knownWord(word)) return true;
    const parts = word.split('-');
    return parts.length > 1 && parts.every((p) => p === '' || spelling.correct(p) || knownWord(p));
  }

  function spellingFlag(token: PassageToken, firstWord: boolean): WriterFlag | undefined {
    const word = token.text;
    if (!isLetters(word) || word.length < 2) return undefined;
    // Names, acronyms: a proper noun, a capital inside the sentence, or all capitals.
    if (token.pos === 'PROPN' || /^[A-Z]{2,}$/.test(word) || (!firstWord && /^[A-Z]/.test(word))) return undefined;
    if (spelledRight(word)) return undefined;
    const suggestions = spelling
      .suggest(word)
      .filter((s) => !/^[A-Z]/.test(s) || /^[A-Z]/.test(word))
      .slice(0, 3);
    const message = suggestions.length
      ? `${quote(word)} 可能拼错了，词典里没有这个词。建议改为 ${suggestions.map(quote).join(' 或 ')}。`
      : `${quote(word)} 可能拼错了，词典里没有这个词，请检查拼写。`;
    return { kind: 'spelling', start: token.start, end: token.end, text: word, message, suggestions };
  }

  function articleFormFlag(article: PassageToken, next: PassageToken): WriterFlag | undefined {
    const lower = article.text.toLowerCase();
    if ((lower !== 'a' && lower !== 'an') || !next.is_word || !/^[A-Za-z]/.test(next.text)) return undefined;
    const wanted = startsWithVowelSound(next.text) ? 'an' : 'a';
    if (lower === wanted) return undefined;
    const fixed = article.text[0] === 'A' ? wanted[0].toUpperCase() + wanted.slice(1) : wanted;
    const message =
      wanted === 'an'
        ? `${quote(next.text)} 以元音音素开头，前面的不定冠词要用 an，不用 a（如 an apple, an hour）。`
        : `${quote(next.text)} 以辅音音素开头，前面的不定冠词要用 a，不用 an（如 a book, a university）。`;
    return { kind: 'article', start: article.start, end: article.end, text: article.text, message, suggestions: [fixed] };
  }

  const { grammarOf } = createGrammarCheck(spelling);

  async function check(text: string, passage: PassageAnalysis): Promise<WriterCheckResult> {
    const flags: WriterFlag[] = [];
    /** Fixes known before parsing, and readings for the parse only, by sentence. */
    const fixes: Edit[][] = passage.sentences.map(() => []);

    for (const [s, sentence] of passage.sentences.entries()) {
      const words = sentence.tokens.filter((t) => t.is_word);
      for (const [i, token] of words.entries()) {
        const spelled = spellingFlag(token, i === 0);
        if (spelled) {
          flags.push(spelled);
          if (spelled.suggestions[0]) fixes[s].push({ start: token.start, end: token.end, text: spelled.suggestions[0] });
        }
        const next = words[i + 1];
        const form = next && articleFormFlag(token, next);
        if (form) {
          flags.push(form);
          fixes[s].push({ start: token.start, end: token.end, text: form.suggestions[0] });
        }
        const previous = words[i - 1];
        const lower = token.text.toLowerCase();
        if (
          previous &&
          previous.text.toLowerCase() === lower &&
          /^[a-z]+$/i.test(lower) &&
          !doubledOnPurpose.has(lower) &&
          /^\s+$/.test(text.slice(previous.end, token.start))
        ) {
          flags.push({
            kind: 'repeat',
            start: token.start,
            end: token.end,
            text: token.text,
            message: `${quote(token.text)} 连续写了两次，删去一个。`,
            suggestions: [''],
          });
          fixes[s].push({ start: previous.end, end: token.end, text: '' });
        }
      }
      fixes[s].push(...everyFewRewrites(sentence));
      if (words.length > longSentenceWords) {
        const end = sentence.start + sentence.text.trimEnd().length;
        flags.push({
          kind: 'long_sentence',
          start: sentence.start,
          end,
          text: text.slice(sentence.start, end),
          message: `这个句子有 ${words.length} 个词，过长的句子容易出错、也不易读懂。考试作文中一句话最好不超过 ${longSentenceWords} 个词，可以拆成两三个句子。`,
          suggestions: [],
        });
      }
    }

    let grammarChecked = parse !== null;
    let grammarNote = parse
      ? undefined
      : '服务器未安装 Link Grammar 语法分析器，本次未做语法检查（拼写、重复词、句长和词汇分析照常）。';
    if (parse) {
      const repairs = { spentMs: 0 };
      for (const [s, sentence] of passage.sentences.entries()) {
        // Headings and salutations ("My Summer", "Dear Tom,") are not sentences to parse.
        if (!/[.!?]["'”’)]*\s*$/.test(sentence.text)) continue;
        // An over-long sentence is flagged for its length; the parser is not asked about it.
        const count = sentence.tokens.filter((t) => t.is_word).length;
        if (count < 2 || count > longSentenceWords) continue;
        try {
          flags.push(...(await grammarOf(text, sentence, fixes[s], parse, repairs)));
        } catch (error) {
          if (error instanceof ParserUnavailable) {
            grammarChecked = false;
            grammarNote = '语法分析器暂时不可用，本次未做语法检查，请稍后再试。';
            break;
          }
          // One sentence the parser choked on (too long, timed out) is left unchecked.
        }
      }
      if (!grammarChecked) for (let i = flags.length - 1; i >= 0; i--) if (flags[i].kind === 'grammar') flags.splice(i, 1);
    }

    flags.sort((a, b) => a.start - b.start || a.end - b.end);
    return {
      flags,
      profile: profileOf(passage),
      grammar_checked: grammarChecked,
      ...(grammarNote ? { grammar_note: grammarNote } : {}),
    };
  }

  return { check };
}

export type WriterChecker = ReturnType<typeof createWriterChecker>;
