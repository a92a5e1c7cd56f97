import { expect, type APIRequestContext } from '@playwright/test';

const upstream = `http://127.0.0.1:${process.env.E2E_UPSTREAM_PORT ?? 3101}`;

/** The newest login code the embedded upstream "sent" to an address (test environment only). */
export async function latestCode(request: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const answer = await request.get(`${upstream}/__test/outbox?email=${encodeURIComponent(email)}`);
    const { messages } = (await answer.json()) as { messages: { code: string }[] };
    code = messages[0]?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 5000 });
  return code;
}

let counter = 0;
export function newEmail(label = 'learner'): string {
  return `${label}${Date.now()}${++counter}@example.com`;
}

/** The widths the shell must be right at (spec section 9 breakpoints). */
export const widths = {
  phone: { width: 375, height: 740 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1440, height: 900 },
} as const;
