import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { latestCode, latestSmsCode } from '../support/outbox';

/** The /Login screen (and the login dialog): e-mail (address, then code), phone, password and WeChat. */
export class LoginPage {
  constructor(readonly page: Page) {}

  email = () => this.page.getByTestId('login-email');
  sendCode = () => this.page.getByTestId('login-send-code');
  code = () => this.page.getByTestId('login-code');
  submit = () => this.page.getByTestId('login-submit');
  error = () => this.page.getByTestId('login-error');
  wechat = () => this.page.getByTestId('wechat-login');
  reason = () => this.page.getByTestId('login-reason');
  emailTab = () => this.page.getByTestId('login-method-email');
  passwordTab = () => this.page.getByTestId('login-method-password');
  phoneTab = () => this.page.getByTestId('login-method-phone');
  phone = () => this.page.getByTestId('login-phone');
  phoneSend = () => this.page.getByTestId('login-phone-send');
  /** On a phone outside WeChat: how to open the page in WeChat, in place of the QR login. */
  openInWechat = () => this.page.getByTestId('wechat-open-in-app');
  account = () => this.page.getByTestId('login-account');
  password = () => this.page.getByTestId('login-password');
  passwordSubmit = () => this.page.getByTestId('login-password-submit');

  /** Logs in with an account number or e-mail and a password, from the 密码登录 tab. */
  async logInByPassword(account: string, password: string) {
    await this.passwordTab().click();
    await this.account().fill(account);
    await this.password().fill(password);
    await this.passwordSubmit().click();
  }

  /** Logs in by mobile number from the 手机号登录 tab, with the code the SMS outbox holds. */
  async logInByPhone(request: APIRequestContext, phone: string) {
    await this.phoneTab().click();
    await this.phone().fill(phone);
    await this.phoneSend().click();
    await expect(this.phoneSend()).toHaveText(/秒后重新获取/);
    await this.code().fill(await latestSmsCode(request, phone));
    await this.submit().click();
  }

  async requestCode(email: string) {
    await this.email().fill(email);
    await this.sendCode().click();
    await expect(this.code()).toBeVisible();
  }

  async logInByEmail(request: APIRequestContext, email: string) {
    await this.requestCode(email);
    await this.code().fill(await latestCode(request, email));
    await this.submit().click();
  }
}
