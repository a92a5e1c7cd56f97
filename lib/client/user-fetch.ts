import { type CurrentUser, currentUserOf } from '@/lib/contract/current-user';
import { callData } from './api';
import { ApiError } from './errors';

/**
 * The user of the session, or null for none; throws when the server cannot say. Its own module,
 * which the shell's user store fetches when it first asks (./user-store.ts), so that the error
 * catalogue and the user mapping are not in every page's first load.
 */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return currentUserOf(await callData('get_user_info'));
  } catch (error) {
    // Logged out (401), or an answer that names nobody: no user.
    if (error instanceof ApiError && (error.httpStatus === 401 || error.kind === 'refused' || error.kind === 'empty'))
      return null;
    throw error;
  }
}
