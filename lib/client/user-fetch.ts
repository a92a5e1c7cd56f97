import type { UserInfo } from '@/lib/contract/calls/account';
import { type CurrentUser, currentUserOf } from '@/lib/contract/current-user';
import { askPlainly as askApiPlainly, callData } from './api';
import { ApiError } from './errors';

/**
 * The user of the session, or null for none; throws when the server cannot say. Every page asks
 * it as it loads (a page cached for every reader does not know who reads it), so the plain answers
 * — a user, OK without one for nobody, or 401 for a session that has ended — are read here by
 * hand, without the API core (./api-core.ts: ky,
 * zod and every call's schemas, some 40 KB and, on a mid-range phone, a long task of its own to
 * start). Any other answer goes through the API core after all, which reads it as every call's
 * answer is read (its toasts, its error kinds).
 */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  const plain = await askPlainly().catch(() => undefined);
  if (plain !== undefined) return plain;
  try {
    return currentUserOf(await callData('get_user_info'));
  } catch (error) {
    // Logged out (401), or an answer that names nobody: no user.
    if (error instanceof ApiError && (error.httpStatus === 401 || error.kind === 'refused' || error.kind === 'empty'))
      return null;
    throw error;
  }
}

/** The user, null for nobody (OK without a user, or 401), or undefined for anything else (left to the API core). */
async function askPlainly(): Promise<CurrentUser | null | undefined> {
  const { httpStatus, ok, data } = await askApiPlainly('get_user_info');
  if (httpStatus === 401 || (ok && data === undefined)) return null;
  return isUserInfo(data) ? currentUserOf(data) : undefined;
}

/** The fields of get_user_info's data that CurrentUser reads, as the contract types them. */
export function isUserInfo(data: unknown): data is UserInfo {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Record<string, unknown>;
  const vip = d.vip_info as Record<string, unknown> | null | undefined;
  return (
    typeof d.nickname === 'string' &&
    typeof d.headimgurl === 'string' &&
    typeof d.account === 'string' &&
    typeof vip === 'object' &&
    vip !== null &&
    typeof vip.is_vip_now === 'boolean' &&
    (vip.expire_time === undefined || vip.expire_time === null || typeof vip.expire_time === 'string')
  );
}
