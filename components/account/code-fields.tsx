'use client';

import type { ChangeEvent } from 'react';
import { buttonClass } from '@/components/ui/button';
import { PHONE_INPUT_MAX } from '@/lib/contract/phone';
import { FormError, inputClass } from './form-parts';
import { type CodeForm, sendLabel } from './use-code-form';

const sendButtonClass = buttonClass({ tone: 'secondary', size: 'lg' }, 'h-11 shrink-0 px-3 tabular-nums');

/** What a code form proves: a mainland mobile number or an e-mail address. */
export type AddressKind = 'phone' | 'email';

/** The address field: a number after +86 (the phone's number pad), or an e-mail address. */
export function AddressInput({
  form,
  kind,
  label = kind === 'phone' ? '手机号' : '邮箱地址',
  testId,
}: {
  form: CodeForm;
  kind: AddressKind;
  label?: string;
  testId: string;
}) {
  const id = `${form.id}-address`;
  const common = {
    id,
    'data-testid': testId,
    required: true,
    value: form.address,
    onChange: (e: ChangeEvent<HTMLInputElement>) => form.setAddress(e.target.value),
    className: inputClass,
  };
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {kind === 'phone' ? (
        <div className="flex items-center gap-2">
          <span className="shrink-0 text-sm text-ink-soft" aria-hidden>
            +86
          </span>
          <input
            {...common}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={PHONE_INPUT_MAX}
            placeholder="11 位手机号"
            aria-describedby={`${id}-hint`}
          />
          <span id={`${id}-hint`} className="sr-only">
            中国大陆手机号
          </span>
        </div>
      ) : (
        <input {...common} type="email" inputMode="email" autoComplete="email" maxLength={254} placeholder="you@example.com" />
      )}
    </>
  );
}

/** The 6-digit code field, with 获取验证码 (then its countdown) beside it when `sendTestId` is given. */
export function CodeInput({ form, testId, sendTestId }: { form: CodeForm; testId: string; sendTestId?: string }) {
  const id = `${form.id}-code`;
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium">
        验证码
      </label>
      <div className="flex gap-2">
        <input
          ref={form.codeInput}
          id={id}
          data-testid={testId}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          value={form.code}
          onChange={(e) => form.setCode(e.target.value)}
          placeholder="6 位数字"
          className={`${inputClass} min-w-0 tracking-[0.3em]`}
        />
        {sendTestId && (
          <button
            type="button"
            data-testid={sendTestId}
            className={sendButtonClass}
            disabled={form.sending || form.resendIn > 0}
            onClick={() => void form.sendCode()}
          >
            {sendLabel(form)}
          </button>
        )}
      </div>
    </>
  );
}

/** Where the code went (read out politely) and the form's refusal (read out at once). */
export function CodeFormMessages({ form, errorTestId }: { form: CodeForm; errorTestId: string }) {
  return (
    <>
      {form.notice && (
        <p role="status" className="text-sm text-ink-soft">
          {form.notice}
        </p>
      )}
      {form.error && <FormError message={form.error} testId={errorTestId} />}
    </>
  );
}
