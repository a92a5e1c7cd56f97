/**
 * query_word's lookup: a word in its sentence → one item per lemma the word can be there, the best
 * fitting first. The target is cleaned (lookup-target.ts), read in the parse (parse-reading.ts),
 * placed in the expressions it is part of (expression-choice.ts), given its part of speech
 * (target-pos.ts), and each lemma it can be is built into an item (build-item.ts); a compound
 * or selection neither dictionary has is answered by its head (head-items.ts).
 */
import type { TranslationItem } from '../../lib/contract';
import type { UdWord } from '../language/ud';
import type { Parse } from '../parser/link-grammar';
import { annotatorsPassive, annotatorsReading } from './annotators-reading';
import { buildItem } from './build-item';
import { pairOf } from './collocation-pair';
import type { EngineContext } from './engine-data';
import { chooseExpressions } from './expression-choice';
import { headItems } from './head-items';
import { notFound, targetWord } from './lookup-target';
import { formRole, readParse, verbalForm } from './parse-reading';
import { expressionItem, phraseGlosses } from './phrase-glosses';
import { treeTarget } from './sense-choice';
import { phonetic } from './sense-gloss';
import { tagContext } from './tagger';
import { applyParsePos, applyTreePos, attributiveAdjective, nounModifier } from './target-pos';
import type { LookupInput } from './types';

/** The items of a lookup (DictionaryEngine.lookup); throws where the data fails. */
export function lookupWord(
  engine: EngineContext,
  input: LookupInput,
  parse?: Parse,
  words?: readonly UdWord[],
): TranslationItem[] {
  const { model, options, maxGlosses } = engine;
  const target = String(input.target_word ?? '').slice(0, 200);
  const word = targetWord(target);
  if (!word || word.length > 64) return [notFound(target.trim(), word)];
  const d = engine.open();
  // A number WordNet has ("25": being five more than twenty) is looked up; other strings without
  // a letter are no words.
  if (!/\p{L}/u.test(word) && !(/^\d+$/.test(word) && d.wordnet.has(word))) return [notFound(target.trim(), word)];
  const pre = String(input.pre_context ?? '');
  const post = String(input.post_context ?? '');
  const tagged = tagContext(pre, target, post);

  // Neither dictionary has the word or selection whole: its head, if it has one, marked as such.
  const orHead = (): TranslationItem[] => {
    const items = headItems(engine, word, tagged);
    return items.length ? items : [notFound(target.trim(), word)];
  };

  // A target of several words ("take off", "school boards") is looked up as an expression.
  if (word.includes(' ')) {
    const item = expressionItem(word, tagged, d, maxGlosses);
    return item ? [item] : orHead();
  }

  const candidates = d.lemmatizer.candidates(word);
  if (candidates.length === 0) return orHead();

  const inTree = words && treeTarget(words, tagged.start, tagged.end);
  const tree = words && inTree !== undefined ? { words, target: inTree } : undefined;
  const reading = parse ? readParse(parse, tagged) : undefined;
  const expressions = chooseExpressions(
    tagged,
    reading,
    formRole(reading?.role, tagged, candidates, d, {
      passive: annotatorsPassive(tree, model()),
      pastTense: tree?.words[tree.target].xpos === 'VBD',
      verbal: tree ? verbalForm(tree.words, tree.target) : undefined,
    }),
    d,
    options,
    attributiveAdjective(tree),
  );
  const { best, maybe, compound } = expressions;
  let role = expressions.role;
  // A role the parse is unsure of is used to judge expressions, never shown.
  if (role && !role.confident) role = { ...role, text: undefined };
  // The phrase's own words are not context for its senses or for the word's.
  const features = d.ranker.features(tagged.tokens, tagged.target, best?.tokens ?? [], role);
  applyParsePos(features, role, tree, (p) => candidates.some((c) => d.wordnet.has(c.lemma.replace(/ /g, '_'), p)));

  applyTreePos(features, tree?.words[tree.target], word, d.wordnet, tree?.words[tree.target - 1], tree?.words[tree.target + 1]);

  const pair = pairOf(role, d);
  const annotated =
    options.readings === false
      ? undefined
      : annotatorsReading(candidates, tree, model(), features.posFromParse && features.pos !== 'x' ? features.pos : undefined);
  const modifier = nounModifier(tree);
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
      const hint =
        annotated?.lemma === c.lemma
          ? annotated.pos
          : !annotated && modifier && d.wordnet.has(c.lemma, 'a')
            ? ('a' as const)
            : undefined;
      const built = buildItem(engine, c, tagged, features, phrase, offered, role?.text, pair, tree, compoundSynsets, hint);
      return {
        ...built,
        fits: !features.posFromParse || (features.pos !== undefined && c.pos.has(features.pos)),
        shadowed: c.shadowed === true,
      };
    })
    // The annotators' reading first; then a lemma that has the part of speech the parse is sure of
    // ("America … was responsible" is be, not wa, Washington, however much the sentence says of
    // America); then a lemma WordNet has over ECDICT's headword for its inflection; then the best
    // score.
    .sort(
      (a, b) =>
        Number(b.item.lemma === annotated?.lemma) - Number(a.item.lemma === annotated?.lemma) ||
        Number(b.fits) - Number(a.fits) ||
        Number(a.shadowed) - Number(b.shadowed) ||
        b.score - a.score,
    )
    .map((x) => x.item)
    .filter((item) => item.gloss.length > 0);
  if (items.length === 0) return orHead();
  // A hyphenated word that only ECDICT has whole ("world-famous") is also offered by its head,
  // after it: ECDICT gives the whole only Chinese, WordNet the head its senses.
  if (/\p{L}-\p{L}/u.test(word) && !candidates.some((c) => d.wordnet.has(c.lemma))) {
    const shown = new Set(items.map((i) => i.lemma));
    items.push(...headItems(engine, word, tagged).filter((i) => !shown.has(i.lemma)));
  }
  return items;
}
