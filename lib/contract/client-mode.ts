/**
 * The client modes of spec sections 1 and 9, read from the user agent (cut at 500 characters):
 * the native app that embeds the site, phones, tablets and the WeChat browser. The BFF reads
 * them from the request, the browser from navigator.userAgent.
 */
export const USER_AGENT_LIMIT = 500;
/** What the native app adds to its web view's user agent. */
export const APP_USER_AGENT_MARK = 'isApp=true';

export interface ClientMode {
  isApp: boolean;
  isPhone: boolean;
  isTablet: boolean;
  isWechat: boolean;
}

export function clientModeOf(userAgent: string): ClientMode {
  const ua = userAgent.slice(0, USER_AGENT_LIMIT);
  const isTablet = /iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(ua);
  return {
    isApp: ua.includes(APP_USER_AGENT_MARK),
    isPhone: !isTablet && /Mobi|iPhone|iPod|Android.*Mobile|Windows Phone/i.test(ua),
    isTablet,
    isWechat: /MicroMessenger/i.test(ua),
  };
}
