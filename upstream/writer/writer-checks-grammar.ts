/**
 * The parser's part of the writer's checks (writer-checks.ts): a sentence the Link Grammar parser
 * cannot link completely is tried again with the learner's usual slips repaired — the verb's
 * other number, an article before a bare singular noun — and reported as that slip when a repair
 * makes it link, or else as a sentence the parser could not link.
 */
import type { PassageSentence, PassageToken, WriterFlag } from '../../lib/contract';
import type { Parse } from '../parser/link-grammar';
import { linkageScore, parserGapWords, positionOf, subjectLinkOf, subjectText, unexcusedWords } from './writer-checks-linkage';
import { type Edit, quote, startsWithVowelSound } from './writer-checks-text';
import type { SpellChecker } from './writer-spelling';

/** A slip tried as a repair of a sentence the parser cannot link. */
interface Repair {
  /** The token it is about (one repair per token). */
  slot: number;
  edit: Edit;
  /**
   * Whether a parse with the repair reads it as meant (a verb made to agree is still a verb, with
   * a subject of its number); a repair that only links by turning the word into something else
   * ("like" as a preposition) is not a correction.
   */
  holds?: (parse: Parse) => boolean;
  /**
   * The flag, explained from the final parse (all the sentence's repairs applied); none for a
   * use the parser does not know but English has ("in hospital"), which it links only so.
   */
  flag: (final: Parse) => WriterFlag | undefined;
}

const maxRepairRounds = 3;
const maxRepairsTried = 10;
/**
 * How long one check may spend on repair parses in all (the first parse of each sentence not
 * counted): past it, a sentence the parser cannot link is reported as such without trying its
 * repairs (a busy machine, a long essay full of slips), so that the learner never waits long.
 */
export const repairBudgetMs = 3_000;

const irregularNumber: Record<string, string[]> = {
  is: ['are', 'am'],
  are: ['is', 'am'],
  am: ['is', 'are'],
  was: ['were'],
  were: ['was'],
  has: ['have'],
  have: ['has'],
  does: ['do'],
  do: ['does'],
};
const singularForms = new Set(['is', 'was', 'has', 'does']);

/** The present-tense verb's form of the other number: go ↔ goes, study ↔ studies, is ↔ are. */
function otherNumber(verb: string): string[] {
  if (irregularNumber[verb]) return irregularNumber[verb];
  if (/ed$/.test(verb) || verb.length < 2) return [];
  if (/[^aeiou]ies$/.test(verb)) return [verb.replace(/ies$/, 'y')];
  if (/(?:ss|sh|ch|x|z|o)es$/.test(verb)) return [verb.replace(/es$/, '')];
  if (/[^s]s$/.test(verb)) return [verb.slice(0, -1)];
  if (/[^aeiou]y$/.test(verb)) return [verb.replace(/y$/, 'ies')];
  if (/(?:s|sh|ch|x|z|o)$/.test(verb)) return [`${verb}es`];
  return [`${verb}s`];
}

/** The form a singular third-person subject takes. */
const isSingularForm = (form: string, original: string) =>
  singularForms.has(form) || (!irregularNumber[form] && form.length > original.length);

/** Words after which a verb is not the one agreeing with the subject ("will go", "to go", "does go"). */
const notFinite = new Set([
  'to',
  'will',
  'would',
  'can',
  'could',
  'shall',
  'should',
  'may',
  'might',
  'must',
  'do',
  'does',
  'did',
  "n't",
  'not',
  'let',
  'make',
  'made',
  'help',
]);
const possessives = new Set(['my', 'your', 'his', 'her', 'its', 'our', 'their', 'whose']);
/**
 * Places that go without an article after a preposition when they are meant as what they are for
 * ("go to university", "in hospital", "at school", "to bed"): the parser's dictionary does not
 * know this British use and asks for an article, so no article is suggested for them there.
 */
const barePlaces = new Set([
  'school',
  'university',
  'college',
  'hospital',
  'prison',
  'jail',
  'church',
  'bed',
  'class',
  'work',
  'town',
  'sea',
  'court',
  'home',
]);

/** The text of [from, to) with the edits that fall inside it applied. */
function applyEdits(text: string, from: number, to: number, edits: readonly Edit[]): string {
  const inside = edits.filter((e) => e.start >= from && e.end <= to).sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = from;
  for (const edit of inside) {
    if (edit.start < at) continue;
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at, to);
}

const singularPronouns = new Set(['he', 'she', 'it']);
const pluralPronouns = new Set(['we', 'they', 'you']);

/** Nouns that are plural without a plural ending, and that the dictionary also knows as singular ("a people"). */
const pluralNouns = new Set(['people', 'police', 'cattle']);

/**
 * The grammar check of one sentence at a time; `spelling` vets the verb forms a repair tries.
 */
export function createGrammarCheck(spelling: SpellChecker) {
  /** The subject a verb agrees with: the nearest noun or pronoun before it in the sentence. */
  function subjectBefore(words: readonly PassageToken[], at: number): PassageToken | undefined {
    for (let i = at - 1; i >= 0; i--) {
      const t = words[i];
      if (t.pos === 'NOUN' || t.pos === 'PRON' || t.pos === 'PROPN') return t;
      if (t.pos === 'VERB' || t.pos === 'AUX' || t.pos === 'ADP' || t.pos === 'SCONJ') return undefined;
    }
    return undefined;
  }

  /**
   * The repairs worth trying in a sentence, nearest to the words the parser left unlinked first
   * (a slip leaves its neighbours unlinked: "[He] go", "students [is] [happy]"), at most
   * maxRepairsTried of them: each try is a parse.
   */
  function repairsOf(sentence: PassageSentence, unlinked: readonly string[]): Repair[] {
    const words = sentence.tokens.filter((t) => t.is_word);
    const loose = new Set(unlinked.map((w) => w.toLowerCase()));
    const marked = words.flatMap((t, i) => (loose.has(t.text.toLowerCase()) ? [i] : []));
    const distance = (slot: number) => (marked.length ? Math.min(...marked.map((m) => Math.abs(m - slot))) : 0);
    return candidateRepairs(sentence, words)
      .sort((a, b) => distance(a.slot) - distance(b.slot))
      .slice(0, maxRepairsTried);
  }

  function candidateRepairs(sentence: PassageSentence, words: readonly PassageToken[]): Repair[] {
    const repairs: Repair[] = [];
    for (const [i, token] of words.entries()) {
      const lower = token.text.toLowerCase();
      if (!/^[a-z]+$/i.test(token.text)) continue;
      // The verb's other number, when a subject comes right before it.
      // Only a present-tense form has a number to get wrong: the base form or its -s form, or
      // a form of be, have or do ("saw" and "taking" have none).
      const present =
        Object.hasOwn(irregularNumber, lower) ||
        token.lemma === lower ||
        (token.lemma !== undefined && otherNumber(token.lemma).includes(lower));
      if ((token.pos === 'VERB' || token.pos === 'AUX') && present && !notFinite.has(words[i - 1]?.text.toLowerCase() ?? '')) {
        const subject = subjectBefore(words, i);
        if (subject) {
          for (const form of otherNumber(lower).filter((f) => spelling.correct(f))) {
            const singular = isSingularForm(form, lower);
            // The verb in a parse of the repaired sentence: the same occurrence of its new form.
            const rank = words.slice(0, i).filter((w) => w.text.toLowerCase() === form).length;
            const verbIn = (parse: Parse) => positionOf(parse, form, rank);
            const subjectIn = (parse: Parse) => subjectLinkOf(parse, verbIn(parse));
            repairs.push({
              slot: i,
              edit: { start: token.start, end: token.end, text: form },
              holds: (parse) => {
                // Still read as a verb (not "like" as a preposition): a verb's subscript, or a subject.
                const link = subjectIn(parse);
                if (!link && !parse.subscripts[verbIn(parse)]?.startsWith('v')) return false;
                const linked = link && subjectText(parse, link).toLowerCase();
                // A pronoun right before the verb is its subject whatever the parse links ("…, and
                // I have never…" is not "advice has"). "am" goes with "I" alone; "I" takes neither
                // a third-person form nor "are"; the other personal pronouns have one number each.
                const pronoun = words[i - 1]?.pos === 'PRON' ? words[i - 1].text.toLowerCase() : undefined;
                const subjects = [linked, pronoun].filter((who): who is string => who !== undefined);
                if (form === 'am' && !subjects.includes('i')) return false;
                for (const who of subjects) {
                  if (who === 'i' && (singular || form === 'are')) return false;
                  if (singular ? pluralPronouns.has(who) : singularPronouns.has(who)) return false;
                }
                if (!linked) return true;
                // A plural noun ("people", "children") does not take the singular the repair made.
                const noun = words.find((w) => w.text.toLowerCase() === linked && w.pos === 'NOUN');
                const plural = pluralNouns.has(linked) || (noun?.lemma !== undefined && noun.lemma !== linked);
                return !(singular && plural);
              },
              flag: (final) => {
                const link = subjectIn(final);
                // As the learner wrote it (the parser lowercases the sentence's first word).
                const named = link
                  ? subjectText(final, link)
                      .split(' ')
                      .map((part) => words.find((w) => w.text.toLowerCase() === part.toLowerCase())?.text ?? part)
                      .join(' ')
                  : subject.text;
                return {
                  kind: 'agreement',
                  start: token.start,
                  end: token.end,
                  text: token.text,
                  message: singular
                    ? `主谓不一致：主语 ${quote(named)} 是第三人称单数，谓语动词要用单数形式，${quote(token.text)} 应改为 ${quote(form)}。`
                    : `主谓不一致：主语 ${quote(named)} 是复数（或 I、you），谓语动词不能用第三人称单数形式，${quote(token.text)} 应改为 ${quote(form)}。`,
                  suggestions: [form],
                };
              },
            });
          }
        }
      }
      // An article before a bare singular noun (and its adjectives and the nouns before it). An
      // inflected word ends the phrase: it is not a noun's modifier but, mostly, a verb the tagger
      // took for a plural noun ("The museum houses collection of…").
      if (token.pos === 'NOUN' && token.lemma === lower) {
        let first = i;
        while (
          first > 0 &&
          ['ADJ', 'NOUN', 'ADV'].includes(words[first - 1].pos) &&
          /^[a-z]/.test(words[first - 1].text) &&
          !(words[first - 1].pos === 'NOUN' && words[first - 1].lemma !== words[first - 1].text)
        )
          first--;
        const before = words[first - 1];
        const determined =
          before !== undefined &&
          (before.pos === 'DET' || before.pos === 'NUM' || before.pos === 'PART' || possessives.has(before.text.toLowerCase()));
        if (determined) continue;
        if (first === i && barePlaces.has(lower) && before?.pos === 'ADP') {
          repairs.push({ slot: i, edit: { start: token.start, end: token.start, text: 'the ' }, flag: () => undefined });
          continue;
        }
        const head = words[first];
        const phrase = sentence.text.slice(head.start - sentence.start, token.end - sentence.start);
        for (const article of [startsWithVowelSound(head.text) ? 'an' : 'a', 'the']) {
          repairs.push({
            slot: i,
            edit: { start: head.start, end: head.start, text: `${article} ` },
            flag: () => ({
              kind: 'article',
              start: head.start,
              end: token.end,
              text: phrase,
              message: `缺少冠词：${quote(token.text)} 是可数名词单数，前面要有冠词或限定词——泛指用 a/an，特指用 the，也可以用 my、this 等，这里可写作 ${quote(`${article} ${phrase}`)}。`,
              suggestions: [`${article} ${phrase}`],
            }),
          });
        }
      }
    }
    return repairs;
  }

  /** The grammar flags of one sentence; `base` are the fixes already known (spelling, a/an). */
  async function grammarOf(
    text: string,
    sentence: PassageSentence,
    base: readonly Edit[],
    parseNow: (sentence: string) => Promise<Parse>,
    /** The time the check's repair parses have taken so far, in ms; this sentence's are added. */
    repairs: { spentMs: number },
  ): Promise<WriterFlag[]> {
    const end = sentence.start + sentence.text.trimEnd().length;
    const parseWith = (edits: readonly Edit[]) => parseNow(applyEdits(text, sentence.start, end, edits));
    const first = await parseWith(base);
    const excused = parserGapWords(sentence.text);
    const unlinked = unexcusedWords(first, excused);
    let nulls = linkageScore(first, excused);
    if (nulls === 0) return [];

    const candidates = repairsOf(sentence, unlinked);
    const applied: Repair[] = [];
    let final = first;
    for (let round = 0; round < maxRepairRounds && nulls > 0; round++) {
      let best: { repair: Repair; nulls: number; parse: Parse } | undefined;
      for (const repair of candidates) {
        if (repairs.spentMs > repairBudgetMs) break;
        if (applied.some((a) => a.slot === repair.slot)) continue;
        const started = performance.now();
        const parse = await parseWith([...base, ...applied.map((a) => a.edit), repair.edit]);
        repairs.spentMs += performance.now() - started;
        if (repair.holds && !repair.holds(parse)) continue;
        const n = linkageScore(parse, excused);
        if (n < (best?.nulls ?? nulls)) best = { repair, nulls: n, parse };
        if (n === 0) break;
      }
      if (!best) break;
      applied.push(best.repair);
      nulls = best.nulls;
      final = best.parse;
    }
    if (nulls === 0) return applied.flatMap((a) => a.flag(final) ?? []);
    // Only the odd reading and no repair for it: the parser did link every word.
    if (unlinked.length === 0) return [];

    const words = [...new Set(unlinked)].slice(0, 5).map(quote).join('、');
    return [
      {
        kind: 'grammar',
        start: sentence.start,
        end,
        text: text.slice(sentence.start, end),
        message: `语法分析无法把这句话的所有词连成完整的句子结构（连不上的词：${words}），可能有语法错误，如缺少谓语动词、成分多余、词性或搭配不当，请检查；如果确认无误，也可能是分析器不熟悉的用法。`,
        suggestions: [],
      },
    ];
  }

  return { grammarOf };
}
