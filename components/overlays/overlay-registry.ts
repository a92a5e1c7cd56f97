'use client';

import type { ComponentType } from 'react';
import { setOverlayPreloader, type HostedOverlayProps, type OverlayName } from '@/lib/client/overlays';

type Hosted<N extends OverlayName> = ComponentType<HostedOverlayProps<N>>;

/**
 * Where each shell overlay's code is: fetched the first time the overlay opens (or is preloaded),
 * never in a page's first load. A feature adds its overlay with one line here and a payload type
 * in lib/client/overlays.ts.
 */
export const overlayLoaders: { [N in OverlayName]?: () => Promise<Hosted<N>> } = {
  wordTranslation: () => import('@/components/dictionary/word-panel').then((m) => m.WordPanel),
  posExplain: () => import('@/components/dictionary/pos-explain-drawer').then((m) => m.PosExplainDrawer),
  centerDialog: () => import('@/components/membership/quota-dialog').then((m) => m.QuotaDialog),
  loginDialog: () => import('@/components/account/login-dialog').then((m) => m.LoginDialog),
  settings: () => import('@/components/settings/settings-overlay').then((m) => m.SettingsOverlay),
  chatDrawer: () => import('@/components/analysis/chat-drawer').then((m) => m.ChatDrawer),
  sentenceTranslate: () => import('@/components/analysis/translate-drawer').then((m) => m.TranslateDrawer),
  vipPackages: () => import('@/components/membership/packages-dialog').then((m) => m.PackagesDialog),
  vipOrder: () => import('@/components/membership/order-dialog').then((m) => m.OrderDialog),
  vipCongrats: () => import('@/components/membership/congrats-dialog').then((m) => m.CongratsDialog),
};

/** Fetches an overlay's code ahead of time (lib/client/overlays.ts: preloadOverlay). */
function preload(name: OverlayName): void {
  void overlayLoaders[name]?.().catch(() => {
    // A failed preload is retried by the real open, which shows its own error.
  });
}
setOverlayPreloader(preload);
