'use client';

import { callData } from '@/lib/client/api';
import { takeRememberedRoute } from '@/lib/client/return-route';
import { formButtonClass, CredentialFields, FormError, useCredentialsForm } from './form-parts';

/**
 * Log in by account number (8 digits) or e-mail and password. The password is set in the
 * personal centre (/Profil) after a first login by e-mail or WeChat.
 */
export function PasswordLogin({ returnTo }: { returnTo?: string }) {
  const form = useCredentialsForm(async (credentials) => {
    await callData('password_login', credentials);
    // A full load of the next page, as after the e-mail login (see EmailLogin).
    window.location.replace(returnTo ?? takeRememberedRoute());
  });

  return (
    <form onSubmit={form.submit} className="flex flex-col gap-3" noValidate data-testid="password-login-form">
      <CredentialFields
        form={form}
        testIds={{ account: 'login-account', password: 'login-password' }}
        placeholder="8 位账号或邮箱地址"
        required
      />
      {form.error && <FormError message={form.error} />}
      <button type="submit" data-testid="login-password-submit" className={formButtonClass} disabled={!form.ready}>
        {form.pending ? '正在登录…' : '登录'}
      </button>
      <p className="text-xs text-ink-mute">还没有密码？先用邮箱或微信登录，再到个人资料中设置密码。</p>
    </form>
  );
}
