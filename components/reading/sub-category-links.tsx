import Link from 'next/link';
import { isUnavailable, subCategories } from '@/lib/bff/reading-lists';
import type { ContentCategory } from '@/lib/contract/categories';
import { pathFor } from '@/lib/routes/route-table';

/**
 * A category's sub-categories (a series' books, a news source's sections) as links to their own
 * lists (/topicList/{category}/{sub}), with how many documents each holds. Nothing when the
 * category has none, or when the library cannot be read (the list below says so).
 */
export async function SubCategoryLinks({ category }: { category: ContentCategory }) {
  let subs: Awaited<ReturnType<typeof subCategories>>['sub_categories'];
  try {
    subs = (await subCategories(category)).sub_categories;
  } catch (error) {
    if (isUnavailable(error)) return null;
    throw error;
  }
  if (subs.length === 0) return null;
  return (
    <nav aria-label="分类" data-testid="sub-categories">
      <ul className="flex flex-wrap gap-2">
        {subs.map(({ sub_category, documents }) => (
          <li key={sub_category}>
            <Link
              href={pathFor('topicList', { cid: category, title: sub_category })}
              className="inline-flex items-center gap-1 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm hover:bg-slate-50"
            >
              <span>{sub_category}</span>
              <span className="text-xs text-ink-mute">{documents}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
