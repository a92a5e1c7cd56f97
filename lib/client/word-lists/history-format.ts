/**
 * How the lookup history shows an entry: the sentence around the word (the stored context may
 * hold whole paragraphs) and when it was looked up, grouped by day in the reader's time zone.
 */
import { sentenceHolding } from '../../text/sentences';

// A long sentence keeps this many characters on each side of the word.
const maxSide = 140;

/**
 * The part of the context that belongs to the word's own sentence (the product's one sentence
 * splitter, lib/text/sentences.ts, decides where it ends), whitespace tidied.
 */
export function sentenceAround(pre: string, word: string, post: string): { before: string; after: string } {
  const tidy = (s: string) => s.replace(/\s+/g, ' ');
  const preText = tidy(pre);
  const text = preText + word + tidy(post);
  const from = preText.length;
  const to = from + word.length;
  const { start, end } = sentenceHolding(text, from, to);
  let before = text.slice(start, from);
  let after = text.slice(to, end);

  if (before.length > maxSide) {
    const cut = before.slice(-maxSide);
    before = `…${cut.slice(cut.indexOf(' ') + 1)}`;
  }
  if (after.length > maxSide) {
    const cut = after.slice(0, maxSide);
    after = `${cut.slice(0, cut.lastIndexOf(' '))}…`;
  }
  return { before, after };
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** '今天', '昨天', '3月2日' this year, '2024年3月2日' before. */
export function dayLabel(at: Date, now: Date): string {
  if (dayKey(at) === dayKey(now)) return '今天';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (dayKey(at) === dayKey(yesterday)) return '昨天';
  const md = `${at.getMonth() + 1}月${at.getDate()}日`;
  return at.getFullYear() === now.getFullYear() ? md : `${at.getFullYear()}年${md}`;
}

export const clockTime = (at: Date) => `${pad(at.getHours())}:${pad(at.getMinutes())}`;

export interface DayGroup<T> {
  key: string;
  label: string;
  items: T[];
}

/** Consecutive entries of the same local day together, in the order given (newest first). */
export function groupByDay<T extends { created_at: string }>(items: readonly T[], now: Date): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const at = new Date(item.created_at);
    const key = Number.isNaN(at.getTime()) ? 'unknown' : dayKey(at);
    const last = groups[groups.length - 1];
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, label: key === 'unknown' ? '更早' : dayLabel(at, now), items: [item] });
  }
  return groups;
}
