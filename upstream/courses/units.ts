/*
 * How course books are cut into levels and units, and how their items are ordered: pure, so that
 * the rules can be tested on small hand-made lists (books.ts applies them to the real data).
 */

/** One unit of a book before it is numbered: a stable key, a name and its items. */
export interface UnitDraft<T> {
  key: string;
  name: string;
  items: T[];
}

/** A level of a book before numbering: its name and units. */
export interface LevelDraft<T> {
  name: string;
  units: UnitDraft<T>[];
}

/** A numbered unit: units count 1..N through the whole book, levels 1..L. */
export interface NumberedUnit<T> extends UnitDraft<T> {
  unit: number;
  level: number;
}

export interface NumberedLevel {
  level: number;
  name: string;
  units: number;
  items: number;
  first_unit: number;
}

/** Splits a list into runs of `size` (the last may be shorter). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new Error('chunk size must be at least 1');
  const runs: T[][] = [];
  for (let i = 0; i < items.length; i += size) runs.push(items.slice(i, i + size));
  return runs;
}

/** Numbers the units of the levels in order; empty levels are dropped. */
export function numberUnits<T>(levels: readonly LevelDraft<T>[]): { levels: NumberedLevel[]; units: NumberedUnit<T>[] } {
  const units: NumberedUnit<T>[] = [];
  const numbered: NumberedLevel[] = [];
  for (const draft of levels) {
    if (!draft.units.length) continue;
    const level = numbered.length + 1;
    const first = units.length + 1;
    for (const unit of draft.units) units.push({ ...unit, unit: units.length + 1, level });
    numbered.push({
      level,
      name: draft.name,
      units: draft.units.length,
      items: draft.units.reduce((n, u) => n + u.items.length, 0),
      first_unit: first,
    });
  }
  return { levels: numbered, units };
}

/**
 * A word book: words in the given order, `perUnit` a unit, `unitsPerLevel` units a level
 * (第1级, 第2级 …). A unit's key is its number, which stays put as long as the list does.
 */
export function wordBookLevels<T>(words: readonly T[], perUnit: number, unitsPerLevel: number): LevelDraft<T>[] {
  const units = chunk(words, perUnit).map((items, i) => ({ key: `u${i + 1}`, name: `Unit ${i + 1}`, items }));
  return chunk(units, unitsPerLevel).map((group, i) => ({ name: `第${i + 1}级`, units: group }));
}

/**
 * A word book made of groups (an exam's new words, then the stages below): each group's units make
 * levels of up to `unitsPerLevel`, named after the group (numbered when it takes several); units
 * are numbered through the book. An unnamed single group is wordBookLevels'.
 */
export function wordBookGroups<T>(
  groups: readonly { name: string; words: readonly T[] }[],
  perUnit: number,
  unitsPerLevel: number,
): LevelDraft<T>[] {
  if (groups.length === 1 && !groups[0].name) return wordBookLevels(groups[0].words, perUnit, unitsPerLevel);
  let unit = 0;
  return groups.flatMap((group) => {
    const units = chunk(group.words, perUnit).map((items) => {
      unit++;
      return { key: `u${unit}`, name: `Unit ${unit}`, items };
    });
    const levels = chunk(units, unitsPerLevel);
    return levels.map((u, i) => ({ name: levels.length > 1 ? `${group.name} ${i + 1}` : group.name, units: u }));
  });
}

/** Corpus frequency rank order: known ranks first, commonest first; then the rest by spelling. */
export function byFrequencyRank<T extends { word: string; rank: number }>(a: T, b: T): number {
  if (a.rank && b.rank && a.rank !== b.rank) return a.rank - b.rank;
  if (!a.rank !== !b.rank) return a.rank ? -1 : 1;
  return a.word < b.word ? -1 : a.word > b.word ? 1 : 0;
}

/** A stable 32-bit hash (FNV-1a): a fixed, well-mixed order that does not follow the source texts. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface PassageSentence {
  id: number;
  text: string;
  words: number;
}

/**
 * Cuts a document (paragraphs of sentences) into passages of about `target` words on paragraph
 * boundaries: a passage closes once it has `target` words, unless what is left is shorter than
 * half of that, which joins it. A document of at most 2 × target words stays whole.
 */
export function passagesOf(paragraphs: readonly PassageSentence[][], target: number): PassageSentence[][][] {
  const wordsOf = (p: readonly PassageSentence[]) => p.reduce((n, s) => n + s.words, 0);
  const total = paragraphs.reduce((n, p) => n + wordsOf(p), 0);
  if (total <= 2 * target) return paragraphs.length ? [paragraphs.map((p) => [...p])] : [];
  const passages: PassageSentence[][][] = [];
  let current: PassageSentence[][] = [];
  let words = 0;
  let left = total;
  for (const paragraph of paragraphs) {
    const n = wordsOf(paragraph);
    current.push([...paragraph]);
    words += n;
    left -= n;
    if (words >= target && left >= target / 2) {
      passages.push(current);
      current = [];
      words = 0;
    }
  }
  if (current.length) passages.push(current);
  return passages;
}
