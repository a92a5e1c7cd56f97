import 'server-only';
import { sealData, unsealData } from 'iron-session';
import type { NextResponse } from 'next/server';
import { bffConfig } from './config';

/**
 * The login session: an iron-session sealed cookie, so that the upstream token lives only on
 * the server side of the site and page scripts never see it.
 */
export const SESSION_COOKIE = 'yj_session';
const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export interface SessionUser {
  account: string;
  nickname: string;
  headimgurl: string;
  isVip: boolean;
}

export interface SessionData {
  token: string;
  user: SessionUser;
}

export async function openSession(sealed: string | undefined): Promise<SessionData | null> {
  if (!sealed) return null;
  try {
    const data = await unsealData<Partial<SessionData>>(sealed, {
      password: bffConfig().sessionPasswords,
      ttl: SESSION_TTL_SECONDS,
    });
    // An expired or tampered seal unseals to {}.
    return typeof data.token === 'string' && data.user ? (data as SessionData) : null;
  } catch {
    return null;
  }
}

export async function setSessionCookie(response: NextResponse, session: SessionData, secure: boolean): Promise<void> {
  const sealed = await sealData(session, { password: bffConfig().sessionPasswords, ttl: SESSION_TTL_SECONDS });
  response.cookies.set(SESSION_COOKIE, sealed, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function clearSessionCookie(response: NextResponse, secure: boolean): void {
  response.cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0 });
}
