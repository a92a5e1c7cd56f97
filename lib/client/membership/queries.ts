'use client';

import { useMutation, useQuery, type QueryClient } from '@/lib/client/query';
import { useEffect, useState } from 'react';
import type { PackageType } from '@/lib/contract/membership';
import { callData } from '../api';
import { userQueryKey } from '../user';
import { h5PayAddress, h5ReturnUrl, type OrderSequence, PAY_POLL_INTERVAL_MS, payOutcomeOf, type PayOutcome } from './pay-model';
import { sellablePackages, type SellablePackage } from '@/lib/contract/membership';

import { jsapiParametersOf, requestWechatPay, type WechatPayResult } from './wechat-pay';

/**
 * The membership's calls in the browser: the packages on sale, an order (a QR code, WeChat's
 * pay sheet inside WeChat, or WeChat's H5 pay page from a phone browser), its status polled every 2 s, the free uses left. Every amount is
 * the package table's, in fen; the client sends the price it showed only for the upstream to
 * check (a mismatch is refused there).
 */

export const membershipKey = ['membership'] as const;
export const packagesKey = [...membershipKey, 'packages'] as const;
export const remainKey = [...membershipKey, 'remain'] as const;
export const ordersKey = [...membershipKey, 'orders'] as const;

export async function fetchPackages(signal?: AbortSignal): Promise<SellablePackage[]> {
  return sellablePackages(await callData('get_packages', undefined, signal));
}

/** The packages on sale; `initial` when the server has rendered them already (/BuyVip). */
export function usePackages(initial?: SellablePackage[]) {
  return useQuery({
    queryKey: packagesKey,
    queryFn: ({ signal }) => fetchPackages(signal),
    staleTime: 5 * 60_000,
    initialData: initial,
  });
}

/**
 * The operator's free uses a day and the metered features the running product delivers
 * (query_free_uses): what the free-trial page counts and what the membership pages may name.
 */
export function useFreeUses() {
  return useQuery({
    queryKey: ['query_free_uses'],
    queryFn: ({ signal }) => callData('query_free_uses', undefined, signal),
    staleTime: 5 * 60_000,
  });
}

/** The free uses left today per metered feature (null: unlimited), for a logged-in user. */
export function useRemainingUses(enabled: boolean) {
  return useQuery({
    queryKey: remainKey,
    queryFn: ({ signal }) => callData('get_remain_vip_num', undefined, signal),
    enabled,
    staleTime: 30_000,
  });
}

/** The user's own orders, newest first (the personal centre). */
export function useOrders(enabled: boolean) {
  return useQuery({
    queryKey: ordersKey,
    queryFn: ({ signal }) => callData('get_orders', {}, signal),
    enabled,
    // Read afresh whenever shown: an order made and left in a dialog a moment ago belongs here.
    staleTime: 0,
  });
}

export interface QrOrder {
  code_url: string;
  order_id: string;
}

/**
 * A Native order for the QR code, made when the dialog shows a package and made again when the
 * package changes (spec section 4). `opening` tells two openings of the dialog apart, `attempt`
 * an order made again after one failed or timed out: each is a new order, never a cached one.
 * The dialog's orders go through its `sequence`: each names the one it replaces, whose code the
 * server closes before making the new one.
 */
export function useQrOrder({
  type,
  money,
  opening,
  attempt,
  sequence,
  enabled,
}: {
  type: PackageType;
  money: number | undefined;
  opening: string;
  attempt: number;
  sequence: OrderSequence;
  enabled: boolean;
}) {
  return useQuery({
    queryKey: [...membershipKey, 'qr-order', opening, type, attempt],
    queryFn: () =>
      sequence.next(
        (replaces) => callData('get_pay_qr_code', { money: money!, type, ...(replaces ? { replaces } : {}) }) as Promise<QrOrder>,
      ),
    enabled: enabled && money !== undefined,
    // An order is made once: never fetched again behind the learner's back, gone once unseen.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * Inside WeChat: a JSAPI order, then WeChat's pay sheet. Answers the order to poll and what
 * the sheet said (a cancelled sheet leaves the order open to pay again; paying again makes a new
 * order, which closes it). Orders go through the dialog's `sequence`, as the QR code's do.
 */
export function useWechatPay(sequence: OrderSequence) {
  return useMutation({
    mutationFn: async ({ type, money }: { type: PackageType; money: number }) => {
      const answer = await sequence.next((replaces) =>
        callData('get_jsapi_pay_info', { money, type, ...(replaces ? { replaces } : {}) }),
      );
      const parameters = jsapiParametersOf(answer.parameters);
      if (!parameters) throw new Error('微信支付参数不完整，请稍后再试');
      const result: WechatPayResult = await requestWechatPay(parameters);
      return { orderId: answer.order_id, result };
    },
  });
}

/**
 * A phone browser outside WeChat: an H5 order, and the address of WeChat's pay page to send the
 * browser to, with the way back to /VipFinish (`back`: the page 继续阅读 returns to). Orders go
 * through the dialog's `sequence`, as the QR code's do. The page is left by the caller.
 */
export function useH5Pay(sequence: OrderSequence) {
  return useMutation({
    mutationFn: async ({ type, money, back }: { type: PackageType; money: number; back: string }) => {
      const answer = await sequence.next((replaces) =>
        callData('get_h5_pay_url', { money, type, ...(replaces ? { replaces } : {}) }),
      );
      const origin = window.location.origin;
      const address = h5PayAddress(answer.h5_url, h5ReturnUrl(origin, answer.order_id, back), origin);
      if (!address) throw new Error('微信支付地址无效，请稍后再试');
      return { orderId: answer.order_id, address };
    },
  });
}

export interface PayResult {
  orderId: string;
  outcome: PayOutcome;
  /** Fen, as the server recorded the order. */
  amount: number | undefined;
}

/**
 * Polls an order's status every 2 s until it is paid, failed or timed out (spec sections 4, 9).
 * A poll that fails or does not answer OK is ignored silently and the next one follows; the
 * poll stops when the component that asked goes (the dialog closed) or the order changes.
 */
export function usePayStatus(orderId: string | undefined): PayResult | null {
  const [result, setResult] = useState<PayResult | null>(null);
  useEffect(() => {
    if (!orderId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const poll = async () => {
      try {
        const status = await callData('get_pay_status', { order_id: orderId }, controller.signal, { quiet: true });
        const outcome = payOutcomeOf(status.pay_status);
        if (outcome) {
          if (!stopped) setResult({ orderId, outcome, amount: status.amount });
          return;
        }
      } catch {
        // Spec section 4: a status other than OK (or no answer) counts as not paid yet.
      }
      if (!stopped) timer = setTimeout(poll, PAY_POLL_INTERVAL_MS);
    };
    timer = setTimeout(poll, PAY_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [orderId]);
  return result?.orderId === orderId ? result : null;
}

/** After a payment: the user (now a member, with a new expiry) and the free uses are read again. */
export function refreshAfterPayment(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userQueryKey }),
    queryClient.invalidateQueries({ queryKey: remainKey }),
    queryClient.invalidateQueries({ queryKey: ordersKey }),
  ]).then(() => undefined);
}
