'use client';

import { useRouter } from 'next/navigation';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { noteNavigationStart } from '@/lib/client/navigation';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string };

/**
 * A link to a page of the site that moves there inside the app (the App Router's own
 * `router.push`), keeping the shell and what it holds (the player, the signed-in user), and asks
 * the router to prefetch the page when a person shows they may follow it (pointer over, focus,
 * touch). It stands in for next/link, whose component and helpers are about 4 KB of every page's
 * first load and which prefetches every link that scrolls into view, where reading lists and
 * menus are long and readers are often on mobile data.
 *
 * Anything the app cannot move to by itself is left to the browser: another origin, a new tab
 * or window (modifier keys, the middle button, a target), a download.
 */
export function Link({ href, onClick, onPointerEnter, onFocus, onTouchStart, ...rest }: LinkProps) {
  const router = useRouter();
  const inApp = isInAppHref(href) && !rest.download && (!rest.target || rest.target === '_self');
  const prefetch = () => {
    if (inApp) router.prefetch(href);
  };
  return (
    <a
      href={href}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (!inApp || event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        noteNavigationStart(href);
        router.push(href);
      }}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        prefetch();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        prefetch();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        prefetch();
      }}
    />
  );
}

/** A path of this site: `/x`, not `//host/x` (another origin) nor `https://…`. */
export function isInAppHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\');
}

/** A click that means "go there here": the main button, no key that asks for a new tab or a download. */
export function isPlainClick(event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
