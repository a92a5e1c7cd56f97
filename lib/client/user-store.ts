import type { CurrentUser } from '@/lib/contract/current-user';

/*
 * Who is logged in, as the shell reads it (the header, the overlay host, the share link): a small
 * store of its own rather than a query, so that the shell's first load carries no query library
 * (./app-state.tsx holds one per page load and reads it with useUser).
 * The features' useCurrentUser (./user.ts) is a query over the same user, kept equal to this store
 * in both directions by the query client (./query.ts).
 */

export const userQueryKey = ['user'] as const;

const sameUser = (a: CurrentUser | null | undefined, b: CurrentUser | null | undefined) =>
  a === b || (!!a && !!b && JSON.stringify(a) === JSON.stringify(b));

/** One page load's user (one request's, on the server): undefined until known. */
export class UserStore {
  private value: CurrentUser | null | undefined = undefined;
  private loading: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();
  /** When the value was last known to be true (ms). */
  updatedAt = 0;
  /** Told of every change (the query client's cache, once there is one). */
  onChange: ((user: CurrentUser | null) => void) | null = null;

  get = (): CurrentUser | null | undefined => this.value;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(user: CurrentUser | null): void {
    this.updatedAt = Date.now();
    if (sameUser(user, this.value)) return;
    this.value = user;
    for (const listener of this.listeners) listener();
    this.onChange?.(user);
  }

  /**
   * Asks the server, once at a time, on a page that did not bring the user along (a page cached
   * for every reader). When it cannot say, the page shows a visitor's header: 登录 still works.
   */
  load(): Promise<void> {
    this.loading ??= import('./user-fetch')
      .then(({ fetchCurrentUser }) => fetchCurrentUser())
      .then(
        (user) => this.set(user),
        () => {
          if (this.value === undefined) this.set(null);
        },
      )
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }
}
