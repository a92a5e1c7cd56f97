import 'server-only';
import type { CallData } from '@/lib/contract';
import type { CategoryBooks } from '@/lib/contract/calls/courses';
import type { CourseBookCategory } from '@/lib/contract/categories';
import type { FrequentWordsAddress } from '@/lib/routes/course-links';
import { dataOf, readUpstream } from './reader';

/*
 * The server's reads for the public course-book pages (/aiBook/{category}, /frequentWords/…).
 * They are made without a user, so every reader gets the same answer (no progress in it) and it
 * is kept in this process for a minute, as the reading lists are.
 */

const cache = { ttlMs: 60_000, failureTtlMs: 5_000 };
const timeoutMs = 5_000;

/** A category's books, each with its levels, in the contract's type order. */
export async function categoryBooks(category: CourseBookCategory): Promise<CategoryBooks> {
  const names = await readUpstream('query_course_names', { category }, { timeoutMs, cache, reshape: dataOf });
  const books = await Promise.all(
    names.courses.map(async (course) => {
      const levels = await readUpstream(
        'query_course_levels',
        { course_id: course.id },
        { timeoutMs, cache, reshape: (a) => dataOf(a).levels },
      );
      return { ...course, levels_list: levels };
    }),
  );
  return { label: names.label, books };
}

export function frequentWords(address: FrequentWordsAddress): Promise<CallData<'get_frequent_words'>> {
  return readUpstream('get_frequent_words', { ...address }, { timeoutMs, cache, reshape: dataOf });
}
