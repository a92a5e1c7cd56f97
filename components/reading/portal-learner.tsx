'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { useUser } from '@/lib/client/app-state';
import { lookupsPanel, PortalLearnerFrame, PortalPanel, wordsPanel } from './portal-learner-frame';

// The lists read through the query library; a visitor's portal never loads either.
const PortalLearnerLists = lazy(() => import('./portal-learner-lists').then((m) => ({ default: m.PortalLearnerLists })));

const pending = { isPending: true, isError: false };

/**
 * The portal's corner for a logged-in learner: the latest lookups and words of their word book;
 * a visitor sees nothing here. It renders only in the browser, after hydration: the server has
 * neither the lists nor their code to hand, and the page hydrates without waiting on them.
 */
export function PortalLearner() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const user = useUser();
  if (!mounted || !user) return null;
  return (
    <Suspense
      fallback={
        <PortalLearnerFrame>
          <PortalPanel {...lookupsPanel} state={pending} />
          <PortalPanel {...wordsPanel} state={pending} />
        </PortalLearnerFrame>
      }
    >
      <PortalLearnerLists account={user.account} />
    </Suspense>
  );
}
