import { type PackageType, packageTypes } from '../../lib/contract/membership';
import type { MembershipConfig } from '../platform/config';

/** The VIP packages: what get_packages answers, what an order costs, what it buys. */

// The membership's length is the browser's rule too (the confirm dialog shows the new expiry).
export { extendMembership, packageNames, type PackageType, packageTypes } from '../../lib/contract/membership';

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
