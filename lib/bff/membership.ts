import 'server-only';
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
