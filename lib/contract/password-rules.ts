/*
 * The rules of a new password, without zod: the contract checks them at the boundary and the
 * forms check them as the learner types, from this one place, and a page that imports this file
 * does not load the contract.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** What is wrong with a new password, in the product's words; null when it may be set. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `密码至少 ${PASSWORD_MIN} 位`;
  if (password.length > PASSWORD_MAX) return `密码最多 ${PASSWORD_MAX} 位`;
  if (password.trim() === '') return '密码不能全是空格';
  return null;
}
