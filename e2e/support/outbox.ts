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

/** The newest login code the embedded upstream "sent" by SMS to a number (test environment only). */
export async function latestSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const answer = await request.get(`${upstream}/__test/sms?phone=${encodeURIComponent(phone)}`);
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

/** A mainland mobile number no other test uses (139 and eight digits). */
export function newPhone(): string {
  return `139${String((Date.now() * 10 + (++counter % 10)) % 100_000_000).padStart(8, '0')}`;
}

/** The widths the shell must be right at (spec section 9 breakpoints). */
export const widths = {
  phone: { width: 375, height: 740 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1440, height: 900 },
} as const;
