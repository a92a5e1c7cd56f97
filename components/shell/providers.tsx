'use client';

import type { ReactNode } from 'react';
import { AppStateProvider } from '@/lib/client/app-state';

/**
 * Client-side state for the whole app: the user (seeded by the personal pages' layout, UserSeed,
 * or asked by the browser) and the query client, made when a feature first asks a query.
 */
export function Providers({ children }: { children: ReactNode }) {
  return <AppStateProvider>{children}</AppStateProvider>;
}
