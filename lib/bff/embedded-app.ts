import 'server-only';
import { headers } from 'next/headers';
import { clientModeOf } from '@/lib/client/client-mode';

/**
 * Inside the native app (user agent `isApp=true`) the host draws its own chrome. Route-dependent
 * chrome is decided in client leaves that follow usePathname(): Next does not re-render shared
 * layouts on client navigation.
 */
export async function isEmbeddedApp(): Promise<boolean> {
  return clientModeOf((await headers()).get('user-agent') ?? '').isApp;
}
