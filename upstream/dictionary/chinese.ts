/**
 * Chinese for a WordNet sense. ECDICT gives Chinese per part of speech (`n. 银行, 堤, 岸`), not per
 * sense, so each sense picks the items of its part of speech that its own neighbourhood supports:
 *
 *  - evidence words: the sense's synonyms, hyponyms and hypernyms, derivations and similar words
 *    (and, weakly, the content words of its definition), each looked up in ECDICT;
 *  - an item of the word scores by how well it matches the evidence words' Chinese (equal, one
 *    containing the other — 岸 in 河岸 —, shared character pairs, shared characters), weighted by
 *    how close the evidence word is to the sense.
 *
 *  - CC-CEDICT read the other way: an item whose English glosses name the sense's synonyms,
 *    hypernyms or definition words (起飞: "to lift off" for "take off, lift off") is supported, and
 *    a Chinese word glossed exactly as one of the sense's synonyms is a candidate of its own
 *    (扑满, 存钱罐: "piggy bank").
 *
 * The items that score well become the sense's short Chinese. When nothing is supported, the
 * sense borrows the Chinese its synonyms agree on; failing that it shows no Chinese at all (the
 * English definition alone) rather than the part of speech's line, whose first items belong to
 * other senses (bank as a row of objects is not 银行). A word with one sense in the part of
 * speech keeps its line: there the line can only mean that sense. A part of speech ECDICT has no
 * line for (the verb "bank") takes the Chinese of a synonym, or failing that of a hypernym.
 *
 * "bank" by a river thus reads 岸, 堤 (riverbank 河岸, 河堤), the money bank 银行 (commercial bank
 * 商业银行, savings bank 储蓄银行), a blood bank's sense 库 (血库), the money box 存钱罐 (coin bank),
 * and "take off" for time off work nothing (its line is 拿掉, 取消, 起飞…, none of them that).
 */
import { type Cedict, glossKey, openCedict } from './cedict';
import { type Collocation, type CollocationChinese, collocationChinese } from './chinese-collocation';
import { aspectWords, senseWords, type SenseWords, stem, vagueWords } from './chinese-sense-words';
import { cjk, core, type Prepared, prepare, similarityPrepared } from './chinese-similarity';
import type { Ecdict } from './ecdict';
import { parseTranslation, type TranslationLine } from './ecdict-text';
import { contentWords, stopWords } from './rank';
import { Lru, pointerGroups, type SenseEntry, type Synset, type WnPos, type WordNet } from './wordnet';

export type { Collocation, CollocationChinese } from './chinese-collocation';
export { genus, stem } from './chinese-sense-words';
export { similarity } from './chinese-similarity';

export interface SenseChinese {
  /** A few words: the best matching items. */
  simple: string;
  /** The matched items, or the part of speech's whole line when nothing matched. */
  full: string;
  /** Whether the items were chosen by evidence (false: the whole line, or a synonym's Chinese). */
  matched: boolean;
}

export interface ChineseMatcher {
  /** Chinese for one sense of `lemma`; `label` is the gloss's POS label (n., v., vt., vi., adj., adv.). */
  forSense(lemma: string, synset: Synset, label: string): SenseChinese | undefined;
  /** A word's short Chinese (first items of its line for `pos`, else its first line), for synonym lists. */
  shortOf(word: string, pos?: WnPos): string | undefined;
  /** ECDICT's lines of a word, inflection notes removed. */
  linesOf(word: string): TranslationLine[];
  /** Fetches the ECDICT rows every sense of a word will need, in a few queries. */
  prefetch(lemma: string, synsets: Synset[]): void;
  /**
   * The word's Chinese inside a two-word collocation of its sentence ("heavy rain" → 大, from
   * 大雨), or undefined when no dictionary renders the collocation as one word built of the
   * neighbour's Chinese and one of the word's own.
   */
  inCollocation(collocation: Collocation): CollocationChinese | undefined;
}

const inflectionNote =
  /的(?:过去式|过去分词|现在分词|现在时|过去时|复数|第三人称|比较级|最高级)|过去式|过去分词|现在分词|第三人称单数/;

const labelsOf: Record<string, string[]> = {
  'n.': ['n.'],
  'v.': ['v.', 'vt.', 'vi.'],
  'vt.': ['vt.', 'v.', 'vi.'],
  'vi.': ['vi.', 'v.', 'vt.'],
  // WordNet's numbers are adjectives ("two": being one more than one); ECDICT's, numerals.
  'adj.': ['adj.', 'num.'],
  'adv.': ['adv.'],
};

const labelOfPos: Record<WnPos, string> = { n: 'n.', v: 'v.', a: 'adj.', r: 'adv.' };
const posOfLabel: Record<string, WnPos> = { 'n.': 'n', 'v.': 'v', 'vt.': 'v', 'vi.': 'v', 'adj.': 'a', 'adv.': 'r' };

/** A Chinese word as CC-CEDICT glosses it: its glosses' keys and stems. */
interface Glossed {
  keys: Set<string>;
  stems: Set<string>;
}

export function createChineseMatcher(wordnet: WordNet, ecdict: Ecdict, cedict: Cedict = openCedict()): ChineseMatcher {
  const lineCache = new Lru<string, TranslationLine[]>(15_000);
  const senseCache = new Lru<string, SenseChinese | null>(20_000);
  // Each sense's Chinese before elimination (leftOver), which its siblings read.
  const firstPassCache = new Lru<string, SenseChinese | null>(20_000);
  const glossedCache = new Lru<string, Glossed | null>(30_000);

  /**
   * Whether an item reads as a rendering of the word rather than a note about it: a colon starts
   * an explanation ("DOS外部命令:移动文件"), and a subject field's item with Latin letters names a
   * program or protocol ("TOP协议"), which no learner reading English needs; a subject field's
   * item of more than six characters is a sentence about it ("它可将文件移动到指定的地方").
   */
  function rendering(item: string, fielded: boolean): boolean {
    if (/[:：]/.test(item) || item.length > 16) return false;
    return !fielded || (item.length <= 6 && !/[A-Za-z]/.test(item));
  }

  function linesOf(word: string): TranslationLine[] {
    const key = word.toLowerCase();
    let lines = lineCache.get(key);
    if (!lines) {
      const entry = ecdict.get(key);
      lines = parseTranslation(entry?.translation ?? '')
        .map((l) => ({
          ...l,
          // Usage marks (<美>, <口>) are not part of the rendering.
          items: l.items
            .map((i) => i.replace(/<[^>]*>/g, '').trim())
            .filter((i) => cjk.test(i) && !inflectionNote.test(i) && rendering(i, Boolean(l.domain))),
        }))
        .filter((l) => l.items.length > 0);
      lineCache.set(key, lines);
    }
    return lines;
  }

  /** The lines of a word for a label, best label first; plain lines (no POS, no field) when none. */
  function linesFor(word: string, label: string): TranslationLine[] {
    const lines = linesOf(word);
    const wanted = labelsOf[label] ?? [label];
    const out: TranslationLine[] = [];
    for (const l of wanted) for (const line of lines) if (line.pos === l && !line.domain) out.push(line);
    if (out.length === 0) for (const line of lines) if (line.pos === null && !line.domain) out.push(line);
    return out;
  }

  function shortOf(word: string, pos?: WnPos): string | undefined {
    const w = word.replace(/_/g, ' ');
    const lines = pos ? linesFor(w, labelOfPos[pos]) : [];
    // ECDICT's web-mined lines ([网络]) render a phrase word by word ("banking concern" 银行关注):
    // for a phrase, no Chinese is better than that.
    const usable = w.includes(' ') ? linesOf(w).filter((l) => l.domain !== '网络') : linesOf(w);
    const line = lines[0] ?? usable.find((l) => !l.domain) ?? usable[0];
    return line ? line.items.slice(0, 2).join('，') : undefined;
  }

  function glossed(item: string): Glossed | undefined {
    const c = core(item);
    let g = glossedCache.get(c);
    if (g === undefined) {
      const glosses = c ? cedict.glosses(c) : [];
      if (glosses.length === 0) g = null;
      else {
        const keys = new Set<string>();
        const stems = new Set<string>();
        for (const gloss of glosses) {
          keys.add(glossKey(gloss));
          // Words in brackets count too: they name the field ("judgment (by a court of law)").
          for (const w of gloss.toLowerCase().split(/[^a-z'-]+|-/))
            if (w.length > 2 && !stopWords.has(w) && !vagueWords.has(w)) stems.add(stem(w));
        }
        g = { keys, stems };
      }
      glossedCache.set(c, g);
    }
    return g ?? undefined;
  }

  /**
   * Evidence words of a sense and their weights. Hyponyms are kept apart in `narrower`: their
   * Chinese helps to pick among the word's own items (riverbank 河岸 → 岸), but is too narrow to
   * stand for the sense itself (spam is e-mail, but 罐头猪肉 is no rendering of e-mail).
   */
  function evidence(lemma: string, synset: Synset): Map<string, number> & { narrower?: Set<string> } {
    const out: Map<string, number> & { narrower?: Set<string> } = new Map<string, number>();
    const narrower = new Set<string>();
    out.narrower = narrower;
    const self = lemma.replace(/ /g, '_');
    const add = (word: string, weight: number, isHyponym = false) => {
      if (word === self) return;
      const w = word.replace(/_/g, ' ');
      if (isHyponym && !out.has(w)) narrower.add(w);
      else if (!isHyponym) narrower.delete(w);
      if ((out.get(w) ?? 0) < weight) out.set(w, weight);
    };
    for (const x of synset.words) add(x.lemma, 1);
    let hyponyms = 0;
    for (const p of synset.pointers) {
      let weight = 0;
      if (pointerGroups.hyponym.has(p.symbol)) weight = ++hyponyms <= 15 ? 0.7 : 0;
      else if (pointerGroups.hypernym.has(p.symbol)) weight = 0.6;
      else if (p.symbol === '&' || p.symbol === '$' || p.symbol === '^') weight = 0.7;
      else if (pointerGroups.derivation.has(p.symbol)) weight = 0.5;
      if (!weight) continue;
      const related = wordnet.brief(p.pos, p.offset);
      const words = p.target > 0 ? [related.words[p.target - 1] ?? ''] : related.words;
      for (const x of words) if (x) add(x, weight, pointerGroups.hyponym.has(p.symbol));
    }
    // The definition's first words, not those that frame it ("fail to keep": lose touch is no 失败).
    for (const x of contentWords(synset.definition)
      .filter((w) => !aspectWords.has(w))
      .slice(0, 5))
      add(x, 0.25);
    return out;
  }

  /** How far CC-CEDICT's glosses of a Chinese item name this sense, 0..1. */
  function cedictSupport(item: string, words: SenseWords, except?: Set<string>): number {
    const g = glossed(item);
    if (!g) return 0;
    // Glossed as the word itself: a real rendering of the word, in one sense or another. That
    // alone picks no sense, but tips an item whose other support falls just short (鹤 "crane",
    // found in 美洲鹤 for the whooping crane).
    const best = g.keys.has(words.self) ? 0.2 : 0;
    let phrase = 0;
    for (const key of g.keys) if (!except?.has(key)) phrase = Math.max(phrase, words.phrases.get(key) ?? 0);
    let sum = 0;
    for (const st of g.stems) if (!except?.has(st)) sum += words.stems.get(st) ?? 0;
    return Math.min(1, best + Math.max(phrase, 0.6 * sum));
  }

  /**
   * Chinese for a sense whose word has no line for its part of speech: the renderings of its
   * close neighbours (synonyms, hypernyms, similar words) of that part of speech, preferring the
   * ones several neighbours agree on ("tip laterally": tip 使倾斜 and tilt 倾斜 agree on 倾斜).
   */
  function borrow(ev: Map<string, number> & { narrower?: Set<string> }, label: string, strict = false): SenseChinese | undefined {
    const neighbours = [...ev]
      .filter(([word, weight]) => weight >= 0.5 && !ev.narrower?.has(word))
      .map(([word, weight]) => ({
        word,
        weight,
        items: linesFor(word, label)
          // A phrase's lines carry no part of speech in ECDICT ("coin bank": 存钱罐).
          .filter((l) => l.pos !== null || word.includes(' '))
          .slice(0, 2)
          .flatMap((l) => l.items.slice(0, 4)),
      }))
      .filter((n) => n.items.length > 0);
    if (neighbours.length === 0) return undefined;
    // A neighbour with one sense in this part of speech (indium) says exactly what it means.
    const wnPos = posOfLabel[label];
    // One sense in every part of speech: "rum" is a one-sense adjective (strange), but ECDICT's
    // Chinese for it is the drink's.
    const monosemous = (word: string) => wnPos !== undefined && wordnet.senses(word).length === 1;
    const scored: { item: string; score: number; agreed: boolean }[] = [];
    for (const n of neighbours) {
      const single = monosemous(n.word);
      n.items.forEach((item, i) => {
        const mine = prepare(item);
        let score = n.weight * (0.5 - 0.05 * i);
        let agreed = single;
        for (const other of neighbours) {
          if (other === n) continue;
          let best = 0;
          for (const o of other.items) best = Math.max(best, similarityPrepared(mine, prepare(o)));
          score += other.weight * best;
          if (best >= 0.5) agreed = true;
        }
        scored.push({ item, score: score + (single ? 0.5 : 0), agreed });
      });
    }
    // Strict: the word's own line is there but fits no sense; a polysemous synonym's first
    // renderings ("tip": 顶, "lead": 铅 for a hint) would be worse than nothing.
    // Loose: still, the renderings neighbours agree on go first and alone (倾斜, not tip's 装顶端).
    const agreed = scored.filter((s) => s.agreed);
    const usable = strict || agreed.length > 0 ? agreed : scored;
    if (usable.length === 0) return undefined;
    usable.sort((a, b) => b.score - a.score);
    const items = [...new Set(usable.map((s) => s.item))].slice(0, 3);
    return { simple: items.slice(0, 2).join('，'), full: items.join('，'), matched: false };
  }

  function forSense(word: string, synset: Synset, label: string): SenseChinese | undefined {
    // ECDICT spells phrases with spaces, WordNet with underscores.
    const lemma = word.replace(/_/g, ' ');
    const id = `${lemma}|${synset.pos}${synset.offset}|${label}`;
    const cached = senseCache.get(id);
    if (cached !== undefined) return cached ?? undefined;
    // A sense its own evidence matched reads the same either way; only the others try elimination.
    const pass = firstPass(lemma, synset, label);
    const result = pass?.matched ? pass : compute(lemma, synset, label);
    senseCache.set(id, result ?? null);
    return result;
  }

  /** A sense's Chinese before elimination (below), which its siblings read; cached. */
  function firstPass(lemma: string, synset: Synset, label: string): SenseChinese | null {
    const id = `${lemma}|${synset.pos}${synset.offset}|${label}`;
    let pass = firstPassCache.get(id);
    if (pass === undefined) {
      pass = compute(lemma, synset, label, false) ?? null;
      firstPassCache.set(id, pass);
    }
    return pass;
  }

  /**
   * The rendering left for a sense by elimination. ECDICT's line gives a rendering for each common
   * sense of the word: when the other senses have taken theirs and one item is left, it belongs
   * to the most common sense that took none (move: 移动 is the motion's, 迁居 the change of
   * home's, so the move one decides on, WordNet's first, is 步骤). Only where some sense did take
   * an item, so that the line is known to be spread over the senses, and only one is left
   * (bench:sense-zh: with any leftover, more Chinese is shown but less of it is right).
   */
  function leftOver(lemma: string, synset: Synset, label: string, same: SenseEntry[], own: TranslationLine[]) {
    const claimed = new Set<string>();
    // A sense before this one in WordNet's order (a commoner one) that took no item.
    let commonerWithout = false;
    let before = true;
    for (const other of same) {
      if (other.offset === synset.offset) {
        before = false;
        continue;
      }
      const theirs = firstPass(lemma, wordnet.synset(other.pos, other.offset), label);
      if (theirs?.matched) for (const item of theirs.full.split('，')) claimed.add(item);
      else if (before) commonerWithout = true;
    }
    const left = own.flatMap((l) => l.items).filter((item) => !claimed.has(item));
    return { claimed, item: claimed.size > 0 && !commonerWithout && left.length === 1 ? left[0] : undefined };
  }

  function compute(lemma: string, synset: Synset, label: string, eliminate = true): SenseChinese | undefined {
    const own = linesFor(lemma, label);
    const pool: { item: string; order: number }[] = [];
    const seen = new Set<string>();
    let order = 0;
    for (const line of own) {
      for (const item of line.items) {
        if (seen.has(item)) continue;
        seen.add(item);
        pool.push({ item, order: order++ });
      }
    }
    // Subject-field lines ([医] 库) are candidates too, but only when evidence picks them.
    const fielded = linesOf(lemma).filter((l) => l.domain && l.domain !== '网络');
    for (const line of fielded) {
      for (const item of line.items) {
        if (seen.has(item)) continue;
        seen.add(item);
        pool.push({ item, order: 1000 + order++ });
      }
    }
    const ev = evidence(lemma, synset);
    const words = senseWords(lemma, synset, ev);

    if (own.length === 0) {
      const borrowed = borrow(ev, label);
      if (borrowed) return borrowed;
      if (pool.length === 0) {
        // Last resort: the word's Chinese under another part of speech. ECDICT's labels are not
        // always WordNet's ("o'clock" is n. there, adv. in WordNet); it is still the word's Chinese.
        const other = linesOf(lemma).filter((l) => !l.domain);
        if (other.length === 0) return undefined;
        return {
          simple: other[0].items.slice(0, 2).join('，'),
          full: other.map((l) => l.items.join('，')).join('；'),
          matched: false,
        };
      }
    }

    // Chinese words CC-CEDICT glosses exactly as one of the sense's synonyms (存钱罐: "piggy
    // bank"): candidates beside the word's own, which must still find support elsewhere.
    const foundFrom = new Map<string, Set<string>>();
    // Only a synonym that means nothing else can lend its Chinese (a phrase, or a word with one
    // sense): "fibre" beside "character" would bring 纤维, "company" beside "party" 连队, and
    // "rum" (strange) beside "funny" the drink 朗姆酒.
    const sensePos = posOfLabel[label];
    const specific = (word: string) => word.includes(' ') || (sensePos !== undefined && wordnet.senses(word).length === 1);
    for (const [word, weight] of ev) {
      if (weight < 1 || !specific(word)) continue;
      for (const item of cedict.headwordsFor(word).slice(0, 6)) {
        // A single character glossed so is one of its many meanings (决 "to decide"), not a word.
        if (item.length < 2 || (seen.has(item) && !foundFrom.has(item))) continue;
        // The synonym it was found by must not count again as its support ("nail" finds 钉子).
        const from = foundFrom.get(item) ?? new Set<string>();
        from.add(word);
        from.add(glossKey(word));
        for (const w of word.toLowerCase().split(/[ -]/)) from.add(stem(w));
        if (!seen.has(item)) pool.push({ item, order: 2000 + order++ });
        seen.add(item);
        foundFrom.set(item, from);
      }
    }

    // Chinese words CC-CEDICT glosses as the word itself are candidates as well, which only the
    // sense's other words can support: 举动 "act; action; move" for a move that is "the act of
    // deciding to do something", where ECDICT's line has 移动 and 步骤.
    for (const item of cedict.headwordsFor(lemma)) {
      if (item.length < 2 || seen.has(item)) continue;
      seen.add(item);
      pool.push({ item, order: 2000 + order++ });
      foundFrom.set(item, new Set([lemma, glossKey(lemma), stem(lemma)]));
    }

    // An evidence word's common renderings only: its later items belong to its other senses
    // ("lead" is 管理 too, which says nothing about the road that runs along the lake).
    const evidenceItems = [...ev].map(([word, weight]) => ({
      word,
      weight,
      items: linesOf(word)
        .filter((l) => !l.domain)
        .slice(0, 3)
        .flatMap((l) => l.items.slice(0, 4).map(prepare)),
    }));
    // Two renderings can only be alike if they share a character that is not a weak one, so the
    // evidence is indexed by character and each item meets only the renderings it could match.
    const byChar = new Map<string, number[]>();
    const flat: { e: number; p: Prepared }[] = [];
    evidenceItems.forEach((e, index) => {
      for (const p of e.items) {
        const at = flat.push({ e: index, p }) - 1;
        for (const ch of p.chars) {
          const list = byChar.get(ch);
          if (list) list.push(at);
          else byChar.set(ch, [at]);
        }
      }
    });
    const scores = pool.map(({ item, order }) => {
      const mine = prepare(item);
      const best = new Map<number, number>();
      const seenAt = new Set<number>();
      for (const ch of mine.chars) {
        for (const at of byChar.get(ch) ?? []) {
          if (seenAt.has(at)) continue;
          seenAt.add(at);
          const { e, p } = flat[at];
          const s = similarityPrepared(mine, p);
          if (s > (best.get(e) ?? 0)) best.set(e, s);
        }
      }
      const from = foundFrom.get(item);
      let score = 0;
      for (const [e, s] of best) if (!from?.has(evidenceItems[e].word)) score += evidenceItems[e].weight * s;
      // Found by two synonyms independently (牢房: "jail cell" and "prison cell"): they agree. Found
      // by the word itself, it is one of the word's renderings in some sense: only this sense's
      // other words can make it this one's (its gloss as the word counts 0.2 in cedictSupport).
      const finders = from ? [...ev].filter(([w, weight]) => weight >= 1 && from.has(w)).length : 0;
      if (from) score += finders > 0 ? 0.5 * (finders - 1) : -LEMMA_FOUND;
      // A candidate found through CC-CEDICT needs support from the sense's other words.
      const found = order >= 2000;
      score += cedictSupport(item, words, from);
      // ECDICT lists the common renderings first: a small nudge breaks ties that way. CC-CEDICT's
      // finds come in no such order: they are nudged as one, after the word's own.
      const nudge = found ? 0.05 : 0.01 * Math.min(order % 1000, 100);
      return { item, score: score - nudge, fielded: order >= 1000 && !found, found };
    });
    scores.sort((a, b) => b.score - a.score);
    const top = scores[0]?.score ?? 0;
    const picked = scores.filter((s) => s.score >= 0.5 && s.score >= 0.5 * top && (!s.fielded || s.score >= 0.45));
    if (picked.length > 0) {
      // The word's own supported renderings stay in the line even beside a strong synonym's
      // (table "hold back to a later time": 延期 from postpone, and 搁置, table's own).
      const ownSupported = scores.filter((s) => !picked.includes(s) && !s.found && !s.fielded && s.score >= 0.5);
      const items = [...picked.slice(0, 5), ...ownSupported.slice(0, 2)].map((s) => s.item);
      // The short Chinese keeps to the clear winners; the rest stay in the full line.
      const short = picked.filter((s) => s.score >= 0.85 * top).slice(0, 2);
      return { simple: short.map((s) => s.item).join('，'), full: items.join('，'), matched: true };
    }
    if (own.length === 0) return undefined;
    // Nothing of the word's own line fits this sense; its synonyms share exactly this sense, so
    // their Chinese is the next best thing ("in" as indium: 铟, not the noun line's 执政者).
    const synonyms = new Map([...ev].filter(([, weight]) => weight >= 1));
    const borrowed = synonyms.size ? borrow(synonyms, label, true) : undefined;
    if (borrowed) return borrowed;
    // One sense in this part of speech, or one that most uses of the word have (WordNet's tag
    // counts), when the line's first item means the word itself in CC-CEDICT (分钟 "minute",
    // 毕竟 "after all"): that item is what a dictionary gives for that sense.
    const wnPos = posOfLabel[label];
    const same = wnPos ? wordnet.senses(lemma).filter((x) => x.pos === wnPos) : [];
    const first = own[0].items;
    if (same.length === 1) {
      return { simple: first.slice(0, 2).join('，'), full: own.map((l) => l.items.join('，')).join('；'), matched: false };
    }
    const left = eliminate && wnPos ? leftOver(lemma, synset, label, same, own) : undefined;
    if (left?.item) return { simple: left.item, full: left.item, matched: false };
    const total = same.reduce((sum, x) => sum + x.tagCount, 0);
    const dominant = same[0]?.offset === synset.offset && same[0].tagCount >= 0.6 * total && total > 0;
    const key = glossKey(lemma);
    const means = (item: string) => [...(glossed(item)?.keys ?? [])].some((k) => k === key || k.startsWith(`${key} `));
    // Not an item another sense took (移动 is the motion's, not the decision's).
    if (dominant && means(first[0]) && !left?.claimed.has(first[0])) return { simple: first[0], full: first[0], matched: false };
    return undefined;
  }

  const prefetched = new Lru<string, true>(20_000);

  function prefetch(lemma: string, synsets: Synset[]): void {
    const words = new Set<string>([lemma]);
    for (const synset of synsets) {
      const id = `${lemma}|${synset.pos}${synset.offset}`;
      if (prefetched.get(id)) continue;
      prefetched.set(id, true);
      for (const w of evidence(lemma, synset).keys()) words.add(w);
    }
    if (words.size > 1) ecdict.prefetch(words);
  }

  const lexicon = { cedict, linesOf, linesFor };
  const inCollocation = (c: Collocation) => collocationChinese(c, lexicon);

  return { forSense, shortOf, linesOf, prefetch, inCollocation };
}

/** What a Chinese word found by the lemma itself in CC-CEDICT must make up with other support. */
const LEMMA_FOUND = 0.5;
