// The browser-facing security headers of every answer the site gives: pages, the API, static
// files, /healthz, the sandbox pages, and the refusals scripts/request-guard.cjs writes itself.
// They are set here, in the guard that sees every request before Next does, rather than in
// next.config.mjs (whose headers() are fixed at build time, while FRAME_ANCESTORS and the image
// hosts are the operator's runtime settings) or in proxy.ts (which runs for pages only).
//
// Why a policy without nonces: the reading pages are rendered once and served whole from Next's
// cache to every reader (app/(reading)/layout.tsx), so their HTML cannot carry a per-request
// nonce, and Next's guidance is that a nonce makes every page dynamically rendered, giving up
// that cache. Nonces on the other pages alone would not help either: a script that ran on one
// page of the origin (the weakest policy decides) can call the API with the reader's cookies as
// well as a script on any other. So every page has the same policy, and Next's inline bootstrap
// scripts (`self.__next_f.push(...)`, different on every page) are allowed as 'unsafe-inline'.
// Script injection is kept out where it starts (React escapes text, model Markdown is rendered
// without raw HTML, see components/ui/model-markdown.tsx); what the policy adds is what
// escaping cannot: no framing by other sites (clickjacking of /Admin), no requests to hosts the
// product does not use (a model reply's remote image, data sent away by an injected script via
// fetch or images), no plugins, no <base> or form hijacking.
'use strict';

/** WeChat's JS-SDK, loaded inside WeChat only (lib/client/referral/wechat-sdk.ts). */
const WECHAT_SDK = 'https://res.wx.qq.com';
/** Where the JS-SDK reports its start-up as an image request (`open.weixin.qq.com/sdk/report`). */
const WECHAT_SDK_REPORT = 'https://open.weixin.qq.com';
/**
 * WeChat's avatar hosts (`headimgurl`: thirdwx.qlogo.cn, wx.qlogo.cn). Without a scheme: on an
 * https page the source allows https only (WeChat still hands out some http:// avatars, which
 * upgrade-insecure-requests turns into https), on an http one both.
 */
const WECHAT_AVATARS = '*.qlogo.cn';

/**
 * Lets the browser remember for a year that the site is https only. Not includeSubDomains: the
 * operator's other subdomains are not ours to decide, and no preload.
 */
const HSTS = 'max-age=31536000';

/**
 * strict-origin-when-cross-origin: other sites see at most the site's origin, never a path (a
 * book's id, /Login?code=…, a query), and nothing over a downgrade to http. Not no-referrer nor
 * same-origin: WeChat's side identifies the calling site by its domain (the JS-SDK's own script
 * tag asks for `origin` for that reason; WeChat Pay's H5 flow refuses a request without one), and
 * the origin is no secret.
 */
const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** A source origin as CSP takes it: scheme://host[:port], the host's first label may be `*`. */
const ORIGIN = /^(https?|[a-z][a-z0-9+.-]*):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

/**
 * An operator's list of origins (commas or spaces between them). Anything that is not an origin
 * (a path, a quote, a semicolon that would end the directive) stops the start-up with its name.
 */
function originList(name, value) {
  const entries = String(value ?? '')
    .split(/[\s,]+/)
    .map((entry) => entry.replace(/\/$/, ''))
    .filter(Boolean);
  for (const entry of entries) {
    if (!ORIGIN.test(entry)) {
      throw new Error(`${name}: "${entry}" is not an origin; give origins like https://app.example.com, separated by commas`);
    }
  }
  return entries;
}

/** The origin of an image setting that may be a path under public/ (same origin) or an URL. */
function imageOrigin(value) {
  if (!value || !/^https?:\/\//i.test(value)) return [];
  try {
    return [new URL(value).origin];
  } catch {
    return [];
  }
}

/**
 * The settings of the headers, from the environment:
 *  - FRAME_ANCESTORS: the origins that may show the site in a frame (the native app's page that
 *    embeds it); none by default.
 *  - IMAGE_ORIGINS: origins whose images the pages may show besides the site's own and WeChat's
 *    avatars (e.g. the upstream's dictionary images, `gloss.src`); none by default.
 *  - SITE_CONTACT_IMAGE_URL, SITE_STUDY_GROUP_IMAGE_URL: the footer's images, when on another host.
 *  - SITE_URL: an https one means every answer is https.
 * Throws, naming the variable, when a list holds something that is not an origin.
 */
function readSecurityConfig(env) {
  let siteHttps = false;
  try {
    siteHttps = env.SITE_URL ? new URL(env.SITE_URL).protocol === 'https:' : false;
  } catch {
    // lib/bff/config.ts reports a malformed SITE_URL
  }
  return {
    frameAncestors: originList('FRAME_ANCESTORS', env.FRAME_ANCESTORS),
    imageOrigins: [
      ...originList('IMAGE_ORIGINS', env.IMAGE_ORIGINS),
      ...imageOrigin(env.SITE_CONTACT_IMAGE_URL),
      ...imageOrigin(env.SITE_STUDY_GROUP_IMAGE_URL),
    ],
    siteHttps,
  };
}

const policy = (directives) =>
  directives
    .filter(Boolean)
    .map((parts) => parts.join(' '))
    .join('; ');

/**
 * The policy of every page. `dev`: Next's development server, whose React uses eval for its
 * error overlays. `https`: the page was served over https, so that insecure requests are upgraded
 * (over http that would send the site's own requests to an https port nobody listens on).
 */
function pagePolicy(config, { dev = false, https = false } = {}) {
  const ancestors = config.frameAncestors.length > 0 ? config.frameAncestors : ["'none'"];
  return policy([
    ['default-src', "'self'"],
    ['script-src', "'self'", "'unsafe-inline'", ...(dev ? ["'unsafe-eval'"] : []), WECHAT_SDK],
    // Tailwind's stylesheet is a file; React's style attributes and vConsole's <style> are inline.
    ['style-src', "'self'", "'unsafe-inline'"],
    // data: QR codes (the qrcode package) and blob: previews are made on the page; remote hosts
    // only those named, so that no injected or model-written image reaches anywhere else.
    ['img-src', "'self'", 'data:', 'blob:', WECHAT_AVATARS, WECHAT_SDK_REPORT, ...config.imageOrigins],
    // Speech: the API's audio, played from blob: URLs (lib/audio/player.ts), and the silent
    // data: clip that unlocks playback on phones.
    ['media-src', "'self'", 'blob:', 'data:'],
    ['connect-src', "'self'"],
    ['font-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', ...ancestors],
    https && ['upgrade-insecure-requests'],
  ]);
}

/** API answers and /healthz are data, never a document: nothing may load or run as one. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const isData = (pathname) => pathname === '/api' || pathname.startsWith('/api/') || pathname === '/healthz';

let config = null;
/** The configuration, read once; readSecurityConfig already ran (and threw) when this file loaded. */
const current = () => (config ??= readSecurityConfig(process.env));
/** The page policy by variant: it is the same string for every request of a kind. */
const pagePolicies = new Map();
function currentPagePolicy(https) {
  const dev = process.env.NODE_ENV === 'development';
  const key = `${dev}:${https}`;
  let value = pagePolicies.get(key);
  if (value === undefined) {
    value = pagePolicy(current(), { dev, https });
    pagePolicies.set(key, value);
  }
  return value;
}

/**
 * The headers of one answer. `pathname` picks the policy; `https`: whether the browser reached
 * the site over https (an https SITE_URL, or a trusted proxy's X-Forwarded-Proto).
 */
function securityHeaders(pathname, https) {
  const settings = current();
  const headers = {
    'content-security-policy': isData(pathname) ? API_POLICY : currentPagePolicy(https),
    'x-content-type-options': 'nosniff',
    'referrer-policy': REFERRER_POLICY,
  };
  // X-Frame-Options has no way to name the app's origins: with FRAME_ANCESTORS set only the
  // CSP (which browsers that know it prefer anyway) decides, so that the app's frame works.
  if (settings.frameAncestors.length === 0 || isData(pathname)) headers['x-frame-options'] = 'DENY';
  if (https) headers['strict-transport-security'] = HSTS;
  return headers;
}

/**
 * Whether this request came over https. Called after the guard has screened the request, when
 * X-Forwarded-Proto is left only if a trusted proxy (TRUST_PROXY_HOPS) wrote it.
 */
function isHttpsRequest(request) {
  if (current().siteHttps || request.socket?.encrypted) return true;
  return String(request.headers['x-forwarded-proto'] ?? '').toLowerCase() === 'https';
}

/**
 * Sets the headers on a response before anyone writes it. They stay what they are: Next copies a
 * route's own headers onto the response only where none is set yet, so a relayed answer (the
 * upstream's sandbox pages, its API answers) cannot replace or weaken them.
 */
function applySecurityHeaders(request, response) {
  let pathname;
  try {
    pathname = new URL(String(request.url ?? '/'), 'http://site.invalid').pathname;
  } catch {
    // a target the guard refuses; it is answered as data
    pathname = '/api';
  }
  for (const [name, value] of Object.entries(securityHeaders(pathname, isHttpsRequest(request)))) {
    response.setHeader(name, value);
  }
}

/** The headers of an answer written before there is a request to look at (a malformed one). */
const dataHeaders = () => securityHeaders('/api', current().siteHttps);

// A wrong setting stops the server when it starts, not at its first request.
current();

module.exports = { applySecurityHeaders, dataHeaders, securityHeaders, readSecurityConfig, pagePolicy, API_POLICY };
