import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { e2eDownUrl } from '../playwright.config';
import { LoginPage } from './pages/login-page';
import { Shell } from './pages/shell';
import { newEmail, widths } from './support/outbox';

async function logIn(page: Page, request: Parameters<LoginPage['logInByEmail']>[0]) {
  await page.goto('/Login');
  const email = newEmail('shell');
  await new LoginPage(page).logInByEmail(request, email);
  await new Shell(page).expectLoggedInAs(email.split('@')[0]);
}

test.describe('desktop header (1440 px)', () => {
  test.use({ viewport: widths.desktop });

  test('shows every menu category, groups 更多 in a dropdown, and highlights the active item', async ({ page }) => {
    await page.goto('/aiBook/cet4');
    const nav = page.getByRole('navigation', { name: '主菜单' });
    for (const label of ['考研', '小学', '中考', '高考', '四级', '六级', '雅思', '新概念', '句库', '短文']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('menu-cet4')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('menu-cet6')).not.toHaveAttribute('aria-current', 'page');

    await page.getByTestId('site-header').getByTestId('menu-group-more').click();
    for (const label of ['书虫', '经典', '单词', '我的']) {
      await expect(page.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
  });

  test('a menu link moves inside the app, fetching the page ahead once the pointer is on it', async ({ page }) => {
    const prefetches: string[] = [];
    page.on('request', (r) => {
      if (r.headers()['next-router-prefetch'] !== undefined) prefetches.push(new URL(r.url()).pathname);
    });
    await page.goto('/AboutUs');
    const link = page.getByTestId('menu-essay');
    await expect(link).toBeVisible();
    // The page is whole and hydrated when the header knows who is here (the account corner).
    await expect(page.getByTestId('login-button')).toBeVisible();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    // A link in view is not fetched ahead for its own sake: the menu alone has fourteen.
    expect(prefetches).not.toContain('/essay');
    const prefetched = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/essay' && r.headers()['next-router-prefetch'] !== undefined,
    );
    await link.hover();
    await prefetched;
    await link.click();
    await expect(page).toHaveURL(/\/essay$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Still the same document: no reload happened.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    // The header follows the navigation with the chrome and menu patterns the server handed it.
    await expect(link).toHaveAttribute('aria-current', 'page');
  });

  test('the footer and header take the new route’s style after a client navigation', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('site-footer')).toHaveAttribute('data-footer-style', 'blue');
    await expect(page.getByTestId('login-button')).toBeVisible();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
    await page.getByTestId('site-header').getByTestId('menu-essay').click();
    await expect(page).toHaveURL(/\/essay$/);
    await expect(page.getByTestId('site-footer')).toHaveAttribute('data-footer-style', 'black');
    await expect(page.getByTestId('site-header').getByTestId('menu-essay')).toHaveAttribute('aria-current', 'page');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
  });

  test('the dropdown works with the keyboard', async ({ page }) => {
    await page.goto('/');
    // The header's own button: while the page streams, the menu's hydrated half waits in a hidden
    // part of the page with a button of the same id, and replaces the one in the header.
    const more = page.getByTestId('site-header').getByTestId('menu-group-more');
    // The dropdown's own item: the portal below links the same categories.
    const first = page.getByTestId('menu-bookworm');
    // A key pressed before the swap lands on the button that goes: press until the dropdown opens.
    await expect(async () => {
      await more.focus();
      await page.keyboard.press('Enter');
      await expect(first).toBeVisible({ timeout: 3000 });
    }).toPass();
    await page.keyboard.press('Tab');
    await expect(first).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(first).toBeHidden();
    await expect(more).toBeFocused();
  });

  test('anonymous visitors get the login dialog; Escape closes it and gives focus back', async ({ page, shell }) => {
    await page.goto('/');
    await shell.loginButton().click();
    await expect(shell.loginDialog()).toBeVisible();
    await expect(shell.loginDialog().getByRole('heading', { name: '登录后继续使用该功能' })).toBeVisible();
    await expect(shell.loginDialog().getByTestId('wechat-login')).toHaveText(/微信扫码登录/);
    await expect(shell.loginDialog().getByTestId('login-email')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shell.loginDialog()).toBeHidden();
    await expect(shell.loginButton()).toBeFocused();
  });

  test('the account corner shows avatar and name with personal centre, membership and logout', async ({
    page,
    request,
    shell,
  }) => {
    await logIn(page, request);
    await page.getByTestId('account-trigger').click();
    const menu = page.getByTestId('account-menu');
    await expect(menu.getByRole('link', { name: '个人中心' })).toHaveAttribute('href', '/Admin');
    await expect(menu.getByRole('link', { name: '开通会员' })).toHaveAttribute('href', '/BuyVip');
    await expect(menu.getByRole('button', { name: '退出登录' })).toBeVisible();
    await menu.getByRole('button', { name: '退出登录' }).click();
    await shell.expectAnonymous();
  });
});

test.describe('mobile menu (375 px)', () => {
  test.use({ viewport: widths.phone });

  test('collapses the menu into a drawer listing every item, with login for visitors', async ({ page, shell }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: '主菜单' })).toBeHidden();
    await shell.mobileMenuButton().click();
    const drawer = shell.mobileMenu();
    const labels = [
      '考研',
      '小学',
      '中考',
      '高考',
      '四级',
      '六级',
      '雅思',
      '新概念',
      '句库',
      '短文',
      // 工具 (issue 35): the tools a learner would otherwise find only by address.
      '语境查词',
      '句子分析',
      '拍照识字',
      '写作助手',
      '词汇量测试',
      '考试高频词',
      '上传书籍',
      '复习',
      '书虫',
      '经典',
      '单词',
      '我的',
    ];
    await expect(drawer.getByRole('link')).toHaveText(labels);
    await expect(drawer.getByRole('button', { name: '登录' })).toBeVisible();
    await expect(drawer.getByTestId('mobile-logout')).toHaveCount(0);
  });

  test('adds personal centre, membership and logout when logged in', async ({ page, request, shell }) => {
    await logIn(page, request);
    await shell.mobileMenuButton().click();
    const drawer = shell.mobileMenu();
    await expect(drawer.getByTestId('mobile-admin')).toHaveText('个人中心');
    await expect(drawer.getByTestId('mobile-vip')).toHaveText('开通会员');
    await drawer.getByTestId('mobile-logout').click();
    await shell.expectAnonymous();
  });
});

for (const [name, viewport] of Object.entries(widths)) {
  test.describe(`shell at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`header and footer fit without horizontal scrolling (${name})`, async ({ page, shell }) => {
      await page.goto('/AboutUs');
      await expect(shell.header()).toBeVisible();
      const header = await shell.header().boundingBox();
      expect(header?.height).toBe(60);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    test(`has no serious or critical accessibility violation (${name})`, async ({ page }) => {
      for (const path of ['/', '/Login', '/AboutUs', '/NotFound']) {
        await page.goto(path);
        const results = await new AxeBuilder({ page }).exclude('#__vconsole').analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      }
    });
  });
}

test.describe('embedded in the native app', () => {
  test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 13) Mobile isApp=true', viewport: widths.phone });

  test('shows neither header nor footer', async ({ page }) => {
    await page.goto('/AboutUs');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('site-header')).toHaveCount(0);
    await expect(page.getByTestId('site-footer')).toHaveCount(0);
  });

  test('a reading page, the same HTML for every reader, never shows them either, not even before it hydrates', async ({
    page,
  }) => {
    // The page's scripts are held back: what shows is the HTML, its CSS and the inline mode script.
    const scripts = /\/_next\/static\/chunks\/.+\.js$/;
    await page.route(scripts, (route) => route.abort());
    await page.goto('/Article/carroll-alice');
    await expect(page.getByTestId('article-title')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app'))).toBe(true);
    await expect(page.getByTestId('site-header')).toBeHidden();
    await expect(page.getByTestId('site-footer')).toBeHidden();

    await page.unroute(scripts);
    await page.reload();
    await expect(page.getByTestId('article-title')).toBeVisible();
    await expect(page.getByTestId('site-header')).toHaveCount(0);
    await expect(page.getByTestId('site-footer')).toHaveCount(0);
  });
});

test.describe('with the upstream stopped', () => {
  test.use({ baseURL: e2eDownUrl, viewport: widths.desktop });

  test('a failing call shows a red error toast and the page stays usable', async ({ page, shell }) => {
    await page.goto('/');
    await shell.loginButton().click();
    await page.getByTestId('login-email').fill('down@example.com');
    await page.getByTestId('login-send-code').click();
    const toast = page.getByTestId('toast-error');
    await expect(toast).toHaveText(/服务暂时不可用/);
    await expect(toast).toHaveClass(/bg-red-600/);
    await expect(toast).toHaveAttribute('role', 'alert');
  });

  test('the debug console loads only with ?debug outside the test environment', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'script') scripts.push(await r.text().catch(() => ''));
    });
    await page.goto('/AboutUs');
    await page.waitForLoadState('load');
    await page.waitForTimeout(1000);
    await expect(page.locator('#__vconsole')).toHaveCount(0);
    // Not merely hidden: vConsole's code was never fetched.
    expect(scripts.some((source) => source.includes('vConsole'))).toBe(false);

    await page.goto('/AboutUs?debug');
    await expect(page.locator('#__vconsole')).toHaveCount(1);
  });
});

test.describe('debug console in the test environment', () => {
  test('is there without ?debug', async ({ page }) => {
    await page.goto('/AboutUs');
    await expect(page.locator('#__vconsole')).toHaveCount(1);
  });
});

for (const [name, viewport] of [
  ['desktop', widths.desktop],
  ['phone', widths.phone],
] as const) {
  test.describe(`settings (${name})`, () => {
    test.use({ viewport });

    test('a change applies at once and survives a reload', async ({ page }) => {
      await page.goto('/');
      await page.getByTestId('settings-button').click();
      const overlay = page.getByTestId('settings-overlay');
      await expect(overlay).toHaveAttribute('data-layout', name === 'desktop' ? 'dialog' : 'drawer');
      await page.getByTestId('setting-display.fontSize').fill('1.4');
      await expect(page.getByTestId('setting-display.fontSize-value')).toHaveText(/1\.4/);
      expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--reading-font-size'))).toBe('1.4rem');
      await overlay.getByRole('radio', { name: '单句循环' }).check();
      await page.keyboard.press('Escape');
      await expect(overlay).toBeHidden();
      await expect(page.getByTestId('settings-button')).toBeFocused();

      await page.reload();
      await page.getByTestId('settings-button').click();
      await expect(page.getByTestId('setting-display.fontSize')).toHaveValue('1.4');
      await expect(page.getByTestId('settings-overlay').getByRole('radio', { name: '单句循环' })).toBeChecked();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('config') ?? '{}'));
      expect(stored).toMatchObject({ version: '1.9', display: { fontSize: 1.4 }, others: { playMode: 'singleLoop' } });
    });

    test('an older stored config is migrated field by field', async ({ page }) => {
      await page.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem(
            'config',
            JSON.stringify({
              version: '1.7',
              display: { fontSize: '1.3' },
              play: { readTimes: 9 },
              others: { playMode: 'shuffle' },
            }),
          );
        }
      });
      await page.goto('/');
      await page.getByTestId('settings-button').click();
      await expect(page.getByTestId('setting-display.fontSize')).toHaveValue('1.3');
      await expect(page.getByTestId('setting-play.readTimes')).toHaveValue('3');
      await expect(page.getByTestId('settings-overlay').getByRole('radio', { name: '顺序播放' })).toBeChecked();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('config') ?? '{}'));
      expect(stored).toMatchObject({
        version: '1.9',
        display: { fontSize: 1.3 },
        play: { readTimes: 3 },
        others: { playMode: 'sequence' },
      });
    });
  });
}
