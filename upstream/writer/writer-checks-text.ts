/**
 * What the writer's checks (writer-checks.ts) share: changes of the text, quoting a word in a
 * message, and the first sound of a word for "a" / "an".
 */
import { dictionary as cmuDictionary } from 'cmu-pronouncing-dictionary';

/** A change of the text, in absolute offsets; an insertion has start === end. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

const vowelPhonemes = /^(AA|AE|AH|AO|AW|AY|EH|ER|EY|IH|IY|OW|OY|UH|UW)/;
/** Letters whose names begin with a vowel sound: "an FBI agent", "an MP3". */
const vowelLetters = new Set('AEFHILMNORSX');

/** Whether a word is said with a vowel first ("an hour", "a university", "an apple"). */
export function startsWithVowelSound(word: string): boolean {
  if (/^[A-Z]{2,}$/.test(word)) return vowelLetters.has(word[0]);
  const lower = word.toLowerCase().replace(/[^a-z'-].*$/, '');
  const entry = Object.hasOwn(cmuDictionary, lower) ? cmuDictionary[lower] : undefined;
  if (entry) return vowelPhonemes.test(entry);
  return /^[aeio]/.test(lower) || /^u[^n]/.test(lower);
}

export const quote = (text: string) => `“${text}”`;
