import { revalidatePath, revalidateTag } from 'next/cache';
import { handleRevalidate } from '@/lib/bff/revalidate-documents';

// The import's notice that documents changed (see lib/bff/revalidate-documents.ts); a static
// segment, so the /api catch-all (the upstream's calls) never sees it.
export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  return handleRevalidate(request, {
    secret: process.env.REVALIDATE_SECRET,
    // Expired at once: the next visit reads the changed document, not the stale one.
    expire: (tag) => revalidateTag(tag, { expire: 0 }),
    expirePage: (path) => revalidatePath(path),
  });
}
