'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { callData } from '@/lib/client/api';
import { takeRememberedRoute } from '@/lib/client/return-route';
import { displayPhone, normalizeMainlandPhone, PHONE_INPUT_MAX } from '@/lib/contract/phone';
import { buttonClass } from '@/components/ui/button';
import { formButtonClass, FormError, inputClass, messageOf, RESEND_SECONDS, useCountdown } from './form-parts';

const sendButtonClass = buttonClass({ tone: 'secondary', size: 'lg' }, 'h-11 shrink-0 px-3 tabular-nums');
const badPhone = '手机号格式不正确';

/**
 * Log in by a mainland mobile number and the 6-digit code sent to it by SMS, in one form as
 * Chinese sites have it: the number, 获取验证码 beside the code (then a 60 s countdown), 登录.
 * Enter before a code was asked for asks for one.
 */
export function PhoneLogin({ returnTo }: { returnTo?: string }) {
  const id = useId();
  const codeInput = useRef<HTMLInputElement>(null);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  // When the last code was sent: restarts the countdown.
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const resendIn = useCountdown(sentAt === null ? 0 : RESEND_SECONDS, sentAt);
  const number = normalizeMainlandPhone(phone.trim());

  async function sendCode() {
    if (sending || resendIn > 0) return;
    if (!number) {
      setError(phone.trim() ? badPhone : '请输入手机号');
      return;
    }
    setSending(true);
    setError(null);
    try {
      await callData('pre_sms_login', { phone: number });
      setSentAt(Date.now());
      setNotice(`验证码已发送至 ${displayPhone(number)}，10 分钟内有效`);
      codeInput.current?.focus();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setSending(false);
    }
  }

  async function logIn(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (sentAt === null) {
      await sendCode();
      return;
    }
    if (!number) {
      setError(badPhone);
      return;
    }
    if (!/^\d{6}$/.test(code)) {
      setError('请输入 6 位验证码');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await callData('sms_login', { phone: number, code });
      // A full load of the next page, as after the e-mail login (see EmailLogin).
      window.location.replace(returnTo ?? takeRememberedRoute());
    } catch (e) {
      setError(messageOf(e));
      setPending(false);
    }
  }

  return (
    <form onSubmit={logIn} className="flex flex-col gap-3" noValidate data-testid="phone-login-form">
      <label htmlFor={`${id}-phone`} className="text-sm font-medium">
        手机号
      </label>
      <div className="flex items-center gap-2">
        <span className="shrink-0 text-sm text-ink-soft" aria-hidden>
          +86
        </span>
        <input
          id={`${id}-phone`}
          data-testid="login-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          maxLength={PHONE_INPUT_MAX}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          placeholder="11 位手机号"
          aria-describedby={`${id}-phone-hint`}
          className={inputClass}
        />
      </div>
      <p id={`${id}-phone-hint`} className="sr-only">
        中国大陆手机号
      </p>
      <label htmlFor={`${id}-code`} className="text-sm font-medium">
        验证码
      </label>
      <div className="flex gap-2">
        <input
          ref={codeInput}
          id={`${id}-code`}
          data-testid="login-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          placeholder="6 位数字"
          className={`${inputClass} min-w-0 tracking-[0.3em]`}
        />
        <button
          type="button"
          data-testid="login-phone-send"
          className={sendButtonClass}
          disabled={sending || resendIn > 0}
          onClick={() => void sendCode()}
        >
          {sending ? '正在发送…' : resendIn > 0 ? `${resendIn} 秒后重新获取` : sentAt === null ? '获取验证码' : '重新获取'}
        </button>
      </div>
      {notice && (
        <p role="status" className="text-sm text-ink-soft">
          {notice}
        </p>
      )}
      {error && <FormError message={error} />}
      <button type="submit" data-testid="login-submit" className={formButtonClass} disabled={pending}>
        {pending ? '正在登录…' : '登录'}
      </button>
      <p className="text-xs text-ink-mute">未注册的手机号验证后即创建账号。</p>
    </form>
  );
}
