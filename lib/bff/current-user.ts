import 'server-only';
import { cookies } from 'next/headers';
import type { CurrentUser } from '@/lib/client/user';
import { openSession, SESSION_COOKIE } from './session';

/** The logged-in user as server components see it, straight from the session cookie. */
export async function currentUser(): Promise<CurrentUser | null> {
  const jar = await cookies();
  const session = await openSession(jar.get(SESSION_COOKIE)?.value);
  if (!session) return null;
  const { account, nickname, headimgurl, isVip } = session.user;
  return { account, nickname, headimgurl, isVip, expireTime: null };
}
