/**
 * The pair the target forms in its sentence (an adjective and its noun, a verb and its object, a
 * noun and its modifier), and the Chinese of the target read off the pair's ("heavy rain" 大雨).
 */
import type { Gloss } from '../../lib/contract';
import type { Collocation } from './chinese';
import type { EngineData } from './engine-data';
import type { TargetRole } from './sentence-role';

/** The other word of a collocation the target forms in its sentence. */
export type Pair = Omit<Collocation, 'lemma' | 'label'>;

/**
 * The word that the target forms a pair with in its sentence (the noun an adjective or a noun
 * modifies, a verb's object, a noun's modifier), lemmatized, for the Chinese of the pair.
 */
export function pairOf(role: TargetRole | undefined, d: Pick<EngineData, 'lemmatizer'>): Pair | undefined {
  if (!role?.confident) return undefined;
  // The noun after: the one an attributive modifies, or a verb's object.
  const nounAfter = role.function === 'attributive' || (role.pos === 'v' && !role.particle && !role.passive);
  if (nounAfter && role.objectHead) {
    const neighbour = d.lemmatizer.known(role.objectHead, 'n');
    return neighbour ? { neighbour, neighbourLabel: 'n.', neighbourFirst: false } : undefined;
  }
  if (role.pos === 'n' && role.modifier) {
    const neighbour = d.lemmatizer.known(role.modifier.head, role.modifier.pos);
    return neighbour ? { neighbour, neighbourLabel: role.modifier.pos === 'a' ? 'adj.' : 'n.', neighbourFirst: true } : undefined;
  }
  return undefined;
}

/**
 * A gloss whose Chinese is read off the pair the word forms here: "heavy rain" is 大雨, so heavy
 * is 大 in it, whatever the sense's usual line (重的) says. Only the sense chosen for the sentence
 * gets it, and only a WordNet sense (an ECDICT line is a part of speech's, not a sense's).
 */
export function inPair(
  gloss: Gloss,
  lemma: string,
  pair: Pair,
  d: Pick<EngineData, 'chinese'>,
): { gloss: Gloss; note: string } | undefined {
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
