import { expect, type Page } from '@playwright/test';
import type { PackageType } from '../../lib/contract/membership';
import { tapUntilShown } from '../support/taps';

/** The membership dialogs (open membership, confirm order, congratulations) and the sandbox's pay page. */
export class Membership {
  constructor(readonly page: Page) {}

  packagesDialog = () => this.page.getByTestId('packages-dialog');
  orderDialog = () => this.page.getByTestId('order-dialog');
  congrats = () => this.page.getByTestId('congrats-dialog');
  orderStatus = () => this.orderDialog().getByTestId('order-status');
  sandboxLink = () => this.orderDialog().getByTestId('order-sandbox-link');
  accountMenuItem = () => this.page.getByTestId('account-menu').getByTestId('account-vip');

  /** The header's account menu, then its membership item. */
  async openFromHeader() {
    await this.page.getByTestId('account-trigger').click();
    await this.accountMenuItem().click();
    await expect(this.packagesDialog()).toBeVisible();
  }

  async headerItemLabel(): Promise<string> {
    await this.page.getByTestId('account-trigger').click();
    const label = (await this.accountMenuItem().textContent()) ?? '';
    await this.page.keyboard.press('Escape');
    return label;
  }

  /** 立即购买 on one package of the open-membership dialog. */
  async buy(type: PackageType) {
    await this.packagesDialog().getByTestId(`buy-${type}`).click();
    await expect(this.orderDialog()).toBeVisible();
  }

  /**
   * 立即购买 on one package of the /BuyVip page. A click that lands before the page has hydrated
   * (it may still be loading its code after a redirect) does nothing: clicked again until the
   * order dialog opens, then only waited for.
   */
  async buyOnPage(type: PackageType) {
    await tapUntilShown(this.orderDialog(), () => this.page.getByTestId(`buy-${type}`).click({ timeout: 1000 }));
  }

  /** The sandbox pay page's address of the order the dialog shows now (waits for the QR code). */
  async payPageUrl(): Promise<string> {
    await expect(this.orderDialog().getByTestId('order-qr')).toBeVisible();
    const href = await this.sandboxLink().getAttribute('href');
    expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox\/wechatpay\/pay\/[0-9a-f]{32}$/);
    return href!;
  }

  /** Pays (or fails) the order on the sandbox's page, in a page of its own, as a phone would. */
  async settleInSandbox(url: string, action: 'pay' | 'fail') {
    const payPage = await this.page.context().newPage();
    try {
      await payPage.goto(url);
      await expect(payPage.getByTestId('sandbox-pay')).toHaveText('确认支付');
      await payPage.getByTestId(action === 'pay' ? 'sandbox-pay' : 'sandbox-fail').click();
      await expect(payPage.getByTestId('sandbox-result')).toContainText(action === 'pay' ? '支付成功' : '支付失败');
    } finally {
      await payPage.close();
    }
  }
}
