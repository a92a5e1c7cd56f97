import type { DictionaryEngineOptions, EngineData } from './engine-data';
import type { ParseReading } from './parse-reading';
import type { PhraseMatch } from './phrases';
import { roleText, type TargetRole } from './sentence-role';
import type { TaggedSentence } from './tagger';

/** The expressions the target is part of, by how the answer shows them. */
export interface ExpressionChoice {
  /** The expression the sentence uses as one: its senses go first. */
  best?: PhraseMatch;
  /** One the words may form: offered after the word's own senses. */
  maybe?: PhraseMatch;
  /** A compound noun or adjective the word is part of: the word's sense that means it goes first. */
  compound?: PhraseMatch;
  /** The target's role, with what the expression chosen says of it. */
  role?: TargetRole;
}

/**
 * An expression goes first only when the sentence uses it as one (expression-use.ts); one
 * whose words merely stand together is offered after the word's own senses. ECDICT's phrase
 * lines, which nothing ranks, are always only offered. `attributive`: the trained parser reads
 * the target as an adjective before its noun (target-pos.ts attributiveAdjective).
 */
export function chooseExpressions(
  tagged: TaggedSentence,
  reading: ParseReading | undefined,
  role: TargetRole | undefined,
  d: Pick<EngineData, 'phrases' | 'expressions' | 'wordnet' | 'lemmatizer'>,
  options: Pick<DictionaryEngineOptions, 'expressionsFirst'>,
  attributive = false,
): ExpressionChoice {
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
    // An adverbial expression that ends in an adjective before its noun is the determiner and the
    // adjective ("could all do with a little drink" is not a_little, to a small degree).
    const endsOnTarget = tagged.target.includes(m.tokens[m.tokens.length - 1]);
    if (attributive && endsOnTarget && m.wordnet && d.wordnet.senses(m.wordnet).every((s) => s.pos === 'r')) {
      if (!best && !maybe) maybe = m;
      continue;
    }
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
  return { best, maybe, compound, role };
}
