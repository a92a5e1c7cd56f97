import type { ReactNode } from 'react';
import { ShellFrame } from '@/components/shell/shell-frame';

/*
 * The reading pages: the same HTML for every reader, so each is rendered once and served from
 * Next's cache (ISR) until its document changes (POST /api/revalidate_documents) or an hour has
 * passed (documentTtlSeconds). Nothing under this layout reads the request: the header asks the
 * browser who is logged in, and a reader's own state (lists, marks) loads on the client.
 */

// An hour, as documentTtlSeconds (a segment option must be a literal here).
export const revalidate = 3600;

export default function ReadingLayout({ children }: { children: ReactNode }) {
  return <ShellFrame>{children}</ShellFrame>;
}
