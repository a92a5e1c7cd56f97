'use client';

import { callData } from '@/lib/client/api';
import { takeRememberedRoute } from '@/lib/client/return-route';
import { AddressInput, CodeFormMessages, CodeInput } from './code-fields';
import { formButtonClass } from './form-parts';
import { readPhone, useCodeForm } from './use-code-form';

/**
 * Log in by a mainland mobile number and the 6-digit code sent to it by SMS, in one form as
 * Chinese sites have it: the number, 获取验证码 beside the code (then a 60 s countdown), 登录.
 * Enter before a code was asked for asks for one.
 */
export function PhoneLogin({ returnTo }: { returnTo?: string }) {
  const form = useCodeForm({
    read: readPhone,
    send: (phone) => callData('pre_sms_login', { phone }).then(() => undefined),
    verify: async (phone, code) => {
      await callData('sms_login', { phone, code });
      // A full load of the next page, as after the e-mail login (see EmailLogin).
      window.location.replace(returnTo ?? takeRememberedRoute());
    },
  });

  return (
    <form onSubmit={form.submit} className="flex flex-col gap-3" noValidate data-testid="phone-login-form">
      <AddressInput form={form} kind="phone" testId="login-phone" />
      <CodeInput form={form} testId="login-code" sendTestId="login-phone-send" />
      <CodeFormMessages form={form} errorTestId="login-error" />
      <button type="submit" data-testid="login-submit" className={formButtonClass} disabled={form.pending}>
        {form.pending ? '正在登录…' : '登录'}
      </button>
      <p className="text-xs text-ink-mute">未注册的手机号验证后即创建账号。</p>
    </form>
  );
}
