import { describe, expect, it } from 'vitest';
import { calls } from './index';
import { PASSWORD_MAX, passwordProblem } from './password-rules';

describe('the rules of a new password', () => {
  it('takes 8 to 128 characters that are not all spaces, in the form and in the contract alike', () => {
    const cases: [string, string | null][] = [
      ['1234567', '密码至少 8 位'],
      ['12345678', null],
      ['  a b  c ', null],
      ['        ', '密码不能全是空格'],
      ['\t\n      \u3000', '密码不能全是空格'],
      ['x'.repeat(PASSWORD_MAX), null],
      ['x'.repeat(PASSWORD_MAX + 1), '密码最多 128 位'],
    ];
    for (const [password, problem] of cases) {
      expect(passwordProblem(password), JSON.stringify(password)).toBe(problem);
      const parsed = calls.set_password.request.safeParse({ password });
      expect(parsed.success, JSON.stringify(password)).toBe(problem === null);
      if (!parsed.success) expect(parsed.error.issues[0].message).toBe(problem);
    }
  });
});
