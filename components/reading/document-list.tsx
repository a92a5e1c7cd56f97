import { Link } from '@/components/ui/link';
import type { DocumentSummary } from '@/lib/contract/calls/reading';
import { articleHref } from '@/lib/routes/article-routes';
import { pathFor } from '@/lib/routes/route-table';
import { DocumentFacts } from './document-facts';

/**
 * Documents as a reading list shows them: the title as a plain link to the reading page (a crawler
 * follows it), the opening sentence, level and length. Rendered on the server.
 */
export function DocumentList({
  documents,
  chapters = false,
  testId = 'document-list',
}: {
  documents: readonly DocumentSummary[];
  /** Books: each also links to its table of contents (/readingChapter). */
  chapters?: boolean;
  testId?: string;
}) {
  return (
    <ul data-testid={testId} className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {documents.map((doc) => (
        <li key={`${doc.category}/${doc.sub_category ?? ''}/${doc.filename}`} data-testid="document-item" className="px-4 py-3">
          <h3 className="font-medium">
            <Link href={articleHref(doc)} lang="en" data-testid="document-link" className="text-brand-700 hover:underline">
              {doc.title}
            </Link>
          </h3>
          {doc.excerpt && (
            <p lang="en" className="mt-1 line-clamp-2 text-sm text-ink-soft">
              {doc.excerpt}
            </p>
          )}
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
            <DocumentFacts doc={doc} />
            {doc.sub_category && <span className="text-xs text-ink-mute">{doc.sub_category}</span>}
            {chapters && (
              <Link
                href={pathFor('readingChapter', { title: doc.filename })}
                data-testid="chapters-link"
                className="text-xs text-brand-700 hover:underline"
              >
                目录
              </Link>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
