'use client';

import { usePathname, useRouter } from 'next/navigation';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { setClientNavigator } from '@/lib/client/navigation';
import {
  closeOverlay,
  closeOverlays,
  closedOnRouteChange,
  overlayNames,
  preloadOverlay,
  type HostedOverlayProps,
  type OverlayName,
  type OverlayPayloads,
} from '@/lib/client/overlays';
import { useOverlays } from '@/lib/client/use-overlays';
import { useUser } from '@/lib/client/app-state';
import { overlayLoaders } from './overlay-registry';

type AnyHosted = ComponentType<HostedOverlayProps<OverlayName>>;

// One lazy component per overlay kind, made once: React keeps the loaded module with it.
const lazyOverlays = Object.fromEntries(
  Object.entries(overlayLoaders).map(([name, load]) => [
    name,
    lazy(async () => ({ default: await (load as () => Promise<AnyHosted>)() })),
  ]),
) as Partial<Record<OverlayName, AnyHosted>>;

/**
 * The one place that renders the shell-level overlays. None is in the page's first load: an
 * overlay's code is fetched the first time it opens (overlay-registry.ts), and it stays mounted
 * afterwards, so closing can keep its last content and reopening is instant.
 */
export function OverlayHost() {
  const open = useOverlays();
  const pathname = usePathname();
  const router = useRouter();

  // Only a change of route closes them: on the first render a page may already have opened one
  // (a link that looks a word up at once).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    closeOverlays(closedOnRouteChange);
  }, [pathname]);

  // Quota redirects (lib/client/quota.ts) navigate inside the app instead of reloading it.
  useEffect(() => setClientNavigator((href) => router.push(href)), [router]);

  // The login dialog is what a visitor most often opens: a few seconds after the page has
  // settled, when the browser is idle, fetch it, so that the first click on 登录 shows it at
  // once without adding to the page's own loading work.
  const anonymous = useUser() === null;
  useEffect(() => {
    if (!anonymous) return;
    return whenIdle(() => preloadOverlay('loginDialog'));
  }, [anonymous]);

  // Mounted from the first open on (adjusted while rendering, so it mounts in the same pass).
  const [mounted, setMounted] = useState<ReadonlySet<OverlayName>>(() => new Set());
  const opened = overlayNames.filter((name) => open[name] && !mounted.has(name));
  if (opened.length > 0) setMounted(new Set([...mounted, ...opened]));

  // The last payload of each overlay, so that one closing still shows what it showed.
  const lastPayloads = useRef<Partial<OverlayPayloads>>({});
  for (const name of overlayNames) {
    const current = open[name];
    if (current) (lastPayloads.current as Record<string, unknown>)[name] = current.payload;
  }

  // A boundary each: an overlay still loading must not hide one that is already open.
  return [...mounted].map((name) => {
    const Hosted = lazyOverlays[name];
    if (!Hosted) return null;
    return (
      <Suspense key={name} fallback={null}>
        <Hosted
          open={!!open[name]}
          payload={open[name]?.payload ?? lastPayloads.current[name]}
          onClose={() => closeOverlay(name)}
          onOpenChange={(o) => !o && closeOverlay(name)}
        />
      </Suspense>
    );
  });
}

const SETTLE_MS = 5000;

/** Runs `task` once the page has settled and the browser is idle; answers how to cancel it. */
function whenIdle(task: () => void): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    // Safari before 18 has no idle callback: the delay alone does.
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(task, { timeout: SETTLE_MS });
    else task();
  }, SETTLE_MS);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
