import { estimate, type Estimate, nextTargetRank, type Observation } from './estimator';
import type { ItemBank } from './item-bank';
import type { Random } from './pseudo-words';

/*
 * The course of one test, as pure functions over its stored state: which item comes next, what
 * an answer does, and the estimate the answers give. The upstream keeps the state (the words,
 * which ones are pseudo-words, the right options), so a client only ever sees the current item.
 *
 * Length: 48 yes/no items (36 words, 12 pseudo-words at random places), then up to 6 meaning
 * checks of words answered 认识. At about 2.5 s a yes/no item and 6 s a check, a test takes about
 * 2.6 minutes.
 */

export const testLength = { yesNo: 48, pseudo: 12, meaning: 6 } as const;
/** Seconds a person takes per item (measured by hand on the screen: a glance and a key). */
export const secondsPerItem = { yesNo: 2.5, meaning: 6 } as const;
/** A test quit early gives a result only after this many yes/no answers. */
export const minimumAnswers = 16;

export type StoredItem =
  | { kind: 'word'; word: string; rank: number; yes?: boolean }
  | { kind: 'pseudo'; word: string; yes?: boolean }
  | { kind: 'meaning'; word: string; rank: number; options: string[]; correct: number; choice?: number | null };

export interface TestState {
  /** Which of the yes/no places hold a pseudo-word. */
  pseudoAt: number[];
  items: StoredItem[];
}

export const isAnswered = (item: StoredItem) => (item.kind === 'meaning' ? item.choice !== undefined : item.yes !== undefined);

export function observations(state: TestState): Observation[] {
  const out: Observation[] = [];
  for (const item of state.items) {
    if (item.kind === 'word' && item.yes !== undefined) out.push({ kind: 'word', rank: item.rank, yes: item.yes });
    else if (item.kind === 'pseudo' && item.yes !== undefined) out.push({ kind: 'pseudo', yes: item.yes });
    else if (item.kind === 'meaning' && item.choice !== undefined)
      out.push({ kind: 'meaning', rank: item.rank, correct: item.choice === item.correct, options: item.options.length });
  }
  return out;
}

/** A new test with its first item. */
export function beginTest(bank: ItemBank, random: Random): TestState {
  const places = Array.from({ length: testLength.yesNo - 2 }, (_, i) => i + 2);
  // The first two items are words, so the test does not open on a trap.
  for (let i = places.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [places[i], places[j]] = [places[j], places[i]];
  }
  const state: TestState = { pseudoAt: places.slice(0, testLength.pseudo).sort((a, b) => a - b), items: [] };
  return withNextItem(state, bank, random);
}

/** The state with its next item added, or unchanged when the test is complete. */
export function withNextItem(state: TestState, bank: ItemBank, random: Random): TestState {
  const used = new Set(state.items.map((i) => i.word));
  const yesNo = state.items.filter((i) => i.kind !== 'meaning').length;
  if (yesNo < testLength.yesNo) {
    if (state.pseudoAt.includes(yesNo)) {
      return { ...state, items: [...state.items, { kind: 'pseudo', word: bank.pickPseudo(used, random) }] };
    }
    const target = nextTargetRank(observations(state), random, bank.poolSize);
    const word = bank.pickWord(target, used, random);
    return { ...state, items: [...state.items, { kind: 'word', word: word.word, rank: word.rank }] };
  }
  const checked = new Set(state.items.filter((i) => i.kind === 'meaning').map((i) => i.word));
  if (checked.size >= testLength.meaning) return state;
  // The words answered 认识 nearest the estimated boundary (the hardest claimed): those most
  // likely to be claimed without being known.
  const { halfRank } = estimate(observations(state), { poolSize: bank.poolSize });
  const candidates = state.items
    .filter((i): i is Extract<StoredItem, { kind: 'word' }> => i.kind === 'word' && i.yes === true && !checked.has(i.word))
    .sort((a, b) => Math.abs(Math.log(a.rank / halfRank)) - Math.abs(Math.log(b.rank / halfRank)));
  const pick = candidates[0];
  if (!pick) return state;
  const { options, correct } = bank.meaningOptions(bank.at(pick.rank), random);
  return { ...state, items: [...state.items, { kind: 'meaning', word: pick.word, rank: pick.rank, options, correct }] };
}

export const currentItem = (state: TestState): StoredItem | undefined => {
  const last = state.items[state.items.length - 1];
  return last && !isAnswered(last) ? last : undefined;
};

/** The current item answered (yes/no: a boolean; meaning: the option's index, or null for 不认识). */
export function answered(state: TestState, answer: boolean | number | null): TestState {
  const items = [...state.items];
  const last = items[items.length - 1];
  if (last.kind === 'meaning') items[items.length - 1] = { ...last, choice: typeof answer === 'number' ? answer : null };
  else items[items.length - 1] = { ...last, yes: answer === true };
  return { ...state, items };
}

export interface Progress {
  answered: number;
  total: number;
  phase: 'yes_no' | 'meaning' | 'done';
}

export function progressOf(state: TestState): Progress {
  const done = state.items.filter(isAnswered).length;
  const current = currentItem(state);
  const claimed = state.items.filter((i) => i.kind === 'word' && i.yes === true).length;
  const checks = Math.min(testLength.meaning, claimed);
  const yesNoDone = state.items.filter((i) => i.kind !== 'meaning' && isAnswered(i)).length;
  // Before the yes/no part ends, the number of checks is the most there can be.
  const total = testLength.yesNo + (yesNoDone < testLength.yesNo ? testLength.meaning : checks);
  return {
    answered: done,
    total: Math.max(total, done),
    phase: !current ? 'done' : current.kind === 'meaning' ? 'meaning' : 'yes_no',
  };
}

export interface TestSummary {
  estimate: Estimate;
  /** The same answers without the meaning checks. */
  yesNoEstimate: Estimate;
  words: { asked: number; yes: number };
  pseudo: { asked: number; yes: number };
  meaning: { asked: number; correct: number };
  /** Seconds the items take at the paces above. */
  seconds: number;
}

export function summarise(state: TestState, poolSize: number): TestSummary {
  const all = observations(state);
  const yesNo = all.filter((o) => o.kind !== 'meaning');
  const count = (kind: Observation['kind'], pass: (o: Observation) => boolean) => {
    const of = all.filter((o) => o.kind === kind);
    return { asked: of.length, n: of.filter(pass).length };
  };
  const words = count('word', (o) => o.kind === 'word' && o.yes);
  const pseudo = count('pseudo', (o) => o.kind === 'pseudo' && o.yes);
  const meaning = count('meaning', (o) => o.kind === 'meaning' && o.correct);
  return {
    estimate: estimate(all, { poolSize }),
    yesNoEstimate: estimate(yesNo, { poolSize }),
    words: { asked: words.asked, yes: words.n },
    pseudo: { asked: pseudo.asked, yes: pseudo.n },
    meaning: { asked: meaning.asked, correct: meaning.n },
    seconds: Math.round(yesNo.length * secondsPerItem.yesNo + meaning.asked * secondsPerItem.meaning),
  };
}
