/**
 * Which colour each constituent label takes (the tokens `constituent-*` of tailwind.config.ts):
 * the same label is always the same colour, in every layer and every sentence; the clause types
 * share a colour per family (relative, noun, adverbial), the non-finite phrases one more.
 * The class names are written out in full so that Tailwind finds them.
 */
export type ConstituentTone =
  | 'main'
  | 'subject'
  | 'predicate'
  | 'object'
  | 'indirect-object'
  | 'complement'
  | 'object-complement'
  | 'attributive'
  | 'adverbial'
  | 'appositive'
  | 'parenthetical'
  | 'relative-clause'
  | 'noun-clause'
  | 'adverbial-clause'
  | 'non-finite'
  | 'other';

export const toneClasses: Record<ConstituentTone, { segment: string; label: string; swatch: string }> = {
  main: {
    segment: 'bg-constituent-main text-constituent-main-ink',
    label: 'text-constituent-main-ink',
    swatch: 'bg-constituent-main ring-constituent-main-ink/30',
  },
  subject: {
    segment: 'bg-constituent-subject text-constituent-subject-ink',
    label: 'text-constituent-subject-ink',
    swatch: 'bg-constituent-subject ring-constituent-subject-ink/30',
  },
  predicate: {
    segment: 'bg-constituent-predicate text-constituent-predicate-ink',
    label: 'text-constituent-predicate-ink',
    swatch: 'bg-constituent-predicate ring-constituent-predicate-ink/30',
  },
  object: {
    segment: 'bg-constituent-object text-constituent-object-ink',
    label: 'text-constituent-object-ink',
    swatch: 'bg-constituent-object ring-constituent-object-ink/30',
  },
  'indirect-object': {
    segment: 'bg-constituent-indirect-object text-constituent-indirect-object-ink',
    label: 'text-constituent-indirect-object-ink',
    swatch: 'bg-constituent-indirect-object ring-constituent-indirect-object-ink/30',
  },
  complement: {
    segment: 'bg-constituent-complement text-constituent-complement-ink',
    label: 'text-constituent-complement-ink',
    swatch: 'bg-constituent-complement ring-constituent-complement-ink/30',
  },
  'object-complement': {
    segment: 'bg-constituent-object-complement text-constituent-object-complement-ink',
    label: 'text-constituent-object-complement-ink',
    swatch: 'bg-constituent-object-complement ring-constituent-object-complement-ink/30',
  },
  attributive: {
    segment: 'bg-constituent-attributive text-constituent-attributive-ink',
    label: 'text-constituent-attributive-ink',
    swatch: 'bg-constituent-attributive ring-constituent-attributive-ink/30',
  },
  adverbial: {
    segment: 'bg-constituent-adverbial text-constituent-adverbial-ink',
    label: 'text-constituent-adverbial-ink',
    swatch: 'bg-constituent-adverbial ring-constituent-adverbial-ink/30',
  },
  appositive: {
    segment: 'bg-constituent-appositive text-constituent-appositive-ink',
    label: 'text-constituent-appositive-ink',
    swatch: 'bg-constituent-appositive ring-constituent-appositive-ink/30',
  },
  parenthetical: {
    segment: 'bg-constituent-parenthetical text-constituent-parenthetical-ink',
    label: 'text-constituent-parenthetical-ink',
    swatch: 'bg-constituent-parenthetical ring-constituent-parenthetical-ink/30',
  },
  'relative-clause': {
    segment: 'bg-constituent-relative-clause text-constituent-relative-clause-ink',
    label: 'text-constituent-relative-clause-ink',
    swatch: 'bg-constituent-relative-clause ring-constituent-relative-clause-ink/30',
  },
  'noun-clause': {
    segment: 'bg-constituent-noun-clause text-constituent-noun-clause-ink',
    label: 'text-constituent-noun-clause-ink',
    swatch: 'bg-constituent-noun-clause ring-constituent-noun-clause-ink/30',
  },
  'adverbial-clause': {
    segment: 'bg-constituent-adverbial-clause text-constituent-adverbial-clause-ink',
    label: 'text-constituent-adverbial-clause-ink',
    swatch: 'bg-constituent-adverbial-clause ring-constituent-adverbial-clause-ink/30',
  },
  'non-finite': {
    segment: 'bg-constituent-non-finite text-constituent-non-finite-ink',
    label: 'text-constituent-non-finite-ink',
    swatch: 'bg-constituent-non-finite ring-constituent-non-finite-ink/30',
  },
  other: {
    segment: 'bg-constituent-other text-constituent-other-ink',
    label: 'text-constituent-other-ink',
    swatch: 'bg-constituent-other ring-constituent-other-ink/30',
  },
};

const byLabel: Record<string, ConstituentTone> = {
  主句: 'main',
  并列句: 'main',
  主语: 'subject',
  形式主语: 'subject',
  真正主语: 'subject',
  谓语: 'predicate',
  宾语: 'object',
  形式宾语: 'object',
  间接宾语: 'indirect-object',
  直接宾语: 'object',
  表语: 'complement',
  宾语补足语: 'object-complement',
  主语补足语: 'object-complement',
  定语: 'attributive',
  状语: 'adverbial',
  同位语: 'appositive',
  插入语: 'parenthetical',
  定语从句: 'relative-clause',
  非限制性定语从句: 'relative-clause',
  宾语从句: 'noun-clause',
  主语从句: 'noun-clause',
  表语从句: 'noun-clause',
  同位语从句: 'noun-clause',
  独立主格结构: 'non-finite',
  片段: 'other',
};

/** The colour of a label: a known one's own, a clause or phrase by its family, else neutral. */
export function toneOf(label: string): ConstituentTone {
  const known = byLabel[label];
  if (known) return known;
  if (label.endsWith('状语从句')) return 'adverbial-clause';
  if (label.endsWith('定语从句')) return 'relative-clause';
  if (label.endsWith('从句')) return 'noun-clause';
  if (label.endsWith('短语') || label.endsWith('结构')) return 'non-finite';
  return 'other';
}
