import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { displayPhone, normalizeMainlandPhone } from '@/lib/contract/phone';
import { messageOf, RESEND_SECONDS, useCountdown } from './form-parts';

/** An address as typed, read: what the calls are sent (`to`) and how it is shown back, or why not. */
export type ReadAddress = { to: string; shown: string } | { problem: string };

/** A mainland mobile number: E.164 for the calls, 138 0013 8000 for the learner. */
export function readPhone(typed: string): ReadAddress {
  const trimmed = typed.trim();
  const phone = normalizeMainlandPhone(trimmed);
  if (phone) return { to: phone, shown: displayPhone(phone) };
  return { problem: trimmed ? '手机号格式不正确' : '请输入手机号' };
}

/** An e-mail address, trimmed; the upstream lower-cases it. */
export function readEmail(typed: string): ReadAddress {
  const email = typed.trim();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { to: email, shown: email };
  return { problem: email ? '邮箱格式不正确' : '请输入邮箱地址' };
}

export interface CodeFormCalls {
  /** Reads the address field. */
  read: (typed: string) => ReadAddress;
  /** Asks the upstream to send a code to the address. */
  send: (to: string) => Promise<void>;
  /** Spends the code: logs in, binds. A refusal is shown; after a success the form stays pending. */
  verify: (to: string, code: string) => Promise<void>;
}

/**
 * The state of a form that proves an address by a one-time code (the e-mail and SMS logins,
 * binding a number or an address in /Profil): the address, 获取验证码 and its 60 s countdown (the
 * upstream's cooldown), the 6-digit code, the refusals in the product's words. Submitting before a
 * code was asked for asks for one. What follows a success (a new page, a closed form) replaces
 * the form, so it stays pending.
 */
export function useCodeForm({ read, send, verify }: CodeFormCalls) {
  const id = useId();
  const codeInput = useRef<HTMLInputElement>(null);
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  // When the last code was sent: restarts the countdown; null before the first.
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const resendIn = useCountdown(sentAt === null ? 0 : RESEND_SECONDS, sentAt);

  // Once a code is sent the learner types it next; after the render, since the field may only
  // now be on the page (the e-mail login's second step).
  useEffect(() => {
    if (sentAt !== null) codeInput.current?.focus();
  }, [sentAt]);

  async function sendCode() {
    if (sending || pending || resendIn > 0) return;
    const target = read(address);
    if ('problem' in target) {
      setError(target.problem);
      return;
    }
    setSending(true);
    setError(null);
    try {
      await send(target.to);
      setSentAt(Date.now());
      setCode('');
      setNotice(`验证码已发送至 ${target.shown}，10 分钟内有效`);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setSending(false);
    }
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (pending || sending) return;
    if (sentAt === null) {
      await sendCode();
      return;
    }
    const target = read(address);
    if ('problem' in target) {
      setError(target.problem);
      return;
    }
    if (!/^\d{6}$/.test(code)) {
      setError('请输入 6 位验证码');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await verify(target.to, code);
    } catch (e) {
      setError(messageOf(e));
      setPending(false);
    }
  }

  /** Back to the address (更换邮箱): the next code is asked for anew. */
  function restart() {
    setSentAt(null);
    setNotice(null);
    setError(null);
  }

  return {
    id,
    codeInput,
    address,
    setAddress,
    code,
    /** Keeps digits only. */
    setCode: (typed: string) => setCode(typed.replace(/\D/g, '')),
    sent: sentAt !== null,
    sending,
    pending,
    error,
    notice,
    resendIn,
    sendCode,
    submit,
    restart,
  };
}

export type CodeForm = ReturnType<typeof useCodeForm>;

/** The send button's words: 获取验证码, the countdown, then 重新获取. */
export function sendLabel(form: CodeForm): string {
  if (form.sending) return '正在发送…';
  if (form.resendIn > 0) return `${form.resendIn} 秒后重新获取`;
  return form.sent ? '重新获取' : '获取验证码';
}
