import { expect, test } from './fixtures';

// The footer, the about-us page and the not-found page, at the phone and desktop widths.
const sizes = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

for (const size of sizes) {
  test.describe(`at ${size.width} px (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the footer is shown on /AboutUs with the copyright line, and fits the width', async ({ page, footer }) => {
      await page.goto('/AboutUs');
      await expect(page.getByRole('heading', { level: 1, name: '关于我们' })).toBeVisible();
      await expect(footer.copyright()).toHaveText('© 2023-2025 语境');
      await footer.expectLaidOut(size.width);
      // One line, the token's 60 px, where there is room for it.
      if (size.width >= 1000) expect((await footer.root().boundingBox())!.height).toBe(60);
    });

    test('the footer’s 关于我们 link leads to the about-us page', async ({ page, footer }) => {
      await page.goto('/definitely/not/here');
      await footer.aboutLink().click();
      await expect(page).toHaveURL(/\/AboutUs$/);
      await expect(page.getByRole('heading', { level: 1, name: '关于我们' })).toBeVisible();
    });
  });
}

test.describe('keyboard', () => {
  test('the 关于我们 link is reached with Tab and followed with Enter', async ({ page, footer }) => {
    await page.goto('/definitely/not/here');
    const about = footer.aboutLink();
    // Tab through the page until the footer link has the focus.
    for (let i = 0; i < 20 && !(await about.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(about).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/AboutUs$/);
  });
});

test.describe('not found', () => {
  test('an unknown address answers 404 and offers the way home', async ({ page }) => {
    const answer = await page.goto('/definitely/not/here');
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown course-book category ends on /NotFound with 404', async ({ page }) => {
    const answer = await page.goto('/aiBook/not-a-category');
    expect(answer?.status()).toBe(404);
    await expect(page).toHaveURL(/\/NotFound$/);
    await expect(page.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
  });
});

// The contact image is operator configuration: playwright.config.ts sets SITE_CONTACT_IMAGE_URL
// for the test server, and the test serves that address itself.
const contactImage = '/e2e-contact-qr.png';

test.describe('contact image dialog', () => {
  test('opens from the keyboard, shows the image, and closes with Escape back on its button', async ({ page, footer }) => {
    // A 1×1 PNG stands in for the operator's QR code.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.route(`**${contactImage}`, (route) => route.fulfill({ contentType: 'image/png', body: png }));
    await page.goto('/AboutUs');
    await footer.contactButton().focus();
    await page.keyboard.press('Enter');
    const dialog = footer.contactDialog();
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('dialog', { name: '联系我们' })).toBeVisible();
    await expect(dialog.getByRole('img', { name: '联系我们二维码' })).toHaveJSProperty('naturalWidth', 1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(footer.contactButton()).toBeFocused();
  });
});
