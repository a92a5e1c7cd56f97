'use client';

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { buttonClass } from '@/components/ui/button';
import { callData } from '@/lib/client/api';
import { toast } from '@/lib/client/toast';
import { displayPhone } from '@/lib/contract/phone';
import { AddressInput, type AddressKind, CodeFormMessages, CodeInput } from './code-fields';
import { formButtonClass } from './form-parts';
import { readEmail, readPhone, useCodeForm } from './use-code-form';

const smallButton = buttonClass({ tone: 'secondary', size: 'sm' });

const words = {
  phone: { name: '手机号', shown: displayPhone, read: readPhone, use: '接收短信验证码登录' },
  email: { name: '邮箱', shown: (email: string) => email, read: readEmail, use: '接收邮件验证码登录' },
} as const;

/** Sends the binding code and binds by it, answering the bound value as the upstream stores it. */
const calls = {
  phone: {
    send: (phone: string) => callData('pre_bind_phone', { phone }).then(() => undefined),
    bind: async (phone: string, code: string) => (await callData('bind_phone', { phone, code })).phone,
  },
  email: {
    send: (email: string) => callData('pre_bind_email', { email }).then(() => undefined),
    bind: async (email: string, code: string) => (await callData('bind_email', { email, code })).email,
  },
} satisfies Record<AddressKind, { send: (to: string) => Promise<void>; bind: (to: string, code: string) => Promise<string> }>;

/**
 * A row of /Profil for the account's mobile number or e-mail address: the value (or 未设置) and
 * 绑定, or 更换 when one is set, which opens the form below it that proves the new one by a code.
 * `onBound` gets the value now bound.
 */
export function ContactRow({
  kind,
  value,
  onBound,
}: {
  kind: AddressKind;
  value: string | null;
  onBound: (value: string) => Promise<void> | void;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // After the form closes, the keyboard goes back to the button that opened it.
  const returnFocus = useRef(false);
  useEffect(() => {
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      opener.current?.focus();
    }
  }, [open]);
  const close = () => {
    returnFocus.current = true;
    setOpen(false);
  };
  const { name } = words[kind];
  const formId = `bind-${kind}-form`;

  return (
    <div className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="text-ink-mute">{name}</span>
        <span className="flex min-w-0 items-center gap-3">
          <span data-testid={`profile-${kind}`} className="break-all">
            {value ? words[kind].shown(value) : '未设置'}
          </span>
          {!open && (
            <button
              ref={opener}
              type="button"
              data-testid={`bind-${kind}-open`}
              className={`${smallButton} shrink-0`}
              aria-expanded={false}
              aria-controls={formId}
              onClick={() => setOpen(true)}
            >
              {value ? '更换' : '绑定'}
              <span className="sr-only">{name}</span>
            </button>
          )}
        </span>
      </div>
      {open && (
        <BindForm
          kind={kind}
          formId={formId}
          current={value}
          onCancel={close}
          onBound={async (bound) => {
            await onBound(bound);
            close();
          }}
        />
      )}
    </div>
  );
}

function BindForm({
  kind,
  formId,
  current,
  onCancel,
  onBound,
}: {
  kind: AddressKind;
  formId: string;
  current: string | null;
  onCancel: () => void;
  onBound: (value: string) => Promise<void>;
}) {
  const { name, read, use } = words[kind];
  const form = useCodeForm({
    read,
    send: calls[kind].send,
    verify: async (to, code) => {
      const bound = await calls[kind].bind(to, code);
      toast.success(`${name}${current && current !== bound ? '已更换' : '已绑定'}`);
      await onBound(bound);
    },
  });
  const addressId = `${form.id}-address`;
  useEffect(() => {
    document.getElementById(addressId)?.focus();
  }, [addressId]);

  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !form.pending) {
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    // Escape anywhere in the form closes it, as in a dialog.
    <form
      id={formId}
      onSubmit={form.submit}
      onKeyDown={cancelOnEscape}
      noValidate
      className="mt-3 flex flex-col gap-3"
      data-testid={formId}
      aria-label={`${current ? '更换' : '绑定'}${name}`}
    >
      <AddressInput form={form} kind={kind} label={current ? `新${name}` : name} testId={`bind-${kind}-input`} />
      <CodeInput form={form} testId={`bind-${kind}-code`} sendTestId={`bind-${kind}-send`} />
      <CodeFormMessages form={form} errorTestId={`bind-${kind}-error`} />
      <p className="text-xs text-ink-mute">
        {current ? `更换后用新${name}${use}，原${name}不再能登录此账号。` : `绑定后可用该${name}${use}，进入当前账号。`}
      </p>
      <div className="flex gap-3">
        <button type="submit" data-testid={`bind-${kind}-submit`} className={formButtonClass} disabled={form.pending}>
          {form.pending ? '正在绑定…' : '确认绑定'}
        </button>
        <button
          type="button"
          data-testid={`bind-${kind}-cancel`}
          className={`${smallButton} h-11 shrink-0 px-5`}
          onClick={onCancel}
          disabled={form.pending}
        >
          取消
        </button>
      </div>
    </form>
  );
}
