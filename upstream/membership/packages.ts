import type { MembershipConfig } from '../platform/config';

/** The VIP packages: what get_packages answers, what an order costs, what it buys. */

export type PackageType = 'month' | 'year';
export const packageTypes: readonly PackageType[] = ['month', 'year'];

export const packageNames: Record<PackageType, string> = { month: '月度会员', year: '年度会员' };

export interface PackageOnSale {
  type: PackageType;
  /** Fen. */
  actual_price: number;
  /** Fen. */
  original_price: number;
  /** As Chinese shops say it: 7.4 is 七四折, the price as tenths of the original. */
  discount: number;
}

export function packagesOnSale(config: MembershipConfig): PackageOnSale[] {
  return packageTypes.map((type) => {
    const { actualFen, originalFen } = config.packages[type];
    return {
      type,
      actual_price: actualFen,
      original_price: originalFen,
      discount: Math.round((actualFen / originalFen) * 100) / 10,
    };
  });
}

/**
 * The new expiry after buying `type`: one calendar month or year after the current expiry while
 * it is still running, else after now. A month from 31 January is the last day of February.
 */
export function extendMembership(type: PackageType, currentExpiry: string | null, now: Date): Date {
  const base = currentExpiry && new Date(currentExpiry) > now ? new Date(currentExpiry) : now;
  const months = type === 'month' ? 1 : 12;
  const out = new Date(base);
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, lastDay));
  return out;
}
