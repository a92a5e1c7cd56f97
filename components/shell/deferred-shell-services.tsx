'use client';

import { lazy, Suspense } from 'react';

const ShellServices = lazy(() => import('./shell-services'));

/** The shell's services (./shell-services), fetched as the page hydrates rather than before it. */
export function DeferredShellServices() {
  return (
    <Suspense fallback={null}>
      <ShellServices />
    </Suspense>
  );
}
