'use client';

import { openOverlay } from '@/lib/client/overlays';
import { SettingsIcon } from './icons';

export function SettingsButton() {
  return (
    <button
      type="button"
      aria-label="设置"
      data-testid="settings-button"
      onClick={() => openOverlay('settings')}
      className="grid size-9 shrink-0 place-items-center rounded-lg text-ink-soft hover:bg-slate-100 hover:text-ink"
    >
      <SettingsIcon />
    </button>
  );
}
