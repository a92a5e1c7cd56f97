/**
 * The VIP packages as every side knows them (spec section 9): their types and names, how long a
 * membership runs (the one rule that the upstream credits a payment by and the confirm-order
 * dialog shows before paying, so the two can never disagree), and which packages of a
 * get_packages answer can be sold (the BFF's page render and the browser's dialog alike).
 */

export type PackageType = 'month' | 'year';
export const packageTypes: readonly PackageType[] = ['month', 'year'];

/** The packages' names, as the dialogs and the provider's order description say them. */
export const packageNames: Record<PackageType, string> = { month: '月度会员', year: '年度会员' };

/**
 * The new expiry after buying `type`: one calendar month or year after the current expiry while
 * it is still running, else after now. A month from 31 January is the last day of February.
 */
export function extendMembership(type: PackageType, currentExpiry: string | null | undefined, now: Date): Date {
  const current = currentExpiry ? new Date(currentExpiry) : null;
  const base = current && !Number.isNaN(current.getTime()) && current > now ? current : now;
  const months = type === 'month' ? 1 : 12;
  const out = new Date(base);
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, lastDay));
  return out;
}

/** A package that can be bought. */
export interface SellablePackage {
  type: PackageType;
  /** Fen. */
  actual_price: number;
  /** Fen, when the shop names one. */
  original_price?: number;
  discount?: number | string;
}

/**
 * The packages of a get_packages answer that can be sold: a known type with a price in whole
 * fen above zero, once each, month before year. A package without a price is not offered.
 */
export function sellablePackages(
  packages: readonly { type: string; actual_price?: number; original_price?: number; discount?: number | string }[],
): SellablePackage[] {
  const byType = new Map<PackageType, SellablePackage>();
  for (const p of packages) {
    if (p.type !== 'month' && p.type !== 'year') continue;
    if (!Number.isInteger(p.actual_price) || (p.actual_price as number) <= 0 || byType.has(p.type)) continue;
    byType.set(p.type, {
      type: p.type,
      actual_price: p.actual_price as number,
      ...(Number.isInteger(p.original_price) ? { original_price: p.original_price } : {}),
      ...(p.discount !== undefined ? { discount: p.discount } : {}),
    });
  }
  return (['month', 'year'] as const).flatMap((type) => byType.get(type) ?? []);
}
