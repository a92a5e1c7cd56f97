/**
 * What parse_text takes (lib/contract/calls/passage.ts): kept apart from the call's schemas so that
 * the reading screens cut a long text into pieces without loading zod.
 */
export const parseTextLimits = { maxChars: 20_000 } as const;
