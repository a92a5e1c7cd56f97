import { def, num, obj, str, strOrNum } from '../define';
import { envelope } from '../envelope';

/**
 * Sharing and referral: the WeChat share signature of a page, and what a user's shares brought
 * (the `share_account` of spec section 6 credits the sharer).
 */
export const referralCalls = {
  get_share_parameters: def('get_share_parameters', {
    request: obj({ password: str.optional(), url: str }),
    response: envelope(obj({ appId: str, timestamp: strOrNum, nonceStr: str, signature: str })),
  }),
  /** How many users first logged in through the user's share links. */
  get_share_num: def('get_share_num', { response: envelope(obj({ share_num: num })) }),
  /** What those users paid (fen), and the sharer's reward at the configured rate (fen). */
  get_share_pay_amount: def('get_share_pay_amount', {
    response: envelope(obj({ pay_amount: num, reward: num, reward_percent: num })),
  }),
} as const;
