import { expect, type Page } from '@playwright/test';

/** /Profil: the learner's profile and how they log in. */
export class ProfilePage {
  constructor(readonly page: Page) {}

  account = () => this.page.getByTestId('profile-account');
  nickname = () => this.page.getByTestId('profile-nickname');
  email = () => this.page.getByTestId('profile-email');
  wechat = () => this.page.getByTestId('profile-wechat');
  bindWechat = () => this.page.getByTestId('bind-wechat');
  passwordState = () => this.page.getByTestId('profile-password');
  openPassword = () => this.page.getByTestId('password-open');
  oldPassword = () => this.page.getByTestId('password-old');
  newPassword = () => this.page.getByTestId('password-new');
  confirmPassword = () => this.page.getByTestId('password-confirm');
  savePassword = () => this.page.getByTestId('password-submit');
  passwordError = () => this.page.getByTestId('password-error');
  bindAccount = () => this.page.getByTestId('bind-account');

  async open() {
    await this.page.goto('/Profil');
    await expect(this.passwordState()).toBeVisible();
  }

  /** Fills the password form (opening it first) and saves. */
  async setPassword(password: string, { old, confirm = password }: { old?: string; confirm?: string } = {}) {
    if (await this.openPassword().isVisible()) await this.openPassword().click();
    if (old !== undefined) await this.oldPassword().fill(old);
    await this.newPassword().fill(password);
    await this.confirmPassword().fill(confirm);
    await this.savePassword().click();
  }

  /** Joins an existing account from the 绑定已有账号 form. */
  async bindTo(account: string, password: string) {
    await this.bindAccount().getByTestId('bind-account-account').fill(account);
    await this.bindAccount().getByTestId('bind-account-password').fill(password);
    await this.bindAccount().getByTestId('bind-account-submit').click();
  }
}
