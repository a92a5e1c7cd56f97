import { Link } from '@/components/ui/link';
import type { CallData } from '@/lib/contract';
import type { ContentCategory } from '@/lib/contract/categories';
import { pathFor } from '@/lib/routes/route-table';
import { buttonClass } from '@/components/ui/button';

/**
 * A category's sub-categories (a series' books, a news source's sections) as links to their own
 * lists (/topicList/{category}/{sub}), with how many documents each holds. Nothing when the
 * category has none, or when the library could not be read (null: the list below says so).
 */
export function SubCategoryLinks({
  category,
  subs,
}: {
  category: ContentCategory;
  subs: CallData<'query_subcategory'>['sub_categories'] | null;
}) {
  if (!subs?.length) return null;
  return (
    <nav aria-label="分类" data-testid="sub-categories">
      <ul className="flex flex-wrap gap-2">
        {subs.map(({ sub_category, documents }) => (
          <li key={sub_category}>
            <Link
              href={pathFor('topicList', { cid: category, title: sub_category })}
              className={buttonClass({ tone: 'secondary', size: 'sm', shape: 'pill' })}
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
