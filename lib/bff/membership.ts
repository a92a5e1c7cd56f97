import 'server-only';
import type { MeteredFeature } from '@/lib/contract/calls/metering';
import { sellablePackages, type SellablePackage } from '@/lib/contract/membership';
import { dataOf, readUpstream } from './reader';

/**
 * The packages on sale, for the server-rendered purchase page. The same for everybody, so kept in
 * this process for a minute; when the upstream cannot say, null, and the page's own client asks
 * again (with its loading and error states) instead of the page failing.
 */
export async function packagesOnSale(): Promise<SellablePackage[] | null> {
  try {
    return await readUpstream('get_packages', undefined, {
      timeoutMs: 3000,
      cache: { ttlMs: 60_000, failureTtlMs: 10_000 },
      reshape: (answer) => sellablePackages(dataOf(answer)),
    });
  } catch {
    return null;
  }
}

/**
 * The metered features the running product delivers (query_free_uses's `metered`: the model's
 * only where the operator configured one), for the pages that sell or describe the product. The
 * same for everybody, so kept for a minute; null when the upstream cannot say, and the pages then
 * offer only what needs no model.
 */
export async function deliveredFeatures(): Promise<readonly MeteredFeature[] | null> {
  try {
    return await readUpstream('query_free_uses', undefined, {
      timeoutMs: 3000,
      cache: { ttlMs: 60_000, failureTtlMs: 10_000 },
      reshape: (answer) => dataOf(answer).metered,
    });
  } catch {
    return null;
  }
}
