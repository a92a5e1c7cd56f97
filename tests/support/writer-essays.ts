/** Texts for the writer's tests (Vitest, Playwright, bench). */

/** An exam essay with a misspelling ("recieve"), a subject–verb disagreement ("go") and a missing article ("car"). */
export const essayWithThreeSlips = [
  'My Weekend',
  '',
  'Last weekend I visited my grandparents in the countryside. My grandfather go fishing every morning.',
  'I recieve a letter from my cousin. He has car and he drives me to the market.',
  'We had a wonderful time together.',
].join('\n');

/** The same essay with the slips mended, and more of the same kind of writing. */
export const cleanEssay = [
  'My Weekend',
  '',
  'Last weekend I visited my grandparents in the countryside. My grandfather goes fishing every morning.',
  'I received a letter from my cousin. He has a car and he drives me to the market.',
  'Reading is important for students. It helps us learn new words and understand the world.',
  'When I finish a book, I always share it with my friends. We had a wonderful time together.',
].join('\n');
