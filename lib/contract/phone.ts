/*
 * Mainland China mobile numbers, for the SMS login: the form checks them as the learner types and
 * the upstream stores them, from this one place, without zod (a page that imports this file does
 * not load the contract).
 */

/** What the learner may type: 11 digits from 1[3-9], with +86 / 86 / 0086 before, spaces and dashes anywhere. */
const MAINLAND_MOBILE = /^(?:(?:\+|00)?86)?(1[3-9]\d{9})$/;

/** The longest input worth reading: "+86 138-0013-8000" with generous spacing. */
export const PHONE_INPUT_MAX = 32;

/** The number in E.164 (+8613800138000), or null when it is not a mainland mobile number. */
export function normalizeMainlandPhone(input: string): string | null {
  if (input.length > PHONE_INPUT_MAX) return null;
  const match = MAINLAND_MOBILE.exec(input.replace(/[\s\-()]/g, ''));
  return match ? `+86${match[1]}` : null;
}

/** The number as shown back to its owner: 138 0013 8000. */
export function displayPhone(e164: string): string {
  const national = e164.replace(/^\+86/, '');
  return `${national.slice(0, 3)} ${national.slice(3, 7)} ${national.slice(7)}`;
}
