'use client';

import { Overlay, OverlayBody, OverlayClose, OverlayDescription, OverlayHeader, OverlayTitle } from '@/components/ui/overlay';
import type { HostedOverlayProps } from '@/lib/client/overlays';
import { SettingsPanel } from './settings-panel';

/**
 * Global settings (spec section 2): a dialog on screens 768 px and wider, a full-height drawer
 * below, opened from the shell's overlay store.
 */
export function SettingsOverlay({ open, onOpenChange }: HostedOverlayProps<'settings'>) {
  return (
    <Overlay
      open={open}
      onOpenChange={onOpenChange}
      layout={{ wide: 'dialog', narrow: 'sheet' }}
      sheetHeight="full"
      size="md"
      layoutNames={{ dialog: 'dialog', sheet: 'drawer' }}
      testId="settings-overlay"
    >
      <OverlayHeader className="border-b border-slate-200 pb-4">
        <div className="min-w-0 flex-1">
          <OverlayTitle className="text-lg font-semibold">设置</OverlayTitle>
          <OverlayDescription className="mt-0.5 text-sm text-ink-soft">修改立即生效，并保存在这台设备上</OverlayDescription>
        </div>
        <OverlayClose testId="settings-close" />
      </OverlayHeader>
      <OverlayBody className="bg-slate-50 px-4 py-5 md:px-5">
        <SettingsPanel />
      </OverlayBody>
    </Overlay>
  );
}
