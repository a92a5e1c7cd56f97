import { readFile } from 'node:fs/promises';
import { readPdf } from '../tests/support/pdf-text';
import { expect, test } from './fixtures';
import { widths } from './support/outbox';
import { lookUp, type Lookup } from './support/visitors';

const river: Lookup = { pre: 'It rained all day. We sat on the bank of the ', word: 'river', post: ' until dark.' };
const salary: Lookup = { pre: 'She deposited her ', word: 'salary', post: ' at the bank.' };
const station: Lookup = { pre: 'We ran to the ', word: 'station', post: ' in the rain.' };

// pdftotext sets the runs of a line apart with spaces of its own.
const squeeze = (text: string) => text.replace(/\s+/g, '');

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`exporting a word list as PDF (${name})`, () => {
    test.use({ viewport });

    test('a learner marks words 生词, goes to /pdf from the word list and downloads their Chinese and IPA', async ({
      page,
      learner,
      words,
      pdfExport,
    }) => {
      // Three lookups, two marks and two sheets rendered: on a busy machine more than the default 30 s.
      test.setTimeout(90_000);
      for (const lookup of [river, salary, station]) await lookUp(page, lookup);
      await words.goto('/Words');
      await words.expectLemmas(['river', 'salary', 'station']);
      await words.markStrange('river').click();
      await expect(words.markStrange('river')).toHaveAttribute('aria-pressed', 'true');
      await words.markStrange('salary').click();
      await expect(words.markStrange('salary')).toHaveAttribute('aria-pressed', 'true');
      await words.showFilter('strange');
      await words.expectLemmas(['river', 'salary']);

      await page.getByTestId('word-list-export-pdf').click();
      await expect(page).toHaveURL(/\/pdf\?source=word_list&strange=1(&|$)/);
      await expect(page.getByRole('heading', { name: '导出 PDF' })).toBeVisible();
      await expect(pdfExport.radio('strange')).toBeChecked();
      await expect(pdfExport.count('strange')).toHaveText('2 个单词');
      await expect(pdfExport.count('familiar')).toHaveText('0 个单词');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      const download = await pdfExport.download();
      expect(download.suggestedFilename()).toMatch(/^语境-生词本-\d{4}-\d{2}-\d{2}\.pdf$/);
      await expect(pdfExport.done()).toContainText(download.suggestedFilename());
      const { text, pages } = readPdf(await readFile(await download.path()));
      expect(pages).toBe(1);
      const flat = squeeze(text);
      expect(flat).toContain('生词本');
      expect(flat).toContain('共2个单词');
      expect(flat).toContain('river英/ˈrɪvə/美/ˈrɪvɚ/');
      expect(flat).toContain('n.河；江');
      expect(flat).toContain('salary英/ˈsæləri/美/ˈsælɚi/');
      expect(flat).toContain('n.薪水');
      // The sentence the learner met the word in is its example.
      expect(flat).toContain('Shedepositedhersalaryatthebank.');
      expect(flat).not.toContain('station');

      // Without the Chinese and the examples: a sheet to test oneself on.
      await pdfExport.withChinese().uncheck();
      await pdfExport.withExamples().uncheck();
      const plain = readPdf(await readFile(await (await pdfExport.download()).path())).text;
      expect(squeeze(plain)).toContain('river英/ˈrɪvə/美/ˈrɪvɚ/');
      expect(plain).not.toContain('薪水');
      expect(plain).not.toContain('deposited');
    });

    test('an empty 熟词本 cannot be exported and says how to fill it', async ({ page, learner, pdfExport }) => {
      await lookUp(page, station);
      await pdfExport.goto(0);
      await expect(pdfExport.radio('familiar')).toBeChecked();
      await expect(pdfExport.count('familiar')).toHaveText('0 个单词');
      await expect(pdfExport.empty()).toContainText('熟词本里还没有单词');
      await expect(pdfExport.downloadButton()).toBeDisabled();
    });

    test('a visitor who is not logged in is asked to log in', async ({ page, pdfExport }) => {
      await pdfExport.goto();
      await expect(pdfExport.loginRequired()).toContainText('登录后导出单词本');
      await expect(pdfExport.downloadButton()).toHaveCount(0);
      // The file itself is refused too.
      const answer = await page.request.get('/api/export_pdf?source=word_list&strange=1');
      expect(answer.status()).toBe(401);
    });
  });
}
