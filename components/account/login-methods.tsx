'use client';

import { useQuery, useQueryClient } from '@/lib/client/query';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import {
  formButtonClass,
  CredentialFields,
  FormError,
  inputClass,
  messageOf,
  useCredentialsForm,
} from '@/components/account/form-parts';
import { useInsideWechat } from '@/components/account/use-inside-wechat';
import { ContactRow } from './bind-contact';
import { useClientMode } from '@/lib/client/use-client-mode';
import { callData } from '@/lib/client/api';
import { toast } from '@/lib/client/toast';
import type { LoginMethods as Methods } from '@/lib/contract/calls/account';
import { PASSWORD_MAX, passwordProblem } from '@/lib/contract/password-rules';
import { buttonClass } from '@/components/ui/button';

export const loginMethodsKey = ['login-methods'] as const;

const rowClass = 'flex flex-wrap items-center justify-between gap-3 py-3';
const smallButton = buttonClass({ tone: 'secondary', size: 'sm' });

/**
 * How the learner logs in, on /Profil: the e-mail address and the mobile number (bound, or
 * changed, by a code sent there), WeChat (bound, or a button that binds it through WeChat's OAuth
 * and comes back here), the password (set, or changed with the old one), and for an account made
 * by WeChat alone the way to join an existing account.
 */
export function LoginMethodsCard() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: loginMethodsKey, queryFn: () => callData('get_login_methods') });

  if (query.isPending) return <p className="text-sm text-ink-mute">正在加载登录方式…</p>;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-600">
        登录方式加载失败：{messageOf(query.error)}
      </p>
    );
  }
  const methods = query.data;
  // The new value shows at once; the methods are read again behind it.
  const bound = (change: Partial<Methods>) => {
    queryClient.setQueryData<Methods>(loginMethodsKey, (old) => old && { ...old, ...change });
    return queryClient.invalidateQueries({ queryKey: loginMethodsKey });
  };
  return (
    <>
      <section aria-labelledby="login-methods-title" className="rounded-2xl border border-slate-200 bg-white px-5 py-2">
        <h2 id="login-methods-title" className="pt-3 text-base font-semibold">
          登录方式
        </h2>
        <div className="divide-y divide-slate-100 text-sm">
          <ContactRow kind="email" value={methods.email} onBound={(email) => bound({ email })} />
          <ContactRow kind="phone" value={methods.phone ?? null} onBound={(phone) => bound({ phone })} />
          <WechatRow bound={methods.wechat_bound} />
          <PasswordRow methods={methods} />
        </div>
      </section>
      {methods.can_bind_account && <BindAccount />}
    </>
  );
}

function WechatRow({ bound }: { bound: boolean }) {
  const insideWechat = useInsideWechat();
  // A phone outside WeChat would be shown a QR code to scan with itself: binding happens in WeChat.
  const phoneOutsideWechat = useClientMode().isPhone && !insideWechat;
  return (
    <div className={rowClass}>
      <span className="text-ink-mute">微信</span>
      {bound ? (
        <span data-testid="profile-wechat" className="text-emerald-700">
          已绑定
        </span>
      ) : phoneOutsideWechat ? (
        <span data-testid="bind-wechat-in-app" className="text-ink-soft">
          在微信中打开本页即可绑定
        </span>
      ) : (
        <a
          data-testid="bind-wechat"
          href={`/Login/wechat?client_type=${insideWechat ? 'inside_wechat' : 'pc'}&mode=bind`}
          className="inline-flex h-9 items-center rounded-lg bg-[#06813d] px-3 text-sm font-medium text-white hover:bg-[#056c33]"
        >
          绑定微信
        </a>
      )}
    </div>
  );
}

function PasswordRow({ methods }: { methods: Methods }) {
  const [open, setOpen] = useState(false);
  const change = methods.has_password;
  return (
    <div className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="text-ink-mute">密码</span>
        <span className="flex items-center gap-3">
          <span data-testid="profile-password">{change ? '已设置' : '未设置'}</span>
          {!open && (
            <button type="button" data-testid="password-open" className={smallButton} onClick={() => setOpen(true)}>
              {change ? '修改密码' : '设置密码'}
            </button>
          )}
        </span>
      </div>
      {open && <PasswordForm change={change} onDone={() => setOpen(false)} />}
    </div>
  );
}

function PasswordForm({ change, onDone }: { change: boolean; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const problem =
      (change && !oldPassword ? '请输入原密码' : null) ??
      passwordProblem(password) ??
      (password !== confirm ? '两次输入的密码不一致' : null);
    if (problem) {
      setError(problem);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await callData('set_password', change ? { password, old_password: oldPassword } : { password });
      toast.success(change ? '密码已修改' : '密码已设置');
      await queryClient.invalidateQueries({ queryKey: loginMethodsKey });
      onDone();
    } catch (e) {
      setError(messageOf(e));
      setPending(false);
    }
  }

  const field = (
    key: string,
    label: string,
    value: string,
    set: (v: string) => void,
    autoComplete: 'current-password' | 'new-password',
  ) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-${key}`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        data-testid={`password-${key}`}
        type="password"
        autoComplete={autoComplete}
        maxLength={PASSWORD_MAX}
        value={value}
        onChange={(e) => set(e.target.value)}
        className={inputClass}
      />
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-3" data-testid="password-form">
      {change && field('old', '原密码', oldPassword, setOldPassword, 'current-password')}
      {field('new', '新密码', password, setPassword, 'new-password')}
      {field('confirm', '确认新密码', confirm, setConfirm, 'new-password')}
      <p className="text-xs text-ink-mute">
        8–128 个字符。设置后可用账号或邮箱加密码登录{change ? '；修改后其他设备需重新登录' : ''}。
      </p>
      {error && <FormError message={error} testId="password-error" />}
      <div className="flex gap-3">
        <button type="submit" data-testid="password-submit" className={formButtonClass} disabled={pending}>
          {pending ? '正在保存…' : '保存'}
        </button>
        <button type="button" className={`${smallButton} h-11 shrink-0 px-5`} onClick={onDone} disabled={pending}>
          取消
        </button>
      </div>
    </form>
  );
}

/**
 * A learner who came by WeChat and also has an account (by e-mail or account number, with a
 * password) joins it: this WeChat then logs in to that account, and the session becomes its.
 */
function BindAccount() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const form = useCredentialsForm(async (credentials) => {
    await callData('bind_account', credentials);
    toast.success('绑定成功，已切换到该账号');
    // All the page's data (the user's first) was the WeChat account's: read it again as the joined one's.
    await queryClient.invalidateQueries();
    router.refresh();
  });

  return (
    <section
      aria-labelledby={`${form.id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-5"
      data-testid="bind-account"
    >
      <h2 id={`${form.id}-title`} className="text-base font-semibold">
        绑定已有账号
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        已有用邮箱或账号密码登录的账号？绑定后，用这个微信登录即进入该账号，当前微信账号的记录不会合并。
      </p>
      <form onSubmit={form.submit} noValidate className="mt-4 flex flex-col gap-3">
        <CredentialFields form={form} testIds={{ account: 'bind-account-account', password: 'bind-account-password' }} />
        {form.error && <FormError message={form.error} testId="bind-account-error" />}
        <button type="submit" data-testid="bind-account-submit" className={formButtonClass} disabled={!form.ready}>
          {form.pending ? '正在绑定…' : '绑定'}
        </button>
      </form>
    </section>
  );
}
