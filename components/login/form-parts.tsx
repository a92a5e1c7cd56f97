import { ApiError } from '@/lib/client/errors';

/** The look the login and account forms share. */
export const inputClass =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100';
export const buttonClass =
  'h-11 w-full rounded-lg bg-brand-600 font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50';

/** A form's refusal, read out by screen readers as it appears. */
export function FormError({ message, testId = 'login-error' }: { message: string; testId?: string }) {
  return (
    <p role="alert" data-testid={testId} className="text-sm text-red-600">
      {message}
    </p>
  );
}

/** What a failed call tells the person: the catalogue's or the server's words, else a network line. */
export function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : '网络错误，请稍后再试';
}
