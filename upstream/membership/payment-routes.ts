import { Hono } from 'hono';
import { escapeHtml, sandboxPage } from '../platform/sandbox-page';
import { stamp, type Clock } from '../platform/time';
import type { Orders } from './orders';
import type { SandboxProvider } from './sandbox-provider';

/*
 * Two routes outside the contract:
 *  - the notification route WeChat Pay posts to (WECHAT_PAY_NOTIFY_URL points here): verified,
 *    settled, and answered as WeChat expects — 204 when taken, 4xx/5xx with {code, message}
 *    otherwise, so that WeChat sends a genuine notification again;
 *  - the sandbox's pay page, which the sandbox's QR code opens: the tester pays, fails, or leaves
 *    the order to time out. Paying sends the notification through the same verification. An order
 *    closed because the learner ordered again (another package) cannot be paid, as at WeChat.
 *    Opened as an H5 order's h5_url with `&redirect_url=`, the page also offers 取消支付, and
 *    whatever the tester does sends the browser back there, as WeChat's H5 pay page does: only to
 *    the site's /VipFinish (WeChat checks it against the merchant's H5 domain), never elsewhere.
 */

const title = '微信支付（测试沙箱）';
// An out_trade_no as we make them: 32 hex digits.
const orderIdPattern = /^[0-9a-f]{32}$/;

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** Why the sandbox's side of an order cannot be paid (WeChat's trade state, and its time). */
function unpayableNote(t: { trade_state: string; time_expire: string }, now: string): string {
  switch (t.trade_state) {
    case 'SUCCESS':
      return '该订单已支付。';
    case 'REFUND':
      return '该订单的付款已原路退回。';
    case 'PAYERROR':
      return '该订单支付失败，请回到原页面重新下单。';
    case 'CLOSED':
      // Closed before its time: the learner ordered again, and only the newest code can be paid.
      return t.time_expire > now
        ? '该订单已关闭（已重新下单），无法支付。请回到原页面，使用最新的二维码支付。'
        : '该订单已关闭（已超时），请回到原页面重新下单。';
    default:
      // Not payable and still NOTPAY: its time is up, as good as closed.
      return '该订单已关闭（已超时），请回到原页面重新下单。';
  }
}

export function notificationRoutes({ orders, log }: { orders: Orders; log: (line: string) => void }): Hono {
  return new Hono().post('/notify', async (c) => {
    const body = await c.req.text();
    const headers = Object.fromEntries(c.req.raw.headers);
    try {
      await orders.notified(headers, body);
      return c.body(null, 204);
    } catch (error) {
      const refused = error instanceof Error && error.name === 'WechatPayVerificationError';
      log(
        `[membership] notification ${refused ? 'refused' : 'failed'}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return c.json({ code: 'FAIL', message: refused ? '签名或报文校验失败' : '处理失败' }, refused ? 401 : 500);
    }
  });
}

/** The badly formed or foreign redirect_url of an H5 order's page. */
const badRedirect = 'redirect_url 参数错误：只能回到本站的 /VipFinish。';

/**
 * Where an H5 payment returns to: the redirect_url, when it is this site's /VipFinish (on
 * `siteOrigin` when the site's address is configured); null when absent, undefined when refused.
 */
export function h5ReturnUrl(value: string | undefined, siteOrigin: string | undefined): URL | null | undefined {
  if (value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.pathname !== '/VipFinish' || url.username || url.password) return undefined;
  return siteOrigin && url.origin !== siteOrigin ? undefined : url;
}

export function sandboxPayRoutes({
  sandbox,
  orders,
  now,
  log,
  siteOrigin,
}: {
  sandbox: SandboxProvider;
  orders: Orders;
  now: Clock;
  log: (line: string) => void;
  /** The site's configured origin (SITE_URL), which an H5 order's redirect_url must be on. */
  siteOrigin?: string;
}): Hono {
  /** A link back to the merchant's page, for an H5 order that cannot be paid here. */
  const backLink = (back: URL | null | undefined) =>
    back ? `<p class="note"><a href="${escapeHtml(back.href)}" data-testid="sandbox-return">返回商户页面</a></p>` : '';

  const problem = (
    c: Parameters<typeof sandboxPage>[0],
    status: 400 | 404 | 409,
    message: string,
    testId?: string,
    back?: URL | null,
  ) =>
    sandboxPage(
      c,
      status,
      title,
      `<h1>${title}</h1><p class="error"${testId ? ` data-testid="${testId}"` : ''}>${escapeHtml(message)}</p>${backLink(back)}`,
    );

  /** The page's form was sent for an order that can no longer be paid (paid, failed, closed or expired). */
  const refused = async (c: Parameters<typeof sandboxPage>[0], id: string, back?: URL | null) => {
    const t = await sandbox.describe(id);
    if (!t) return problem(c, 404, '订单不存在。', undefined, back);
    return problem(c, 409, `无法支付：${unpayableNote(t, stamp(now()))}`, 'sandbox-pay-state', back);
  };

  /** As WeChat's H5 pay page: back to the merchant's page, which asks the order's state itself. */
  const goBack = (c: Parameters<typeof sandboxPage>[0], back: URL) => {
    c.header('Cache-Control', 'no-store');
    return c.redirect(back.href, 303);
  };

  return new Hono()
    .get('/pay/:order', async (c) => {
      const id = c.req.param('order');
      const back = h5ReturnUrl(c.req.query('redirect_url'), siteOrigin);
      if (back === undefined) return problem(c, 400, badRedirect);
      const t = orderIdPattern.test(id) ? await sandbox.describe(id) : undefined;
      if (!t) return problem(c, 404, '订单不存在。', undefined, back);
      const state = t.payable ? undefined : escapeHtml(unpayableNote(t, stamp(now())));
      return sandboxPage(
        c,
        200,
        title,
        `<h1>${title}</h1>
        <p class="lead">${escapeHtml(t.description)}</p>
        <p class="amount" data-testid="sandbox-pay-amount">￥${yuan(t.amount_fen)}</p>
        ${
          state
            ? `<p class="note" data-testid="sandbox-pay-state">${state}</p>${backLink(back)}`
            : `<form method="post">
          <button type="submit" name="action" value="pay" data-testid="sandbox-pay">确认支付</button>
          <button type="submit" name="action" value="fail" class="secondary" data-testid="sandbox-fail">模拟支付失败</button>
          ${back ? '<button type="submit" name="action" value="cancel" class="secondary" data-testid="sandbox-cancel">取消支付</button>' : ''}
        </form>
        <p class="note">此页面是微信支付的测试沙箱，仅在测试环境中存在，不会扣款。
          不做任何操作，订单将在 ${escapeHtml(t.time_expire.slice(11, 16))}（UTC）超时。</p>`
        }`,
      );
    })
    .post('/pay/:order', async (c) => {
      const id = c.req.param('order');
      // The form posts to the page's own address, redirect_url included.
      const back = h5ReturnUrl(c.req.query('redirect_url'), siteOrigin);
      if (back === undefined) return problem(c, 400, badRedirect);
      if (!orderIdPattern.test(id)) return problem(c, 404, '订单不存在。', undefined, back);
      const form = await c.req.parseBody().catch(() => null);
      const action = form?.action;
      // The payer leaves WeChat's page without paying: the order stays open, as at WeChat.
      if (action === 'cancel' && back) return goBack(c, back);
      if (action === 'fail') {
        if (!(await sandbox.fail(id))) return refused(c, id, back);
        if (back) return goBack(c, back);
        return sandboxPage(
          c,
          200,
          title,
          `<h1>${title}</h1><p class="error" data-testid="sandbox-result">支付失败。请回到原页面。</p>`,
        );
      }
      if (action !== 'pay') return problem(c, 409, '请选择确认支付或模拟支付失败。', undefined, back);
      const notification = await sandbox.pay(id);
      if (!notification) return refused(c, id, back);
      // WeChat would now post the notification; the sandbox hands it to the same route's work.
      // Were it lost, the browser's poll finds the payment here as it would at WeChat.
      await orders.notified(notification.headers, notification.body).catch((error: unknown) => {
        log(`[membership] the sandbox's notification of ${id} failed: ${error instanceof Error ? error.message : String(error)}`);
      });
      if (back) return goBack(c, back);
      const { paid } = notification;
      return sandboxPage(
        c,
        200,
        title,
        `<h1>${title}</h1><p class="done" data-testid="sandbox-result">支付成功</p>
        <p class="lead">${escapeHtml(paid.description)}，￥${yuan(paid.amount_fen)}。请回到原页面。</p>`,
      );
    });
}
