import { isWordNotFound, WORD_NOT_FOUND, type Gloss, type TranslationItem } from '@/lib/contract';

export { isWordNotFound };

/**
 * Reading a word query's answer the way the word panel shows it (spec sections 2, 3 and 5).
 */

/** Spec section 9: examples shown before "more examples". */
export const EXAMPLES_SHOWN = 2;
/** Spec section 9: the tab goes back to the first one this long after the panel closes. */
export const TAB_RESET_DELAY_MS = 500;

/** The not-found message to show: the answer's own sentence when it has one. */
export function notFoundMessage(items: readonly TranslationItem[]): string {
  const sense = items[0]?.gloss[0]?.sense;
  const text = [sense?.second, sense?.first].find((s) => s?.includes(WORD_NOT_FOUND));
  return text?.trim() || WORD_NOT_FOUND;
}

/** An IPA transcription between slashes, whatever brackets it came with; null when empty. */
export function phoneticText(ipa: string | undefined | null): string | null {
  const bare = ipa
    ?.trim()
    .replace(/^[/[\]]+|[/[\]]+$/g, '')
    .trim();
  return bare ? `/${bare}/` : null;
}

/** The lemma's UK and US phonetics: those of its first gloss that has them. */
export function phoneticsOf(item: TranslationItem): { uk: string | null; us: string | null } {
  const withSymbols = item.gloss.find((g) => g.phonetic_symbol?.first || g.phonetic_symbol?.second);
  return {
    uk: phoneticText(withSymbols?.phonetic_symbol?.first),
    us: phoneticText(withSymbols?.phonetic_symbol?.second),
  };
}

/** A count line is shown only for a positive count (spec section 2; issue 4, counts). */
export const countLine = {
  word: (n: number | undefined) => (n && n > 0 ? `近8年出现了${n}次` : null),
  sense: (n: number | undefined) => (n && n > 0 ? `该词义出现${n}次` : null),
};

export function splitExamples(gloss: Gloss): { shown: Gloss['examples'] & object; more: Gloss['examples'] & object } {
  const all = gloss.examples ?? [];
  return { shown: all.slice(0, EXAMPLES_SHOWN), more: all.slice(EXAMPLES_SHOWN) };
}

/**
 * The tab reset of spec section 9: when the panel closes, the first tab comes back after the
 * delay, so the closing panel does not flash another tab; opening again before that resets at
 * once.
 */
export function createTabReset(reset: () => void, delayMs = TAB_RESET_DELAY_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    closed() {
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        reset();
      }, delayMs);
    },
    opened() {
      if (timer === undefined) return;
      cancel();
      reset();
    },
    dispose: cancel,
  };
}
