import { def } from '../define';

/** Course books: courses, their levels and units, their words; made books and the bookshelf. */
export const coursesCalls = {
  query_course_names: def('query_course_names', {}),
  query_course_levels: def('query_course_levels', {}),
  query_unit_names: def('query_unit_names', {}),
  query_words: def('query_words', {}),
  query_course_unit_content: def('query_course_unit_content', {}),
  make_book: def('make_book', { kind: 'multipart' }),
  add_to_bookshelf: def('add_to_bookshelf', {}),
  get_book: def('get_book', { method: 'GET' }),
} as const;
