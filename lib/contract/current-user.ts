import type { UserInfo } from './calls/account';

/**
 * The logged-in user as the site holds it (spec section 3's useName, useImg, isLogin, isVip):
 * the BFF reads it for a page's server render, the browser for the shell and the features, both
 * from one get_user_info answer.
 */
export interface CurrentUser {
  account: string;
  nickname: string;
  headimgurl: string;
  isVip: boolean;
  expireTime: string | null;
}

export function currentUserOf(info: UserInfo): CurrentUser {
  return {
    account: info.account,
    nickname: info.nickname,
    headimgurl: info.headimgurl,
    isVip: info.vip_info.is_vip_now,
    expireTime: info.vip_info.expire_time ?? null,
  };
}
