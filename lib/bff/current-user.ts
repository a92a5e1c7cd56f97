import 'server-only';
import { cookies } from 'next/headers';
import { type CurrentUser, currentUserOf } from '@/lib/contract/current-user';
import { readUpstream } from './reader';
import { openSession, SESSION_COOKIE } from './session';

/** How long a page waits for the user's fresh info before it renders with the session's. */
const freshInfoTimeoutMs = 1500;

/**
 * The logged-in user as server components see it. The session cookie says who is logged in; the
 * membership is read from the upstream, since it changes without a new login (a payment, an
 * expiry) and a header saying 开通会员 to a member who just paid would be wrong. When the
 * upstream cannot answer in time, the session's copy is used.
 */
export async function currentUser(): Promise<CurrentUser | null> {
  const jar = await cookies();
  const session = await openSession(jar.get(SESSION_COOKIE)?.value);
  if (!session) return null;
  const { account, nickname, headimgurl, isVip } = session.user;
  const fromSession: CurrentUser = { account, nickname, headimgurl, isVip, expireTime: null };
  try {
    const info = await readUpstream(
      'get_user_info',
      {},
      { identity: { authorization: `Bearer ${session.token}` }, timeoutMs: freshInfoTimeoutMs },
    );
    if (!info.data) return fromSession;
    return currentUserOf(info.data);
  } catch {
    return fromSession;
  }
}
