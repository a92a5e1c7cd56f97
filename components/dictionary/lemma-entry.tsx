'use client';

import { useId, useState, type ReactNode } from 'react';
import { PlayButton } from '@/components/audio/play-button';
import type { TranslationItem } from '@/lib/contract';
import { GlossView } from './gloss-view';
import { countLine, phoneticsOf } from '@/lib/client/dictionary/word-entry';

/**
 * One lemma's tab (spec section 2), the meaning first (issue 35): the glosses, whose first on the
 * first tab is the meaning in this text, with the word's role in the sentence above them; then the
 * word count, the variants, and etymology and synonyms behind toggles. Its UK and US phonetics are
 * the panel's top line (LemmaPhonetics), so that the sense is in view without scrolling.
 * `inThisText`: the first tab, whose first gloss is the meaning in this text.
 */
export function LemmaEntry({ item, inThisText }: { item: TranslationItem; inThisText: boolean }) {
  const wordCount = countLine.word(item.w_c);
  const variants = item.variants ?? [];

  return (
    <div className="flex flex-col gap-3">
      {inThisText && item.role && (
        <p data-testid="word-role" className="text-sm text-ink-soft">
          <span className="mr-1.5 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-700">句中</span>
          {item.role}
        </p>
      )}
      <ol className="flex flex-col gap-2">
        {item.gloss.map((gloss, i) => (
          <GlossView
            key={`${gloss.sense_id ?? ''}:${i}`}
            gloss={gloss}
            feedbackKey={inThisText && i === 0 && item.key ? item.key : undefined}
          />
        ))}
      </ol>
      {wordCount && (
        <p data-testid="word-count" className="text-sm text-amber-700">
          {wordCount}
        </p>
      )}
      {variants.length > 0 && (
        <dl data-testid="variants" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {variants.map((v) => (
            <div key={`${v.name}:${v.value}`} className="flex gap-1">
              <dt className="text-ink-mute">{v.name}</dt>
              <dd lang="en" className="font-medium">
                {v.value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <Extras item={item} />
    </div>
  );
}

/** The lemma's UK and US phonetics, each with its play control: the panel's top line, beside the word. */
export function LemmaPhonetics({ item }: { item: TranslationItem }) {
  const { uk, us } = phoneticsOf(item);
  if (!uk && !us) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-0.5">
      {uk && <Phonetic testId="phonetic-uk" tag="英" ipa={uk} word={item.lemma} voice="uk" />}
      {us && <Phonetic testId="phonetic-us" tag="美" ipa={us} word={item.lemma} voice="us" />}
    </div>
  );
}

function Phonetic({
  testId,
  tag,
  ipa,
  word,
  voice,
}: {
  testId: string;
  tag: string;
  ipa: string;
  word: string;
  voice: 'uk' | 'us';
}) {
  return (
    <span data-testid={testId} className="inline-flex items-center gap-1 text-sm text-ink-soft">
      <span>{tag}</span>
      <span className="font-[system-ui]">{ipa}</span>
      <PlayButton text={word} voice={voice} repeat={1} label={`${tag}式发音`} />
    </span>
  );
}

/** The 词根词缀 and 同义词 toggles; each shows only when there is something to show. */
function Extras({ item }: { item: TranslationItem }) {
  const id = useId();
  const [open, setOpen] = useState<'etymology' | 'synonyms' | null>(null);
  const lists = {
    etymology: item.etymology ?? [],
    synonyms: item.synonyms ?? [],
  };
  const toggles: { name: 'etymology' | 'synonyms'; label: string }[] = [
    { name: 'etymology', label: '词根词缀' },
    { name: 'synonyms', label: '同义词' },
  ];
  const present = toggles.filter((t) => lists[t.name].length > 0);
  if (present.length === 0) return null;

  let content: ReactNode = null;
  if (open) {
    content = (
      <ul id={`${id}-${open}`} data-testid={`${open}-list`} className="flex flex-col gap-1 rounded-lg bg-slate-50 p-3 text-sm">
        {lists[open].map((entry, i) => (
          <li key={`${entry.word}:${i}`} className="flex gap-2">
            <span lang="en" className="shrink-0 font-semibold text-ink">
              {entry.word}
            </span>
            <span className="text-ink-soft">{entry.etymology}</span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex gap-2">
        {present.map((t) => (
          <button
            key={t.name}
            type="button"
            data-testid={`${t.name}-toggle`}
            aria-expanded={open === t.name}
            aria-controls={open === t.name ? `${id}-${t.name}` : undefined}
            onClick={() => setOpen((o) => (o === t.name ? null : t.name))}
            className={`rounded-full border px-3 py-1 text-sm transition-colors ${
              open === t.name ? 'border-brand-500 bg-brand-50 text-brand-700' : 'border-slate-300 text-ink-soft hover:bg-slate-50'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      {content}
    </div>
  );
}
