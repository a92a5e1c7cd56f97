import { describe, expect, it } from 'vitest';
import { buttonClass } from './button';
import { fieldClass } from './field';
import { isInAppHref, isPlainClick } from './link';
import { nextTab, panelId, tabId } from './tabs';

describe('tabs', () => {
  it('move with the arrow keys, wrapping, and jump with Home and End', () => {
    expect(nextTab('ArrowRight', 0, 3)).toBe(1);
    expect(nextTab('ArrowRight', 2, 3)).toBe(0);
    expect(nextTab('ArrowLeft', 0, 3)).toBe(2);
    expect(nextTab('Home', 2, 3)).toBe(0);
    expect(nextTab('End', 0, 3)).toBe(2);
    expect(nextTab('Enter', 1, 3)).toBeNull();
    expect(nextTab('ArrowDown', 1, 3)).toBeNull();
  });

  it('name the panel each tab controls', () => {
    expect(tabId('expert', 'tutor')).toBe('expert-tab-tutor');
    expect(panelId('expert')).toBe('expert-panel');
  });
});

describe('buttons', () => {
  it('have one look per tone and size, and keep where the screen puts them', () => {
    const primary = buttonClass();
    expect(primary).toContain('bg-brand-600');
    expect(primary).toContain('rounded-lg');
    expect(buttonClass({ tone: 'secondary', shape: 'pill' })).toMatch(/border-slate-300.*rounded-full/);
    expect(buttonClass({ size: 'xl' })).toContain('rounded-2xl');
    expect(buttonClass({}, 'mt-3 self-start').endsWith(' mt-3 self-start')).toBe(true);
    // A disabled button says so by its look, whatever its tone.
    for (const tone of ['primary', 'secondary', 'quiet', 'alert'] as const)
      expect(buttonClass({ tone })).toContain('disabled:opacity-50');
  });
});

describe('fields', () => {
  it('show where the focus is and keep the width the screen gives', () => {
    expect(fieldClass()).toContain('focus:border-brand-500');
    expect(fieldClass('lg', 'w-full')).toMatch(/h-11.* w-full$/);
    expect(fieldClass('sm')).toContain('h-8');
  });
});

describe('links', () => {
  it('move inside the app only to paths of this site', () => {
    expect(isInAppHref('/Article/carroll-alice')).toBe(true);
    expect(isInAppHref('/ContextualDict?word=bank#top')).toBe(true);
    // Another origin, however it is spelled, and what is not a path go to the browser.
    expect(isInAppHref('//evil.example/x')).toBe(false);
    expect(isInAppHref('/\\evil.example/x')).toBe(false);
    expect(isInAppHref('https://example.com/')).toBe(false);
    expect(isInAppHref('mailto:a@b.c')).toBe(false);
    expect(isInAppHref('#notes')).toBe(false);
  });

  it('leave a click that asks for a new tab or window to the browser', () => {
    const plain = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };
    expect(isPlainClick(plain)).toBe(true);
    expect(isPlainClick({ ...plain, button: 1 })).toBe(false);
    for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const)
      expect(isPlainClick({ ...plain, [key]: true })).toBe(false);
  });
});
