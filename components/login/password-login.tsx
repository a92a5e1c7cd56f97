'use client';

import { useId, useState, type FormEvent } from 'react';
import { callData } from '@/lib/client/api';
import { takeRememberedRoute } from '@/lib/client/return-route';
import { PASSWORD_MAX } from '@/lib/contract/password-rules';
import { buttonClass, FormError, inputClass, messageOf } from './form-parts';

/**
 * Log in by account number (8 digits) or e-mail and password. The password is set in the
 * personal centre (/Profil) after a first login by e-mail or WeChat.
 */
export function PasswordLogin({ returnTo }: { returnTo?: string }) {
  const id = useId();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function logIn(event: FormEvent) {
    event.preventDefault();
    if (pending || !account.trim() || !password) return;
    setPending(true);
    setError(null);
    try {
      await callData('password_login', { account: account.trim(), password });
      // A full load of the next page, as after the e-mail login (see EmailLogin).
      window.location.replace(returnTo ?? takeRememberedRoute());
    } catch (e) {
      setError(messageOf(e));
      setPassword('');
      setPending(false);
    }
  }

  return (
    <form onSubmit={logIn} className="flex flex-col gap-3" noValidate data-testid="password-login-form">
      <label htmlFor={`${id}-account`} className="text-sm font-medium">
        账号或邮箱
      </label>
      <input
        id={`${id}-account`}
        data-testid="login-account"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={254}
        value={account}
        onChange={(e) => setAccount(e.target.value)}
        placeholder="8 位账号或邮箱地址"
        className={inputClass}
      />
      <label htmlFor={`${id}-password`} className="text-sm font-medium">
        密码
      </label>
      <input
        id={`${id}-password`}
        data-testid="login-password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={PASSWORD_MAX}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        className={inputClass}
      />
      {error && <FormError message={error} />}
      <button
        type="submit"
        data-testid="login-password-submit"
        className={buttonClass}
        disabled={pending || !account.trim() || !password}
      >
        {pending ? '正在登录…' : '登录'}
      </button>
      <p className="text-xs text-ink-mute">还没有密码？先用邮箱或微信登录，再到个人资料中设置密码。</p>
    </form>
  );
}
