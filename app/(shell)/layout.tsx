import type { ReactNode } from 'react';
import { ShellFrame } from '@/components/shell/shell-frame';
import { UserSeed } from '@/components/shell/user-seed';
import { currentUser } from '@/lib/bff/current-user';

/**
 * The personal and interactive pages: rendered per request, for the user of the session, who is
 * in the HTML (header, account corner) and seeded into the client's state.
 */
export default async function ShellLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  return (
    <UserSeed user={user}>
      <ShellFrame>{children}</ShellFrame>
    </UserSeed>
  );
}
