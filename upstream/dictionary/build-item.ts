/**
 * One item of an answer: a lemma's glosses ranked for the sentence (WordNet's senses in the order
 * the sense model chooses, ECDICT's lines for what WordNet lacks, the expressions the word is part
 * of), its inflections, word formation and synonyms, and how well the lemma fits the sentence.
 */
import type { Gloss, TranslationItem } from '../../lib/contract';
import { inPair, type Pair } from './collocation-pair';
import { ecdictGlosses, tagFits } from './ecdict-glosses';
import { variantsOf } from './ecdict-text';
import { type EngineContext, type EngineData, safe } from './engine-data';
import { lemmaPosOfLabel, type LemmaCandidate } from './lemmas';
import type { ContextFeatures, ScoredSense } from './rank';
import { applyChoice, chooseSenses, type TreeContext } from './sense-choice';
import { treeWordPos } from './target-pos';
import { phonetic, type ScoredGloss, senseGloss } from './sense-gloss';
import { labelOfTag, type TaggedSentence, wnPosOfTag } from './tagger';
import { wordFormation } from './word-formation';
import type { WnPos } from './wordnet';

/** How close (in score) a second sense must come to the first to be shown as possible too. */
const closeMargin = 0.25;

/** One item: a lemma's glosses ranked for the sentence, and how well the lemma fits it. */
export function buildItem(
  engine: EngineContext,
  candidate: LemmaCandidate,
  tagged: TaggedSentence,
  features: ContextFeatures,
  phrase: ScoredGloss[],
  offered: ScoredGloss[],
  role: string | undefined,
  pair?: Pair,
  tree?: TreeContext,
  compound?: ReadonlySet<string>,
  hint?: WnPos,
): { item: TranslationItem; score: number } {
  const { model, options, maxGlosses } = engine;
  const d = engine.open();
  const lemma = candidate.lemma;
  const entry = d.ecdict.get(lemma);
  const phon = phonetic(lemma, d);
  const senses = d.wordnet.senses(lemma);
  // The trained tagger's part of speech where WordNet has the lemma in it (else the ranker's,
  // which reads the Link Grammar parse); the sense model chooses the sense in it.
  const byRanker = d.ranker.rank(senses, features, { formPos: candidate.pos });
  // The Link Grammar parse's part of speech where it is sure of it ("had cost Vernon $2300", "one
  // inch equals 2.54 cm": the trained tagger read both as nouns).
  const treePos =
    features.posFromParse && features.pos
      ? features.pos
      : tree
        ? treeWordPos(tree.words[tree.target], tree.words[tree.target + 1])
        : 'x';
  // The parts of speech WordNet has the lemma in.
  const wnPos = new Set<string>(senses.map((s) => s.pos));
  const inWordNet = (p: WnPos | 'x' | undefined): p is WnPos => p !== undefined && wnPos.has(p);
  // The parse is sure of a part of speech WordNet has for the lemma, or the annotators' reading of
  // the form (or a noun's modifier read as the adjective) names one: no ECDICT line of another
  // part of speech goes before it ("the laissez-faire Paris" is WordNet's adjective, not ECDICT's
  // noun line the tagger's NN fits).
  const posSure = inWordNet(hint) || (features.posFromParse === true && inWordNet(features.pos));
  const pos = inWordNet(hint) ? hint : inWordNet(treePos) ? treePos : byRanker[0]?.sense.pos;
  // A sense the compound around the word means is the sense here ("sales pitch": pitch as
  // promotion), and sure; else the model chooses.
  const meant = compound && byRanker.find((s) => s.sense.pos === pos && compound.has(`${s.sense.pos}${s.sense.offset}`));
  const choice = meant
    ? { order: [meant.sense.key], confident: true, byModel: false }
    : pos && chooseSenses(lemma, pos, byRanker, model(), tree, options);
  const ranked = choice ? applyChoice(byRanker, choice) : byRanker;
  d.chinese.prefetch(
    lemma,
    ranked.map((s) => s.synset),
  );
  const scored: ScoredGloss[] = ranked.map((s) => ({ gloss: senseGloss(s, lemma, phon, d), score: s.score }));
  const top = scored[0]?.score ?? 0;

  // ECDICT lines for what WordNet lacks: every line when WordNet has no sense of the word, else
  // the parts of speech WordNet does not have for it (the preposition "in", the adjective "run").
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
    // The tagger's reading of the word decides: a fitting closed-class line goes first, unless the
    // parse is sure of a WordNet sense's part of speech ("we have hydrogen in water" is no auxiliary).
    const fits = tagFits(features.tag, g.label) && !posSure;
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

/** WordNet synonyms of the top senses that ECDICT can give Chinese for, at most 8. */
export function synonymsOf(
  lemma: string,
  top: ScoredSense[],
  d: Pick<EngineData, 'chinese'>,
): { word: string; etymology: string }[] {
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
