'use client';

import { Link } from '@/components/ui/link';
import { useRequireLogin } from '@/components/account/use-require-login';
import { BUY_VIP_PATH } from '@/lib/client/quota';
import { useCurrentUser } from '@/lib/client/user';

/** What each free trial's line says (spec: /UseForFreeDict and /UseForFreeSent, section 6). */
const trials = {
  query_word: { user: '免费查词每天有次数限制。', visitor: '未登录时每天可免费查词的次数有限，' },
  analyze_sentence: { user: '句子分析每天有免费次数限制。', visitor: '未登录时每天可免费分析的句子有限，' },
} as const;

/**
 * A free trial's line: a visitor's uses are limited and logging in gives more; a logged-in learner
 * without membership is pointed at it; a member sees nothing.
 */
export function TrialNotice({ feature }: { feature: keyof typeof trials }) {
  const { data: user } = useCurrentUser();
  const requireLogin = useRequireLogin();
  if (user?.isVip) return null;
  const says = trials[feature];
  return (
    <p
      data-testid="free-trial-notice"
      className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      {user ? (
        <>
          {says.user}
          <Link href={BUY_VIP_PATH} className="font-medium text-brand-700 underline underline-offset-2">
            开通会员
          </Link>
          后不限次数。
        </>
      ) : (
        <>
          {says.visitor}
          <button
            type="button"
            data-testid="free-trial-login"
            onClick={requireLogin}
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            登录
          </button>
          后可获得更多免费次数。
        </>
      )}
    </p>
  );
}
