'use client';

import Link from 'next/link';
import { useRequireLogin } from '@/components/account/use-require-login';
import { BUY_VIP_PATH } from '@/lib/client/quota';
import { useCurrentUser } from '@/lib/client/user';

/**
 * The sentence trial's line (spec: /UseForFreeSent, section 6): sentence analysis is a member
 * feature with a few free uses; logging in gives more, membership removes the limit.
 */
export function SentenceTrialNotice() {
  const { data: user } = useCurrentUser();
  const requireLogin = useRequireLogin();
  if (user?.isVip) return null;
  return (
    <p
      data-testid="free-trial-notice"
      className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      {user ? (
        <>
          句子分析每天有免费次数限制。
          <Link href={BUY_VIP_PATH} className="font-medium text-brand-700 underline underline-offset-2">
            开通会员
          </Link>
          后不限次数。
        </>
      ) : (
        <>
          未登录时每天可免费分析的句子有限，
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
