'use client';

import type { MouseEvent } from 'react';
import type { Voice } from '@/lib/contract';
import type { ItemState } from '@/lib/audio/player';
import { useAudioItem } from '@/lib/audio/use-audio-player';
import { SpeakerIcon, SpinnerIcon } from '@/components/ui/icons';

export interface PlayButtonProps {
  text: string;
  /** Default 'us'. */
  voice?: Voice;
  /** Replaces the stored repeat count (the word drawer passes 1). */
  repeat?: number;
  /** What a screen reader says, e.g. 播放英式发音. */
  label: string;
  className?: string;
}

/**
 * A play control for one text: a speaker while waiting, a spinner while the audio loads, moving
 * sound waves while it plays. Pressing it while it loads or plays stops it. It does not pass the
 * click on, so a control inside a clickable row or word plays without also opening what is behind.
 */
export function PlayButton({ text, voice = 'us', repeat, label, className = '' }: PlayButtonProps) {
  const { state, toggle } = useAudioItem(text, { voice, repeat });
  const empty = text.trim() === '';

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    event.stopPropagation();
    void toggle();
  };

  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={state !== 'wait'}
      aria-busy={state === 'load'}
      data-testid="play-button"
      data-state={state}
      disabled={empty}
      onClick={onClick}
      className={`inline-grid size-7 shrink-0 place-items-center rounded-full text-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-40 ${state === 'read' ? 'bg-brand-50' : ''} ${className}`}
    >
      <PlayIcon state={state} />
    </button>
  );
}

function PlayIcon({ state }: { state: ItemState }) {
  if (state === 'load') return <SpinnerIcon />;
  return <SpeakerIcon sounding={state === 'read'} />;
}
