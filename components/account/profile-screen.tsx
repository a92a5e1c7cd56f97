'use client';

import { Link } from '@/components/ui/link';
import { LoginPrompt } from '@/components/account/login-prompt';
import { Avatar } from '@/components/ui/avatar';
import { membershipLine } from '@/lib/client/membership/pay-model';
import { useCurrentUser } from '@/lib/client/user';
import { LoginMethodsCard } from './login-methods';

/**
 * /Profil: the learner's profile as the account has it — avatar, nickname, account number and
 * membership — and how they log in (e-mail and phone, which can be bound or changed here, WeChat,
 * password). The nickname and avatar come from the WeChat profile or the e-mail login.
 */
export function ProfileScreen() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <p className="text-sm text-ink-mute">正在加载…</p>;
  if (!user) return <LoginPrompt message="登录后查看个人资料。" testId="profile-login" />;
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-[6rem_1fr] gap-x-4 gap-y-3 rounded-2xl border border-slate-200 bg-white p-5 text-sm">
        <dt className="self-center text-ink-mute">头像</dt>
        <dd>
          <Avatar src={user.headimgurl} name={user.nickname} size={48} />
        </dd>
        <dt className="text-ink-mute">昵称</dt>
        <dd data-testid="profile-nickname">{user.nickname}</dd>
        <dt className="text-ink-mute">账号</dt>
        <dd data-testid="profile-account">{user.account}</dd>
        <dt className="text-ink-mute">会员</dt>
        <dd>
          {membershipLine(user)}
          <Link href="/Admin" className="ml-3 text-brand-700 hover:underline">
            个人中心
          </Link>
        </dd>
      </dl>
      <LoginMethodsCard />
    </div>
  );
}
