import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MODE_SCRIPT } from '../lib/client/client-mode';
import { startStack, type Stack } from './support/stack';

// The shell's own pages over real HTTP: footer, about us, not-found, and the proxy's forwards.
let plain: Stack;
let configured: Stack;

const FILING = '京ICP备00000000号-1';

beforeAll(async () => {
  [plain, configured] = await Promise.all([
    startStack(),
    startStack({
      SITE_FILING_NUMBER: FILING,
      SITE_CONTACT_IMAGE_URL: '/images/contact-qr.png',
      // Not an image address: the item must stay hidden rather than link to a script.
      SITE_STUDY_GROUP_IMAGE_URL: 'javascript:alert(1)',
    }),
  ]);
});
afterAll(() => Promise.all([plain?.stop(), configured?.stop()]));

function get(stack: Stack, path: string, init: RequestInit = {}) {
  return fetch(stack.next.url + path, { redirect: 'manual', ...init });
}

/** The rendered <footer> element, or '' when the page has none. */
function footerOf(html: string): string {
  return html.match(/<footer[^>]*data-testid="site-footer"[\s\S]*?<\/footer>/)?.[0] ?? '';
}

/** The HTML without its scripts: what a crawler or a browser without JavaScript gets. */
function rendered(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
}

/** The not-found page, server-rendered (not only in the data the browser renders it from). */
function expectNotFoundPage(html: string) {
  const body = rendered(html);
  expect(body).toMatch(/<h1[^>]*>页面不存在<\/h1>/);
  expect(body).toContain('您访问的页面不存在或已被移动');
  expect(body).toMatch(/<a[^>]*href="\/"[^>]*>返回首页<\/a>/);
  expect(body).toMatch(/<meta name="robots" content="noindex"/);
  expect(body).toMatch(/<title>页面不存在 · 语境<\/title>/);
}

describe('footer', () => {
  it('shows the copyright, 2023-2025, and the about-us link on /AboutUs', async () => {
    const answer = await get(plain, '/AboutUs');
    expect(answer.status).toBe(200);
    const footer = footerOf(await answer.text());
    expect(footer).toContain('© 2023-2025 语境');
    expect(footer).toMatch(/<a[^>]*href="\/AboutUs"[^>]*>关于我们<\/a>/);
    expect(footer).toContain('data-footer-style="black"');
  });

  it('leaves out what is not configured: filing number, contact and study-group images', async () => {
    const footer = footerOf(await (await get(plain, '/AboutUs')).text());
    expect(footer).not.toBe('');
    expect(footer).not.toContain('beian.miit.gov.cn');
    expect(footer).not.toContain('footer-contact');
    expect(footer).not.toContain('footer-study-group');
  });

  it('links a configured filing number to the MIIT registry, in a new tab without an opener', async () => {
    const footer = footerOf(await (await get(configured, '/AboutUs')).text());
    const link = footer.match(/<a[^>]*data-testid="footer-filing"[^>]*>[^<]*<\/a>/)?.[0] ?? '';
    expect(link).toContain('href="https://beian.miit.gov.cn/"');
    expect(link).toMatch(/rel="[^"]*noopener/);
    expect(link).toContain(`>${FILING}</a>`);
  });

  it('offers a configured contact image as a button, and refuses a non-image address', async () => {
    const footer = footerOf(await (await get(configured, '/AboutUs')).text());
    expect(footer).toMatch(/<button[^>]*data-testid="footer-contact"[^>]*>联系我们<\/button>/);
    expect(footer).not.toContain('footer-study-group');
    expect(footer).not.toContain('javascript:');
    expect(configured.next.output()).toContain('SITE_STUDY_GROUP_IMAGE_URL ignored');
  });

  it('is in every page’s HTML, marked as chrome that the app mode’s first script hides before paint', async () => {
    // One HTML for every client (pages are cached for every reader): the native app's own chrome
    // replaces the site's by the inline script (unit-tested in lib/client/client-mode.test.ts) and
    // globals.css; e2e/shell.spec.ts watches it happen in Chromium.
    const app = { 'user-agent': 'Mozilla/5.0 (iPhone) Yujing isApp=true' };
    for (const path of ['/AboutUs', '/definitely/not/here', '/NotFound']) {
      const html = await (await get(plain, path, { headers: app })).text();
      expect(html).toMatch(/<footer data-chrome="" data-testid="site-footer"/);
      const head = html.slice(0, html.indexOf('<body'));
      expect(head).toContain(`<script>${APP_MODE_SCRIPT};`);
    }
  });
});

describe('about us', () => {
  it('is a server-rendered page with its own title, description and canonical address', async () => {
    const html = await (await get(plain, '/AboutUs')).text();
    expect(html).toMatch(/<title>关于我们 · 语境<\/title>/);
    expect(html).toMatch(/<meta name="description" content="语境是为中文母语的英语学习者打造的网页应用/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/AboutUs"/);
    expect(html).toMatch(/<h1[^>]*>关于我们<\/h1>/);
    expect(html).toContain('语境词典');
    expect(html).not.toContain('noindex');
  });
});

describe('not found', () => {
  it('answers an unknown path with 404, the not-found page, noindex and the footer', async () => {
    const answer = await get(plain, '/definitely/not/here');
    expect(answer.status).toBe(404);
    const html = await answer.text();
    expectNotFoundPage(html);
    expect(footerOf(html)).toContain('© 2023-2025 语境');
    expect(html).toContain('data-testid="site-header"');
  });

  it('answers /NotFound itself with 404 and the same content', async () => {
    const answer = await get(plain, '/NotFound');
    expect(answer.status).toBe(404);
    expectNotFoundPage(await answer.text());
  });
});

describe('forwards', () => {
  it('sends /zhenti to /aiBook/paper for good, query kept', async () => {
    const answer = await get(plain, '/zhenti?x=1');
    expect(answer.status).toBe(308);
    const target = new URL(answer.headers.get('location')!, plain.next.url);
    expect(target.pathname + target.search).toBe('/aiBook/paper?x=1');
  });

  it('sends an unknown course-book category to /NotFound, which answers 404', async () => {
    const first = await get(plain, '/aiBook/not-a-category');
    expect(first.status).toBe(307);
    const followed = await fetch(`${plain.next.url}/aiBook/not-a-category`);
    expect(new URL(followed.url).pathname).toBe('/NotFound');
    expect(followed.status).toBe(404);
    expectNotFoundPage(await followed.text());
  });

  it('lets a known category through to its own route', async () => {
    for (const path of ['/aiBook/cet4', '/aiBook/paper']) {
      const answer = await get(plain, path);
      expect(answer.headers.get('location')).toBeNull();
      expect(answer.status).not.toBe(307);
    }
  });

  it('leaves the class routes under /aiBook alone', async () => {
    const answer = await get(plain, '/aiBook/word/class');
    expect(answer.headers.get('location')).toBeNull();
  });
});
