/**
 * Paying inside WeChat (JSAPI): the page hands the order's signed parameters to WeChat's own
 * bridge, `WeixinJSBridge.invoke('getBrandWCPayRequest', parameters, callback)`, and WeChat shows
 * its pay sheet. What the callback says is only a hint (spec section 7: the result is not acted
 * on); whether the order is paid is what the status poll learns from the server.
 */

/** The parameters WeChat's pay sheet takes (get_jsapi_pay_info's `parameters`). */
export interface JsapiParameters {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
}

const fields = ['appId', 'timeStamp', 'nonceStr', 'package', 'signType', 'paySign'] as const;

/** The parameters when the answer holds all six as strings, else null (never sent half-made). */
export function jsapiParametersOf(value: unknown): JsapiParameters | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  if (!fields.every((f) => typeof record[f] === 'string' && record[f] !== '')) return null;
  return Object.fromEntries(fields.map((f) => [f, record[f]])) as unknown as JsapiParameters;
}

export type WechatPayResult = 'ok' | 'cancel' | 'fail';

/** WeChat's `err_msg`: `get_brand_wcpay_request:ok`, `:cancel`, or `:fail` (anything else is a failure). */
export function wechatPayResultOf(answer: unknown): WechatPayResult {
  const message = (answer as { err_msg?: unknown } | null)?.err_msg;
  if (typeof message !== 'string') return 'fail';
  const outcome = message.slice(message.lastIndexOf(':') + 1);
  return outcome === 'ok' || outcome === 'cancel' ? outcome : 'fail';
}

interface WeixinJSBridge {
  invoke(name: 'getBrandWCPayRequest', parameters: JsapiParameters, callback: (answer: unknown) => void): void;
}

const BRIDGE_WAIT_MS = 5000;

/** WeChat injects its bridge a moment after the page starts; waits for it, or gives up. */
function bridge(): Promise<WeixinJSBridge | null> {
  const w = window as unknown as { WeixinJSBridge?: WeixinJSBridge };
  if (w.WeixinJSBridge) return Promise.resolve(w.WeixinJSBridge);
  return new Promise((resolve) => {
    const ready = () => {
      clearTimeout(timer);
      resolve(w.WeixinJSBridge ?? null);
    };
    const timer = setTimeout(() => {
      document.removeEventListener('WeixinJSBridgeReady', ready);
      resolve(null);
    }, BRIDGE_WAIT_MS);
    document.addEventListener('WeixinJSBridgeReady', ready, { once: true });
  });
}

/** Opens WeChat's pay sheet; answers what WeChat said, or 'fail' when there is no bridge (not in WeChat). */
export async function requestWechatPay(parameters: JsapiParameters): Promise<WechatPayResult> {
  const found = await bridge();
  if (!found) return 'fail';
  return new Promise((resolve) => {
    found.invoke('getBrandWCPayRequest', parameters, (answer) => resolve(wechatPayResultOf(answer)));
  });
}
