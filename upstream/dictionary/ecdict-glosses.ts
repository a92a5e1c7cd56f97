/**
 * Glosses from ECDICT's lines, for what WordNet lacks: words it has not (the, of, she) and parts of
 * speech it leaves out (the preposition "in"); and whether the tagger's reading of the word fits
 * one of those closed-class lines.
 */
import type { Gloss } from '../../lib/contract';
import type { EngineData } from './engine-data';
import { lemmaPosOfLabel } from './lemmas';
import { posOf } from './pos';
import { posField } from './sense-gloss';
import { labelOfTag } from './tagger';

/**
 * ECDICT's English definition for a part of speech. Its definitions come from WordNet
 * (`n. sloping land`) or, for function words, from Webster's 1913 (`definite article. A word
 * placed before nouns…`, `v. i. See Thee.`, `prep. In a general sense…`), one per line with
 * continuation lines indented. Only a line of the same part of speech is used.
 */
export function ecdictDefinition(definition: string, label: string): string | undefined {
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
export function ecdictGlosses(
  headword: string,
  phon: Gloss['phonetic_symbol'],
  d: Pick<EngineData, 'ecdict' | 'chinese'>,
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
export function tagFits(tag: string | undefined, label: string): boolean {
  if (!tag) return false;
  const mine = labelOfTag(tag);
  if (!mine) return false;
  if (mine === label) return true;
  if (tag === 'DET') return label === 'art.' || label === 'pron.' || label === 'adj.';
  if (tag === 'AUX') return label === 'v.' || label === 'vt.' || label === 'vi.';
  if (tag === 'VERB') return label === 'vt.' || label === 'vi.';
  return false;
}
