import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { newEmail, widths } from './support/outbox';

const submitted = '标注提交成功，将获取下一条要标注数据.';

let uidCounter = 0;
const newUid = () => `e2e${Date.now()}${++uidCounter}`;

type Submission = { user_id: string; current_word_index: number; sense_id: string | number | null };

/**
 * The body of the next annotate_result request the page sends. Read through a route (which
 * passes the request on untouched): Chromium does not report the body of a streamed fetch to
 * request listeners.
 */
async function nextSubmission(page: Page): Promise<() => Promise<Submission>> {
  let seen!: (value: Submission) => void;
  const body = new Promise<Submission>((resolve) => (seen = resolve));
  await page.route(
    '**/api/annotate_result',
    async (route) => {
      seen(route.request().postDataJSON() as Submission);
      await route.continue();
    },
    { times: 1 },
  );
  return () => body;
}

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`annotation (${name})`, () => {
    test.use({ viewport });

    // Logged in, so that the word lookups below count against this user, not the machine.
    test('a round: tick a sense, untick it, tick Other, submit, and the next task comes', async ({
      page,
      learner,
      annotate,
      panel,
    }) => {
      const uid = newUid();
      await annotate.goto(uid);
      // The first specs of the run: the global setup has warmed the dictionary already.
      await expect(annotate.task()).toBeVisible({ timeout: 15_000 });
      const firstTask = await annotate.taskIndex();

      // The target word is marked in the sentence and named above the senses.
      const target = ((await annotate.targetWord().textContent()) ?? '').trim();
      expect(target).not.toBe('');
      await expect(annotate.target()).toHaveText(target);
      expect(await annotate.sentenceText()).toContain(target);

      const ids = await annotate.senseIds();
      expect(ids.length).toBeGreaterThanOrEqual(2);
      expect(ids.at(-1)).toBe('-1');
      await expect(annotate.other()).toContainText('其他');
      // A recommended sense, when there is one, starts ticked; at most one ever is.
      const recommended = annotate.senses().filter({ has: page.getByTestId('annotate-recommended') });
      if ((await recommended.count()) > 0) {
        await annotate.expectTicked([(await recommended.first().getAttribute('data-sense-id'))!]);
      } else {
        await annotate.expectTicked([]);
      }

      const first = ids[0];
      await annotate.checkbox(first).check();
      await annotate.expectTicked([first]);
      await annotate.checkbox(first).uncheck();
      await annotate.expectTicked([]);
      await expect(annotate.choice()).toContainText('未选择');
      if (ids.length > 2) {
        await annotate.checkbox(ids[1]).check();
        await annotate.expectTicked([ids[1]]);
      }
      await annotate.checkbox(-1).check();
      await annotate.expectTicked(['-1']);
      await expect(annotate.choice()).toContainText('其他');

      // Clicking a word of the sentence opens the word panel on it.
      await annotate.targetWord().click();
      await panel.expectLoaded(target);
      await page.keyboard.press('Escape');
      await panel.expectClosed();

      const sent = await nextSubmission(page);
      await annotate.submit().click();
      expect(await sent()).toEqual({ user_id: uid, current_word_index: Number(firstTask), sense_id: -1 });
      await expect(page.getByTestId('toast-success').filter({ hasText: submitted })).toBeVisible();
      await expect(annotate.task()).toBeVisible({ timeout: 15_000 });
      await expect.poll(() => annotate.taskIndex()).not.toBe(firstTask);
      await expect(page.getByText('本次已提交 1 条')).toBeVisible();
    });

    test('nothing ticked is submitted as a null sense', async ({ page, learner, annotate }) => {
      await annotate.goto(newUid());
      await expect(annotate.task()).toBeVisible({ timeout: 15_000 });
      for (const id of await annotate.ticked()) await annotate.checkbox(id).uncheck();
      await annotate.expectTicked([]);

      const sent = await nextSubmission(page);
      await annotate.submit().click();
      expect((await sent()).sense_id).toBeNull();
      await expect(page.getByTestId('toast-success').filter({ hasText: submitted })).toBeVisible();
    });
  });
}

test.describe('annotation errors', () => {
  test('a failed task request says 请求失败请联系管理员 and can be retried', async ({ page, annotate }) => {
    await page.route('**/api/annotate_data', (route) => route.abort('connectionfailed'));
    await annotate.goto(newUid());
    await expect(page.getByTestId('toast-error').filter({ hasText: '请求失败请联系管理员' })).toBeVisible();
    await expect(annotate.error()).toBeVisible();

    await page.unroute('**/api/annotate_data');
    await annotate.reload().click();
    await expect(annotate.task()).toBeVisible({ timeout: 15_000 });
  });

  test('a refused submit shows the returned description, or the default message without one', async ({ page, annotate }) => {
    await annotate.goto(newUid());
    await expect(annotate.task()).toBeVisible({ timeout: 15_000 });
    const task = await annotate.taskIndex();

    await page.route('**/api/annotate_result', (route) =>
      route.fulfill({ json: { status: 'locked', description: '该条数据已被他人标注' } }),
    );
    await annotate.submit().click();
    await expect(page.getByTestId('toast-error').filter({ hasText: '该条数据已被他人标注' })).toBeVisible();
    // The task stays for another try.
    expect(await annotate.taskIndex()).toBe(task);
    await expect(annotate.submit()).toBeEnabled();

    await page.unroute('**/api/annotate_result');
    await page.route('**/api/annotate_result', (route) => route.fulfill({ json: { status: 'error' } }));
    await annotate.submit().click();
    await expect(page.getByTestId('toast-error').filter({ hasText: '标注出错，请联系管理员！' })).toBeVisible();
  });

  test('an anonymous annotator is asked to log in before anything is stored, then submits', async ({
    page,
    request,
    annotate,
    loginPage,
  }) => {
    await annotate.goto(newUid());
    await expect(annotate.task()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('annotate-login-hint')).toBeVisible();
    const task = await annotate.taskIndex();
    await annotate.checkbox(-1).check();

    await annotate.submit().click();
    const dialog = page.getByTestId('login-dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('toast-success')).toHaveCount(0);
    // Still the same task, with the same choice, once logged in from the dialog.
    await loginPage.logInByEmail(request, newEmail('annotator'));
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('annotate-login-hint')).toBeHidden();
    expect(await annotate.taskIndex()).toBe(task);
    await annotate.expectTicked(['-1']);
    await annotate.submit().click();
    await expect(page.getByTestId('toast-success').filter({ hasText: submitted })).toBeVisible();
  });

  test('a word lookup whose request fails closes the popup with 请求失败请联系管理员', async ({ page, annotate, panel }) => {
    await annotate.goto(newUid());
    await expect(annotate.task()).toBeVisible({ timeout: 15_000 });
    await page.route('**/api/query_word', (route) => route.abort('connectionfailed'));
    await annotate.targetWord().click();
    await expect(page.getByTestId('toast-error').filter({ hasText: '请求失败请联系管理员' })).toBeVisible();
    await panel.expectClosed();
  });

  test('with no task left, the screen says so', async ({ page, annotate }) => {
    await page.route('**/api/annotate_data', (route) =>
      route.fulfill({ json: { status: 'no_data', description: '没有需要标注的数据了' } }),
    );
    await annotate.goto(newUid());
    await expect(annotate.empty()).toContainText('没有需要标注的数据了');
  });
});
