import type { WriterFlag, WriterFlagKind } from '@/lib/contract';

/** The Chinese name of each kind of flag, as the writer shows it. */
export const flagKindNames: Record<WriterFlagKind, string> = {
  spelling: '拼写',
  agreement: '主谓一致',
  article: '冠词',
  grammar: '语法',
  repeat: '重复',
  long_sentence: '长句',
};

/** Flags about a whole sentence, drawn as a tint under the word-level ones. */
export const isSentenceFlag = (flag: Pick<WriterFlag, 'kind'>) => flag.kind === 'grammar' || flag.kind === 'long_sentence';

/** One stretch of the checked text: plain, or covered by flags (`primary` is the one a click opens). */
export interface MarkedSegment {
  start: number;
  end: number;
  text: string;
  /** Index into the flags of the flag this stretch opens, or null for plain text. */
  primary: number | null;
  /** Whether a sentence-level flag also covers it. */
  inSentenceFlag: boolean;
}

/**
 * Cuts the text at every flag's edges and gives each stretch the narrowest flag over it (a word
 * inside a flagged sentence opens the word's flag); neighbouring stretches that open the same
 * flag are joined, so that each flag is one stop for the keyboard.
 */
export function markedSegments(text: string, flags: readonly WriterFlag[]): MarkedSegment[] {
  const cuts = new Set([0, text.length]);
  for (const flag of flags) {
    if (flag.start < 0 || flag.end > text.length || flag.end <= flag.start) continue;
    cuts.add(flag.start);
    cuts.add(flag.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const segments: MarkedSegment[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i];
    const end = points[i + 1];
    let primary: number | null = null;
    let inSentenceFlag = false;
    for (const [f, flag] of flags.entries()) {
      if (flag.start > start || flag.end < end) continue;
      if (isSentenceFlag(flag)) inSentenceFlag = true;
      const current = primary === null ? undefined : flags[primary];
      if (!current || flag.end - flag.start < current.end - current.start) primary = f;
    }
    const last = segments.at(-1);
    if (last && last.primary === primary && last.inSentenceFlag === inSentenceFlag) {
      last.end = end;
      last.text = text.slice(last.start, end);
    } else {
      segments.push({ start, end, text: text.slice(start, end), primary, inSentenceFlag });
    }
  }
  return segments;
}
