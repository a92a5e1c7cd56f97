import { def } from '../define';

/** Course books: courses, their levels and units, their words. (Made books and the bookshelf: ./books.ts.) */
export const coursesCalls = {
  query_course_names: def('query_course_names', {}),
  query_course_levels: def('query_course_levels', {}),
  query_unit_names: def('query_unit_names', {}),
  query_words: def('query_words', {}),
  query_course_unit_content: def('query_course_unit_content', {}),
} as const;
