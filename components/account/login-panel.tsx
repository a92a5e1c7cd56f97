'use client';

import { useId, useState, type FormEvent } from 'react';
import { callData } from '@/lib/client/api';
import { takeRememberedRoute } from '@/lib/client/return-route';
import { formButtonClass, FormError, inputClass, messageOf, RESEND_SECONDS, useCountdown } from './form-parts';
import { OpenInWechat } from './open-in-wechat';
import { PasswordLogin } from './password-login';
import { PhoneLogin } from './phone-login';
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

function EmailLogin({ returnTo }: { returnTo?: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const resendIn = useCountdown(step === 'code' ? RESEND_SECONDS : 0, notice);

  async function sendCode(event?: FormEvent) {
    event?.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await callData('pre_email_login', { email: email.trim() });
      setStep('code');
      setCode('');
      setNotice(`验证码已发送至 ${email.trim()}，10 分钟内有效`);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setPending(false);
    }
  }

  async function logIn(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await callData('email_login', { email: email.trim(), code: code.trim() });
      // A full load of the next page: the server renders it for the new session (and proxy.ts
      // puts the user's share_account on its URL), with no client state to reconcile.
      window.location.replace(returnTo ?? takeRememberedRoute());
    } catch (e) {
      setError(messageOf(e));
      setPending(false);
    }
  }

  if (step === 'email') {
    return (
      <form onSubmit={sendCode} className="flex flex-col gap-3" noValidate>
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          邮箱地址
        </label>
        <input
          id={`${id}-email`}
          data-testid="login-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
          className={inputClass}
        />
        {error && <FormError message={error} />}
        <button type="submit" data-testid="login-send-code" className={formButtonClass} disabled={pending || !isEmail(email)}>
          {pending ? '正在发送…' : '获取验证码'}
        </button>
      </form>
    );
  }

  return (
    <form onSubmit={logIn} className="flex flex-col gap-3" noValidate>
      {notice && (
        <p role="status" className="text-sm text-ink-soft">
          {notice}
        </p>
      )}
      <label htmlFor={`${id}-code`} className="text-sm font-medium">
        验证码
      </label>
      <input
        id={`${id}-code`}
        data-testid="login-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        maxLength={6}
        // biome-ignore lint/a11y/noAutofocus: the code field appears right after the learner asked for a code; they type there next
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        placeholder="6 位数字"
        className={`${inputClass} tracking-[0.4em]`}
      />
      {error && <FormError message={error} />}
      <button type="submit" data-testid="login-submit" className={formButtonClass} disabled={pending || code.length !== 6}>
        {pending ? '正在登录…' : '登录'}
      </button>
      <div className="flex justify-between text-sm">
        <button
          type="button"
          className="rounded text-ink-soft hover:text-ink"
          onClick={() => {
            setStep('email');
            setError(null);
          }}
        >
          更换邮箱
        </button>
        <button
          type="button"
          className="rounded text-brand-600 hover:text-brand-700 disabled:text-ink-mute"
          disabled={resendIn > 0 || pending}
          onClick={() => void sendCode()}
        >
          {resendIn > 0 ? `${resendIn} 秒后可重新发送` : '重新发送验证码'}
        </button>
      </div>
    </form>
  );
}

function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
