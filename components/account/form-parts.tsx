import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/client/errors';
import { PASSWORD_MAX } from '@/lib/contract/password-rules';
import { buttonClass } from '@/components/ui/button';
import { fieldClass } from '@/components/ui/field';

/** The look the login and account forms share. */
export const inputClass = fieldClass('lg', 'w-full');
/** The forms' main button: the product's primary button, the width of the form. */
export const formButtonClass = buttonClass({ size: 'lg' }, 'h-11 w-full');

/** Seconds before a new login code may be asked for: the upstream's cooldown (EMAIL_CODE_COOLDOWN_SECONDS). */
export const RESEND_SECONDS = 60;

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

// A type, not an interface: it is passed where the contract's loose request objects are expected.
export type Credentials = { account: string; password: string };

/**
 * An account-or-e-mail and password form's state (the password login, 绑定已有账号): `send` gets
 * the trimmed account; a refusal is shown, the password cleared, and the form usable again. After
 * a success the form stays pending: what follows (a new page, a new session) replaces it.
 */
export function useCredentialsForm(send: (credentials: Credentials) => Promise<void>) {
  const id = useId();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = !pending && !!account.trim() && !!password;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    setPending(true);
    setError(null);
    try {
      await send({ account: account.trim(), password });
    } catch (e) {
      setError(messageOf(e));
      setPassword('');
      setPending(false);
    }
  }

  return { id, account, setAccount, password, setPassword, pending, error, ready, submit };
}

/** The account-or-e-mail and password fields of such a form. */
export function CredentialFields({
  form,
  testIds,
  placeholder,
  required = false,
}: {
  form: ReturnType<typeof useCredentialsForm>;
  testIds: { account: string; password: string };
  placeholder?: string;
  required?: boolean;
}) {
  return (
    <>
      <label htmlFor={`${form.id}-account`} className="text-sm font-medium">
        账号或邮箱
      </label>
      <input
        id={`${form.id}-account`}
        data-testid={testIds.account}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required={required}
        maxLength={254}
        value={form.account}
        onChange={(e) => form.setAccount(e.target.value)}
        placeholder={placeholder}
        className={inputClass}
      />
      <label htmlFor={`${form.id}-password`} className="text-sm font-medium">
        密码
      </label>
      <input
        id={`${form.id}-password`}
        data-testid={testIds.password}
        type="password"
        autoComplete="current-password"
        required={required}
        maxLength={PASSWORD_MAX}
        value={form.password}
        onChange={(e) => form.setPassword(e.target.value)}
        className={inputClass}
      />
    </>
  );
}

/** Seconds left before a new code may be asked for; restarts whenever `restartKey` changes. */
export function useCountdown(seconds: number, restartKey: unknown): number {
  const [left, setLeft] = useState(seconds);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restartKey is the trigger, not an input
  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, restartKey]);
  return left;
}
