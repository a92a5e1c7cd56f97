/**
 * How long a membership runs: the one rule that the upstream credits a payment by and the
 * confirm-order dialog shows before paying (spec section 9), so the two can never disagree.
 * Pure, with no imports: the browser and the upstream both load it.
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
