/**
 * The free trial's example sentences (written for this project), each with a structure a learner
 * meets in exams: a relative clause inside the subject and a so…that result clause, the passive
 * with a present perfect, an it-cleft.
 */
export const FREE_TRIAL_SENTENCES = [
  'The book that you lent me was so interesting that I finished it in one night.',
  'Many new schools have been built in the village since 2010.',
  'It was in this small town that the famous writer spent his childhood.',
] as const;
