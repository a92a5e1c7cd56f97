import { expect, test } from './fixtures';
import { latestSmsCode, newPhone } from './support/outbox';

/** Safari on an iPhone: a phone browser, not WeChat. */
const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test.describe('logging in on a phone outside WeChat', () => {
  test.use({ viewport: { width: 375, height: 812 }, userAgent: iphoneSafari });

  test('a new learner logs in by mobile number with the SMS code, and stays logged in', async ({
    page,
    request,
    shell,
    loginPage,
  }) => {
    await page.goto('/');
    await shell.expectAnonymous();
    await shell.loginButton().click();
    const phone = newPhone();
    await loginPage.phoneTab().click();
    // Typed as people do: spaces are fine, the field asks the phone for its number pad.
    await expect(loginPage.phone()).toHaveAttribute('inputmode', 'tel');
    await expect(loginPage.phone()).toHaveAttribute('autocomplete', 'tel');
    await expect(loginPage.code()).toHaveAttribute('autocomplete', 'one-time-code');
    await loginPage.phone().fill(`${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`);
    await loginPage.phoneSend().click();
    // The 60 s countdown holds the button back.
    await expect(loginPage.phoneSend()).toHaveText(/^(60|59|58) 秒后重新获取$/);
    await expect(loginPage.phoneSend()).toBeDisabled();
    await expect(page.getByRole('status').filter({ hasText: '验证码已发送至' })).toContainText('10 分钟内有效');

    await loginPage.code().fill(await latestSmsCode(request, phone));
    await loginPage.submit().click();
    await shell.expectLoggedInAs(`用户${phone.slice(-4)}`);
    await expect(page).toHaveURL(/\/\?share_account=\d+$/);
    const session = (await page.context().cookies()).find((c) => c.name === 'yj_session');
    expect(session?.httpOnly).toBe(true);

    await page.reload();
    await shell.expectLoggedInAs(`用户${phone.slice(-4)}`);
  });

  test('the form is used by keyboard alone, and its refusals are in Chinese', async ({ page, request, shell, loginPage }) => {
    await page.goto('/Login');
    await loginPage.phoneTab().click();
    await loginPage.phone().fill('12345');
    // Enter before a code was asked for asks for one: here the number is refused first.
    await loginPage.phone().press('Enter');
    await expect(loginPage.error()).toHaveText('手机号格式不正确');

    const phone = newPhone();
    await loginPage.phone().fill(`+86 ${phone}`);
    await loginPage.phone().press('Enter');
    await expect(loginPage.code()).toBeFocused();
    const code = await latestSmsCode(request, phone);
    await page.keyboard.type(code === '123456' ? '654321' : '123456');
    await page.keyboard.press('Enter');
    await expect(loginPage.error()).toHaveText('验证码错误');

    await loginPage.code().fill(code);
    await loginPage.code().press('Enter');
    await shell.expectLoggedInAs(`用户${phone.slice(-4)}`);
  });

  test('the WeChat option explains how to open the page in WeChat instead of showing a QR code', async ({
    page,
    context,
    baseURL,
    loginPage,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.goto('/Login');
    const explanation = loginPage.openInWechat();
    await expect(explanation).toBeVisible();
    await expect(explanation).toContainText('在微信中打开本页即可用微信登录：复制链接，发到微信里');
    // No way into the desktop QR flow from here.
    await expect(loginPage.wechat()).toHaveCount(0);
    await expect(page.getByText('微信扫码登录')).toHaveCount(0);

    await explanation.getByRole('button', { name: '复制链接' }).click();
    await expect(page.getByTestId('wechat-link-copied')).toHaveText('链接已复制，请到微信中粘贴并点开');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    // Nothing at 375 px runs off the side.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('the WeChat option elsewhere', () => {
  test('on a desktop it stays the QR login', async ({ page, loginPage }) => {
    await page.goto('/Login');
    await expect(loginPage.wechat()).toHaveText('微信扫码登录');
    await expect(loginPage.openInWechat()).toHaveCount(0);
  });

  test.describe('inside WeChat', () => {
    test.use({
      viewport: { width: 375, height: 812 },
      userAgent: `${iphoneSafari} MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN`,
    });
    test('it stays the one-tap in-app login', async ({ page, loginPage }) => {
      await page.goto('/Login');
      await expect(loginPage.wechat()).toHaveText('微信一键登录');
      await expect(loginPage.openInWechat()).toHaveCount(0);
    });
  });
});
