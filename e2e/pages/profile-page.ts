import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { latestCode, latestSmsCode } from '../support/outbox';

type Contact = 'phone' | 'email';

/** /Profil: the learner's profile and how they log in. */
export class ProfilePage {
  constructor(readonly page: Page) {}

  account = () => this.page.getByTestId('profile-account');
  nickname = () => this.page.getByTestId('profile-nickname');
  email = () => this.page.getByTestId('profile-email');
  phone = () => this.page.getByTestId('profile-phone');
  /** The 绑定 / 更换 button of the 手机号 or 邮箱 row, and the parts of the form it opens. */
  openBind = (kind: Contact) => this.page.getByTestId(`bind-${kind}-open`);
  bindForm = (kind: Contact) => this.page.getByTestId(`bind-${kind}-form`);
  bindAddress = (kind: Contact) => this.page.getByTestId(`bind-${kind}-input`);
  bindCode = (kind: Contact) => this.page.getByTestId(`bind-${kind}-code`);
  bindSend = (kind: Contact) => this.page.getByTestId(`bind-${kind}-send`);
  bindSubmit = (kind: Contact) => this.page.getByTestId(`bind-${kind}-submit`);
  bindError = (kind: Contact) => this.page.getByTestId(`bind-${kind}-error`);
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

  /** Opens the row's form, asks for a code to `address` and confirms with the code the outbox holds. */
  async bind(request: APIRequestContext, kind: Contact, address: string) {
    await this.openBind(kind).click();
    await this.bindAddress(kind).fill(address);
    await this.bindSend(kind).click();
    await expect(this.bindSend(kind)).toHaveText(/秒后重新获取/);
    const code = kind === 'phone' ? await latestSmsCode(request, address) : await latestCode(request, address);
    await this.bindCode(kind).fill(code);
    await this.bindSubmit(kind).click();
  }

  /** Joins an existing account from the 绑定已有账号 form. */
  async bindTo(account: string, password: string) {
    await this.bindAccount().getByTestId('bind-account-account').fill(account);
    await this.bindAccount().getByTestId('bind-account-password').fill(password);
    await this.bindAccount().getByTestId('bind-account-submit').click();
  }
}
