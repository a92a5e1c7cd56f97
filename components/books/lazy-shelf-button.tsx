'use client';

import { type ComponentProps, lazy, Suspense } from 'react';

const ShelfButton = lazy(() => import('./shelf-button').then((m) => ({ default: m.ShelfButton })));

/**
 * 加入书架 where a page hands it to a screen that renders it later (the reading page's bar, which
 * itself comes after the text): its code and the query library it needs are fetched then, not
 * with the page.
 */
export function LazyShelfButton(props: ComponentProps<typeof ShelfButton>) {
  return (
    <Suspense fallback={null}>
      <ShelfButton {...props} />
    </Suspense>
  );
}
