import { expect, type Page } from '@playwright/test';
import { latestCode, newEmail } from './outbox';

/**
 * Logs a new user in through the BFF with the page's own cookies, so that the page shares the
 * session: a fresh learner with the free lookups of their own. Answers the user's e-mail.
 */
export async function logInFreshUser(page: Page, label = 'learner'): Promise<string> {
  return logInAs(page, newEmail(label));
}

/** Logs the user of this e-mail in (made on first login) with the page's own cookies. */
export async function logInAs(page: Page, email: string): Promise<string> {
  const pre = await page.request.post('/api/pre_email_login', { data: { email } });
  expect(pre.status()).toBe(200);
  const code = await latestCode(page.request, email);
  const login = await page.request.post('/api/email_login', { data: { email, code } });
  expect(login.status()).toBe(200);
  expect(((await login.json()) as { status: string }).status).toBe('OK');
  return email;
}

export interface Lookup {
  pre: string;
  word: string;
  post: string;
  from?: string;
}

/** Looks a word up through the BFF as the page's user (what a click on the word does). */
export async function lookUp(page: Page, { pre, word, post, from = 'ContextualDict' }: Lookup): Promise<void> {
  const answer = await page.request.post('/api/query_word', {
    data: { pre_context: pre, post_context: post, target_word: word, from },
  });
  expect(answer.ok()).toBe(true);
  expect((await answer.json()).status).toBe('OK');
}

/**
 * Spends free lookups through the BFF with the page's cookies; answers each answer's status. Each
 * is a new lookup (another sentence): the same one again would be a reopening, which is free.
 */
export async function spendLookups(page: Page, times: number): Promise<string[]> {
  await haveVisitorId(page);
  const statuses: string[] = [];
  for (let i = 0; i < times; i++) {
    const answer = await page.request.post('/api/query_word', {
      data: { pre_context: `On day ${i + 1} we sat on the `, post_context: ' of the river.', target_word: 'bank', from: 'e2e' },
    });
    expect(answer.status()).toBe(200);
    statuses.push(String(((await answer.json()) as { status: unknown }).status));
  }
  return statuses;
}

/**
 * Waits until the page's own first requests are over and the browser holds its visitor id, so
 * that requests made through page.request count against the same visitor as the page's. The BFF
 * gives a request without the cookie a new id: a page's first call and a spec's, sent at once,
 * would each get one and split the visitor's free uses between two ids.
 */
export async function haveVisitorId(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const has = async () => (await page.context().cookies()).some((c) => c.name === 'yj_vid');
  if (!(await has())) await page.request.get('/api/get_env_type');
  await expect.poll(has).toBe(true);
}

let ipCounter = 0;
/**
 * A client address of its own for an anonymous visitor: the free-use ledger counts anonymous
 * lookups by visitor and by address, and every browser of the test run comes from 127.0.0.1.
 * The BFF takes the last X-Forwarded-For entry as the client address (lib/bff/site.ts). Workers
 * run side by side, each counting from one: the worker's process id (under 65,536 on these
 * machines) makes the address its own, where the time of day once let two workers share one and
 * spend each other's free lookups.
 */
export function freshClientAddress(): string {
  ipCounter++;
  const { pid } = process;
  return `${10 + Math.floor(ipCounter / 250)}.${(pid >> 8) & 255}.${pid & 255}.${(ipCounter % 250) + 1}`;
}

/**
 * Records the JSON bodies the page sends to /api/*. The API client's requests carry their body as
 * a stream, which Chromium does not show to request listeners, so the page's own fetch is watched.
 * Call before the first navigation.
 */
export async function recordApiBodies(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sent: { path: string; body: unknown }[] = [];
    (window as unknown as { __apiBodies: typeof sent }).__apiBodies = sent;
    const original = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      if (path.startsWith('/api/') && request.method === 'POST') {
        const text = await request.clone().text();
        try {
          sent.push({ path, body: JSON.parse(text) });
        } catch {
          sent.push({ path, body: text });
        }
      }
      return original(request);
    };
  });
}

/** The bodies sent to one call so far, oldest first. */
export async function sentBodies(page: Page, path: string): Promise<unknown[]> {
  const all = await page.evaluate(
    () => (window as unknown as { __apiBodies?: { path: string; body: unknown }[] }).__apiBodies ?? [],
  );
  return all.filter((s) => s.path === path).map((s) => s.body);
}
