import { basename } from 'node:path';
import { test as base } from '@playwright/test';
import { AnalysisPage, SentenceBookPage } from './pages/analysis-page';
import { AnnotatePage } from './pages/annotate-page';
import { DictionaryPage } from './pages/dictionary-page';
import { LoginPage } from './pages/login-page';
import { PdfExportPage } from './pages/pdf-export-page';
import { Membership } from './pages/membership';
import { ProfilePage } from './pages/profile-page';
import { ReadingLessonPage } from './pages/reading-lesson-page';
import { ReviewPage } from './pages/review-page';
import { WordQuizPage } from './pages/word-quiz-page';
import { Shell } from './pages/shell';
import { SiteFooter } from './pages/site-footer';
import { HistoryPage, WordListsPage } from './pages/word-lists-page';
import { WordPanel } from './pages/word-panel';
import { WriterPage } from './pages/writer-page';
import { logInFreshUser, recordApiBodies, sentBodies } from './support/visitors';

/** A user logged in for one test. */
export interface Learner {
  email: string;
}

interface Fixtures {
  // The page objects, on the test's page.
  dict: DictionaryPage;
  panel: WordPanel;
  shell: Shell;
  footer: SiteFooter;
  loginPage: LoginPage;
  annotate: AnnotatePage;
  history: HistoryPage;
  words: WordListsPage;
  pdfExport: PdfExportPage;
  analysis: AnalysisPage;
  sentenceBook: SentenceBookPage;
  membership: Membership;
  profile: ProfilePage;
  writer: WriterPage;
  review: ReviewPage;
  wordQuiz: WordQuizPage;
  readingLesson: ReadingLessonPage;
  /**
   * A new user, logged in through the BFF with the page's cookies before the test starts: the
   * test's own free lookups, lists and history, shared with no other test.
   */
  learner: Learner;
  /**
   * The JSON bodies the page has POSTed to one call, oldest first; recording starts before the
   * test's first navigation.
   */
  sentBodies: (path: string) => Promise<unknown[]>;
}

/**
 * The specs' `test`: Playwright's, handing each test the page objects it names and the common
 * setups. A fixture is made only for the tests that ask for it.
 */
export const test = base.extend<Fixtures>({
  dict: async ({ page }, use) => use(new DictionaryPage(page)),
  panel: async ({ page }, use) => use(new WordPanel(page)),
  shell: async ({ page }, use) => use(new Shell(page)),
  footer: async ({ page }, use) => use(new SiteFooter(page)),
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  annotate: async ({ page }, use) => use(new AnnotatePage(page)),
  history: async ({ page }, use) => use(new HistoryPage(page)),
  words: async ({ page }, use) => use(new WordListsPage(page)),
  pdfExport: async ({ page }, use) => use(new PdfExportPage(page)),
  analysis: async ({ page }, use) => use(new AnalysisPage(page)),
  sentenceBook: async ({ page }, use) => use(new SentenceBookPage(page)),
  membership: async ({ page }, use) => use(new Membership(page)),
  profile: async ({ page }, use) => use(new ProfilePage(page)),
  writer: async ({ page }, use) => use(new WriterPage(page)),
  review: async ({ page }, use) => use(new ReviewPage(page)),
  wordQuiz: async ({ page }, use) => use(new WordQuizPage(page)),
  readingLesson: async ({ page }, use) => use(new ReadingLessonPage(page)),

  learner: async ({ page }, use, testInfo) => {
    // The spec's name in the address tells a failing run's users apart in the upstream's data.
    const email = await logInFreshUser(page, basename(testInfo.file, '.spec.ts').replace(/\W/g, ''));
    await use({ email });
  },
  sentBodies: async ({ page }, use) => {
    await recordApiBodies(page);
    await use((path) => sentBodies(page, path));
  },
});

export { expect } from '@playwright/test';
