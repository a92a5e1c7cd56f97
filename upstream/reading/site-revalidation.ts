/*
 * After an import, the site is told which documents changed (POST /api/revalidate_documents,
 * lib/bff/revalidate-documents.ts), so that their reading pages, cached for every reader, show
 * the new text at once instead of within the hour. Only when the operator has set both the
 * site's address (SITE_URL) and the shared secret (REVALIDATE_SECRET).
 */

/** The endpoint takes at most this many names per request. */
const BATCH = 1000;

export interface SiteRevalidation {
  siteUrl: string | undefined;
  secret: string | undefined;
  timeoutMs?: number;
}

export type RevalidationOutcome =
  | { kind: 'expired'; documents: number }
  | { kind: 'not-configured' }
  | { kind: 'failed'; reason: string };

export async function expireReadingPages(
  filenames: readonly string[],
  { siteUrl, secret, timeoutMs = 10_000 }: SiteRevalidation,
): Promise<RevalidationOutcome> {
  if (!siteUrl || !secret) return { kind: 'not-configured' };
  const names = [...new Set(filenames)];
  const endpoint = new URL('/api/revalidate_documents', siteUrl);
  let documents = 0;
  for (let i = 0; i < names.length; i += BATCH) {
    let answer: Response;
    try {
      answer = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ filenames: names.slice(i, i + BATCH) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      return { kind: 'failed', reason: `${endpoint}: ${error instanceof Error ? error.message : String(error)}` };
    }
    const body = (await answer.json().catch(() => null)) as { data?: { revalidated?: number } } | null;
    if (!answer.ok) return { kind: 'failed', reason: `${endpoint} answered ${answer.status}` };
    documents += body?.data?.revalidated ?? 0;
  }
  return { kind: 'expired', documents };
}

/** One line for the import's report. */
export function describeRevalidation(outcome: RevalidationOutcome): string {
  switch (outcome.kind) {
    case 'expired':
      return `reading pages of ${outcome.documents} documents expired on the site`;
    case 'not-configured':
      return 'reading pages of changed documents refresh within the hour (set SITE_URL and REVALIDATE_SECRET to expire them at once)';
    case 'failed':
      return `the site was not told (${outcome.reason}): reading pages of changed documents refresh within the hour`;
  }
}
