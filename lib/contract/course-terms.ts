/**
 * What course books are made of, as plain constants (./calls/courses.ts has the calls and their
 * schemas): kept apart so that the links to courses, which every reading page's shelf button
 * makes, do not load zod with them.
 */

export const courseTypes = ['word', 'sentence', 'reading', 'reading-question'] as const;
export type CourseType = (typeof courseTypes)[number];

/** Units of a word book hold this many words (the last unit of a level may hold fewer). */
export const wordsPerUnit = 20;
/** Units of a sentence book hold this many sentences. */
export const sentencesPerUnit = 10;
/** A word book's level groups this many units. */
export const unitsPerWordLevel = 10;
/** Unit lists and frequent-word lists are paged: at most this many a page. */
export const maxCoursePageSize = 100;
export const defaultCoursePageSize = 50;

/** What a frequent-word list keeps (route /frequentWords/{subcategory}/{wordType}/…): every word, or one part of speech. */
export const frequentWordTypes = ['word', 'noun', 'verb', 'adjective', 'adverb'] as const;
