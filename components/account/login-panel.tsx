'use client';

import { useId, useState } from 'react';
import { callData } from '@/lib/client/api';
import { takeRememberedRoute } from '@/lib/client/return-route';
import { AddressInput, CodeFormMessages, CodeInput } from './code-fields';
import { formButtonClass } from './form-parts';
import { OpenInWechat } from './open-in-wechat';
import { PasswordLogin } from './password-login';
import { PhoneLogin } from './phone-login';
import { readEmail, useCodeForm } from './use-code-form';
import { useInsideWechat } from './use-inside-wechat';
import { useClientMode } from '@/lib/client/use-client-mode';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { WechatIcon } from '@/components/ui/icons';

const methods = [
  { value: 'email', label: '邮箱验证码' },
  { value: 'phone', label: '手机号登录' },
  { value: 'password', label: '密码登录' },
] as const;
type Method = (typeof methods)[number]['value'];

/**
 * Log in by WeChat (the QR login on desktop, the in-app login inside the WeChat browser; on a
 * phone outside WeChat, where a QR code would be shown to the very phone that should scan it,
 * how to open the page in WeChat instead), by e-mail (address, then the 6-digit code), by mobile
 * number and SMS code, or by account or e-mail and password; the three forms are tabs. `returnTo` is where to go afterwards; without it the remembered route (or `/`).
 */
export function LoginPanel({ returnTo }: { returnTo?: string }) {
  const id = useId();
  const insideWechat = useInsideWechat();
  const phoneOutsideWechat = useClientMode().isPhone && !insideWechat;
  const [method, setMethod] = useState<Method>('email');
  const wechatHref = `/Login/wechat?client_type=${insideWechat ? 'inside_wechat' : 'pc'}${
    returnTo ? `&back=${encodeURIComponent(returnTo)}` : ''
  }`;

  return (
    <div className="flex flex-col gap-6">
      {phoneOutsideWechat ? (
        <OpenInWechat />
      ) : (
        <a
          href={wechatHref}
          data-testid="wechat-login"
          className="flex h-11 items-center justify-center gap-2 rounded-lg bg-[#06813d] font-medium text-white hover:bg-[#056c33]"
        >
          <WechatIcon />
          {insideWechat ? '微信一键登录' : '微信扫码登录'}
        </a>
      )}
      <div className="flex items-center gap-3 text-xs text-ink-mute" aria-hidden>
        <span className="h-px flex-1 bg-slate-200" />
        或使用账号登录
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <div className="flex flex-col gap-4">
        <Tabs
          id={id}
          label="登录方式"
          look="segmented"
          className="grid grid-cols-3"
          tabs={methods.map((m) => ({ key: m.value, label: m.label, testId: `login-method-${m.value}` }))}
          selected={method}
          onSelect={setMethod}
        />
        <TabPanel id={id} selected={method}>
          {method === 'email' ? (
            <EmailLogin returnTo={returnTo} />
          ) : method === 'phone' ? (
            <PhoneLogin returnTo={returnTo} />
          ) : (
            <PasswordLogin returnTo={returnTo} />
          )}
        </TabPanel>
      </div>
    </div>
  );
}

/** Log in by e-mail in two steps: the address (获取验证码), then the code it was sent. */
function EmailLogin({ returnTo }: { returnTo?: string }) {
  const form = useCodeForm({
    read: readEmail,
    send: (email) => callData('pre_email_login', { email }).then(() => undefined),
    verify: async (email, code) => {
      await callData('email_login', { email, code });
      // A full load of the next page: the server renders it for the new session (and proxy.ts
      // puts the user's share_account on its URL), with no client state to reconcile.
      window.location.replace(returnTo ?? takeRememberedRoute());
    },
  });

  if (!form.sent) {
    return (
      <form onSubmit={form.submit} className="flex flex-col gap-3" noValidate>
        <AddressInput form={form} kind="email" testId="login-email" />
        <CodeFormMessages form={form} errorTestId="login-error" />
        <button
          type="submit"
          data-testid="login-send-code"
          className={formButtonClass}
          disabled={form.sending || !('to' in readEmail(form.address))}
        >
          {form.sending ? '正在发送…' : '获取验证码'}
        </button>
      </form>
    );
  }

  return (
    <form onSubmit={form.submit} className="flex flex-col gap-3" noValidate>
      <CodeInput form={form} testId="login-code" />
      <CodeFormMessages form={form} errorTestId="login-error" />
      <button
        type="submit"
        data-testid="login-submit"
        className={formButtonClass}
        disabled={form.pending || form.code.length !== 6}
      >
        {form.pending ? '正在登录…' : '登录'}
      </button>
      <div className="flex justify-between text-sm">
        <button type="button" className="rounded text-ink-soft hover:text-ink" onClick={form.restart}>
          更换邮箱
        </button>
        <button
          type="button"
          className="rounded text-brand-600 hover:text-brand-700 disabled:text-ink-mute"
          disabled={form.resendIn > 0 || form.sending || form.pending}
          onClick={() => void form.sendCode()}
        >
          {form.resendIn > 0 ? `${form.resendIn} 秒后可重新发送` : '重新发送验证码'}
        </button>
      </div>
    </form>
  );
}
