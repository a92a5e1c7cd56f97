import { expect, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { latestSmsCode, newEmail, newPhone, widths } from './support/outbox';
import { logInAs } from './support/visitors';

/**
 * Binding a mobile number or an e-mail address in /Profil (issue 35): a learner who came by one
 * way adds the other by a code sent there, and can then log in that way to the same account.
 */

const shown = (phone: string) => `${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`;

test.describe('binding a phone number (desktop)', () => {
  test.use({ viewport: widths.desktop });

  test('a learner logged in by e-mail binds a number, logs out, and logs in with it to the same account', async ({
    page,
    request,
    learner,
    profile,
    shell,
    loginPage,
  }) => {
    await profile.open();
    await expect(profile.email()).toHaveText(learner.email);
    await expect(profile.phone()).toHaveText('未设置');
    await expect(profile.openBind('email')).toHaveText(/^更换/);
    const account = await profile.account().textContent();

    await profile.openBind('phone').click();
    await expect(profile.bindAddress('phone')).toBeFocused();
    const phone = newPhone();
    await profile.bindAddress('phone').fill(phone);
    await profile.bindSend('phone').click();
    await expect(profile.bindSend('phone')).toHaveText(/^(60|59|58) 秒后重新获取$/);
    await expect(profile.bindSend('phone')).toBeDisabled();
    await expect(profile.bindForm('phone').getByRole('status')).toHaveText(`验证码已发送至 ${shown(phone)}，10 分钟内有效`);
    await expect(profile.bindCode('phone')).toBeFocused();
    const code = await latestSmsCode(request, phone);
    await profile.bindCode('phone').fill(code === '123456' ? '654321' : '123456');
    await profile.bindSubmit('phone').click();
    await expect(profile.bindError('phone')).toHaveText('验证码错误');

    await profile.bindCode('phone').fill(code);
    await profile.bindSubmit('phone').click();
    await expect(page.getByTestId('toast-success').filter({ hasText: '手机号已绑定' })).toBeVisible();
    await expect(profile.phone()).toHaveText(shown(phone));
    await expect(profile.bindForm('phone')).toHaveCount(0);
    await expect(profile.openBind('phone')).toHaveText(/^更换/);
    await expect(profile.openBind('phone')).toBeFocused();
    // Nothing else changed, and the session stays.
    await expect(profile.email()).toHaveText(learner.email);
    await page.reload();
    await expect(profile.phone()).toHaveText(shown(phone));

    await shell.logOut();
    await shell.expectAnonymous();
    await page.goto('/Login');
    await loginPage.logInByPhone(request, phone);
    await shell.expectLoggedInAs(learner.email.split('@')[0]);
    await profile.open();
    await expect(profile.account()).toHaveText(account ?? '');
    await expect(profile.email()).toHaveText(learner.email);
  });

  test('a number of another account is refused once its code is right; Escape closes the form', async ({
    request,
    learner,
    profile,
  }) => {
    void learner;
    // Someone else logs in by this number, in a session of their own (the request context's).
    const phone = newPhone();
    expect((await request.post('/api/pre_sms_login', { data: { phone } })).status()).toBe(200);
    const other = await request.post('/api/sms_login', { data: { phone, code: await latestSmsCode(request, phone) } });
    expect(((await other.json()) as { status: string }).status).toBe('OK');

    await profile.open();
    await profile.bind(request, 'phone', phone);
    await expect(profile.bindError('phone')).toHaveText('该手机号已绑定其他账号');
    await expect(profile.phone()).toHaveText('未设置');

    await profile.bindCode('phone').press('Escape');
    await expect(profile.bindForm('phone')).toHaveCount(0);
    await expect(profile.openBind('phone')).toBeFocused();
  });
});

test.describe('binding an e-mail address (phone, 375 px)', () => {
  test.use({ viewport: widths.phone });

  test('a learner of a phone number binds an address by keyboard, then changes it (更换)', async ({
    page,
    request,
    profile,
    loginPage,
    shell,
  }) => {
    const phone = newPhone();
    await page.goto('/Login');
    await loginPage.logInByPhone(request, phone);
    await shell.expectLoggedInAs(`用户${phone.slice(-4)}`);
    await profile.open();
    await expect(profile.phone()).toHaveText(shown(phone));
    await expect(profile.email()).toHaveText('未设置');

    await profile.openBind('email').focus();
    await page.keyboard.press('Enter');
    await expect(profile.bindAddress('email')).toBeFocused();
    await page.keyboard.type('not-an-address');
    await page.keyboard.press('Enter');
    await expect(profile.bindError('email')).toHaveText('邮箱格式不正确');
    const email = newEmail('bound');
    await profile.bindAddress('email').fill(email);
    // Enter before a code was asked for asks for one, and the code field takes the keyboard.
    await page.keyboard.press('Enter');
    await expect(profile.bindCode('email')).toBeFocused();
    const { latestCode } = await import('./support/outbox');
    await page.keyboard.type(await latestCode(request, email));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('toast-success').filter({ hasText: '邮箱已绑定' })).toBeVisible();
    await expect(profile.email()).toHaveText(email);

    // Nothing at 375 px runs off the side, with the form open either.
    await profile.openBind('email').click();
    await expect(profile.bindAddress('email')).toHaveAccessibleName('新邮箱');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page, 'the 更换邮箱 form', '[data-testid="bind-email-form"]')).toEqual([]);
    await profile.bindCode('email').press('Escape');

    const next = newEmail('changed');
    await profile.bind(request, 'email', next);
    await expect(page.getByTestId('toast-success').filter({ hasText: '邮箱已更换' })).toBeVisible();
    await expect(profile.email()).toHaveText(next);

    // The new address logs in to the same account.
    await shell.logOut();
    await shell.expectAnonymous();
    await logInAs(page, next);
    await profile.open();
    await expect(profile.phone()).toHaveText(shown(phone));
  });
});
