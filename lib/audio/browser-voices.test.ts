import { describe, expect, it } from 'vitest';
import { accentOf, isNatural, pickVoice, rankVoices, type SpeechVoiceLike, voiceList } from './browser-voices';

const voice = (name: string, lang: string, localService = true): SpeechVoiceLike => ({ name, lang, localService });

// What Edge on Windows, Chrome and Safari on a Mac offer, mixed.
const offered = [
  voice('Microsoft George - English (United Kingdom)', 'en-GB'),
  voice('Google UK English Female', 'en-GB', false),
  voice('Microsoft Sonia Online (Natural) - English (United Kingdom)', 'en-GB', false),
  voice('Daniel (Enhanced)', 'en_GB'),
  voice('Microsoft David - English (United States)', 'en-US'),
  voice('Samantha', 'en-US'),
  voice('Microsoft Aria Online (Natural) - English (United States)', 'en-US', false),
  voice('Karen', 'en-AU'),
  voice('Microsoft Huihui - Chinese (Simplified, PRC)', 'zh-CN'),
];

describe('browser voices', () => {
  it('tell the accent from the language tag', () => {
    expect(accentOf({ lang: 'en-GB' })).toBe('uk');
    expect(accentOf({ lang: 'en_gb' })).toBe('uk');
    expect(accentOf({ lang: 'en-US' })).toBe('us');
    expect(accentOf({ lang: 'en-AU' })).toBeNull();
    expect(accentOf({ lang: 'zh-CN' })).toBeNull();
  });

  it('know natural voices by their names', () => {
    expect(isNatural({ name: 'Microsoft Sonia Online (Natural) - English (United Kingdom)' })).toBe(true);
    expect(isNatural({ name: 'Google UK English Female' })).toBe(true);
    expect(isNatural({ name: 'Daniel (Enhanced)' })).toBe(true);
    expect(isNatural({ name: 'Serena (Premium)' })).toBe(true);
    expect(isNatural({ name: 'Microsoft George - English (United Kingdom)' })).toBe(false);
    expect(isNatural({ name: 'Samantha' })).toBe(false);
  });

  it('rank one accent natural first, network before local, then by name', () => {
    expect(rankVoices(offered, 'uk').map((v) => v.name)).toEqual([
      'Google UK English Female',
      'Microsoft Sonia Online (Natural) - English (United Kingdom)',
      'Daniel (Enhanced)',
      'Microsoft George - English (United Kingdom)',
    ]);
    expect(rankVoices(offered, 'us').map((v) => v.name)).toEqual([
      'Microsoft Aria Online (Natural) - English (United States)',
      'Microsoft David - English (United States)',
      'Samantha',
    ]);
  });

  it('pick the named voice while it is there, else the best natural one, else none', () => {
    expect(pickVoice(offered, 'us')?.name).toBe('Microsoft Aria Online (Natural) - English (United States)');
    expect(pickVoice(offered, 'us', 'Samantha')?.name).toBe('Samantha');
    expect(pickVoice(offered, 'us', 'Gone')?.name).toBe('Microsoft Aria Online (Natural) - English (United States)');
    // A named voice of the other accent is not taken for this one.
    expect(pickVoice(offered, 'uk', 'Samantha')?.name).toBe('Google UK English Female');
    const plainOnly = offered.filter((v) => !isNatural(v));
    expect(pickVoice(plainOnly, 'uk')).toBeNull();
    expect(pickVoice([], 'us')).toBeNull();
  });

  it('hear the list fill in through voiceschanged', () => {
    let voices: SpeechVoiceLike[] = [];
    const listeners = new Set<() => void>();
    const list = voiceList({
      getVoices: () => voices,
      addEventListener: (_type, l) => listeners.add(l),
      removeEventListener: (_type, l) => listeners.delete(l),
    });
    let heard = 0;
    const unsubscribe = list.subscribe(() => heard++);
    expect(list.getSnapshot()).toEqual([]);
    voices = offered;
    for (const l of listeners) l();
    expect(heard).toBe(1);
    expect(list.getSnapshot()).toBe(offered);
    unsubscribe();
    expect(listeners.size).toBe(0);
    expect(voiceList(null).getSnapshot()).toEqual([]);
  });
});
