import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { latestCode } from '../support/outbox';

/** The /Login screen: e-mail (address, then code) and WeChat. */
export class LoginPage {
  constructor(readonly page: Page) {}

  email = () => this.page.getByTestId('login-email');
  sendCode = () => this.page.getByTestId('login-send-code');
  code = () => this.page.getByTestId('login-code');
  submit = () => this.page.getByTestId('login-submit');
  error = () => this.page.getByTestId('login-error');
  wechat = () => this.page.getByTestId('wechat-login');

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
