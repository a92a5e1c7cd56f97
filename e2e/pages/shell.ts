import { expect, type Page } from '@playwright/test';

/** The header's account corner, on any page. */
export class Shell {
  constructor(readonly page: Page) {}

  loginButton = () => this.page.getByTestId('login-button');
  nickname = () => this.page.getByTestId('account-nickname');
  header = () => this.page.getByTestId('site-header');
  mobileMenuButton = () => this.page.getByTestId('mobile-menu-button');
  mobileMenu = () => this.page.getByTestId('mobile-menu');
  loginDialog = () => this.page.getByTestId('login-dialog');

  async expectLoggedInAs(nickname: string) {
    await expect(this.page.getByTestId('account-trigger')).toHaveAccessibleName(`${nickname}：账户菜单`);
    await expect(this.loginButton()).toHaveCount(0);
  }

  async expectAnonymous() {
    await expect(this.loginButton()).toBeVisible();
    await expect(this.page.getByTestId('account-trigger')).toHaveCount(0);
  }

  async logOut() {
    await this.page.getByTestId('account-trigger').click();
    await this.page.getByTestId('logout-button').click();
  }
}
