import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Transaction } from 'kysely';
import type { LoginMethods } from '../../lib/contract';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/dialect';
import type { Database, User } from '../db/schema';
import type { UpstreamConfig } from '../platform/config';
import { sha256 } from '../platform/crypto';
import { UpstreamError } from '../platform/http';
import { tooFrequent, type RateHit, type RateLimiter, type RateRule } from '../platform/rate-limit';
import { days, minutes, stamp, type Clock } from '../platform/time';
import { normalizeEmail } from './email-login';
import { defaultNicknameOf, type Users, type WechatProfile } from './users';
import type { WechatClientType, WechatLogin } from './wechat-login';

/*
 * Passwords (argon2id through @node-rs/argon2, with its defaults: 19 MiB, 2 passes; the encoded
 * hash carries salt and parameters), log-in by account number or e-mail and password, and the
 * two ways a WeChat identity and a password account come together (bind_account, bind_wechat).
 */

// The same words for an unknown account, an account without a password and a wrong password:
// a refusal must not tell which accounts exist.
const invalidCredentials = () => new UpstreamError(400, 'invalid_credentials', '账号或密码错误');
const oldPasswordRequired = () => new UpstreamError(400, 'old_password_required', '请输入原密码');
const wrongOldPassword = () => new UpstreamError(400, 'wrong_password', '原密码错误');
const changedMeanwhile = () => new UpstreamError(409, 'conflict', '账号信息刚刚发生了变化，请刷新后重试');
const notWechatOnly = () =>
  new UpstreamError(400, 'cannot_bind', '只有仅使用微信登录（未设置邮箱、手机号和密码）的账号可以绑定已有账号');
const targetHasWechat = () => new UpstreamError(409, 'wechat_taken', '该账号已绑定其他微信，无法再绑定');
const wechatHasMoney = () =>
  new UpstreamError(409, 'has_membership', '当前微信账号有会员时长或支付订单，不能合并到其他账号，请联系客服处理');
const callerHasOtherWechat = () => new UpstreamError(409, 'already_bound', '当前账号已绑定其他微信');
const wechatBelongsElsewhere = () =>
  new UpstreamError(
    409,
    'wechat_taken',
    '该微信已是另一个账号的登录方式（该账号有会员、订单、邮箱、手机号或密码），无法绑定到当前账号',
  );

/**
 * How long a pending order keeps a WeChat account from being merged away: the membership's
 * recovery asks the payment provider about pending orders for two days (upstream/membership),
 * and a payment it finds is credited to the order's user, who must still be the one who paid.
 */
const pendingOrderWindow = days(2);

const window = minutes(15);

interface PasswordsDeps {
  config: Pick<UpstreamConfig, 'passwordLimits'>;
  db: Db;
  now: Clock;
  users: Users;
  rates: RateLimiter;
  wechatLogin: WechatLogin;
}

/**
 * Whether the account can be logged in to otherwise than by WeChat (an e-mail, a mobile number, a
 * password): then it is no bare WeChat account to merge away, since that way in would still lead
 * to it, without its WeChat.
 */
const hasOtherLogin = (user: User) => user.email !== null || user.phone !== null || user.password_hash !== null;

/** What the bind calls answer: the account now holding the WeChat identity. */
export type BoundUser = User;

export function createPasswords({ config, db, now, users, rates, wechatLogin }: PasswordsDeps) {
  const rules = {
    account: { name: 'password:account', limit: config.passwordLimits.perAccount, windowMs: window },
    address: { name: 'password:address', limit: config.passwordLimits.perAddress, windowMs: window },
  } satisfies Record<string, RateRule>;

  // Verified against when there is no hash to verify against, so that an unknown account costs
  // what a known one does. Made once, with the same parameters as every real hash.
  // Made at start, so that not even the first unknown account is slower than a known one.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => {
    dummyHash ??= hash(randomBytes(32).toString('base64url'));
    return dummyHash;
  };
  dummy().catch(() => {
    dummyHash = undefined;
  });

  /** The user an account number or e-mail names, if any. */
  async function findByLogin(login: string): Promise<User | undefined> {
    const name = login.trim();
    if (/^\d{8}$/.test(name)) return db.selectFrom('users').selectAll().where('account', '=', name).executeTakeFirst();
    if (name.includes('@')) {
      return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(name)).executeTakeFirst();
    }
    return undefined;
  }

  // One account is one subject, by whichever name it is asked for; a name nobody has is its own.
  const accountSubject = (user: User | undefined, login: string) =>
    user ? `user:${user.id}` : `name:${sha256(login.trim().toLowerCase())}`;

  /**
   * Reserves an attempt against the limits (refusing with 000 when one is spent), runs `attempt`
   * and gives the reservation back when it succeeds: only failures count.
   */
  async function limited<T>(hits: RateHit[], attempt: () => Promise<T>): Promise<T> {
    const verdict = await rates.take(hits);
    if (!verdict.allowed) throw tooFrequent(verdict.retryAfterSeconds);
    const result = await attempt();
    await rates.giveBack(hits);
    return result;
  }

  /** The user whose password this is, or the one refusal for every other case. */
  async function checkCredentials(login: string, password: string, clientAddress: string): Promise<User> {
    const user = await findByLogin(login);
    const hits = [
      { rule: rules.account, subject: accountSubject(user, login) },
      { rule: rules.address, subject: clientAddress },
    ];
    return limited(hits, async () => {
      const stored = user?.password_hash ?? null;
      const matches = await verify(stored ?? (await dummy()), password).catch(() => false);
      if (!user || stored === null || !matches) throw invalidCredentials();
      return user;
    });
  }

  /**
   * What stops a WeChat-only account from being merged away: money (VIP time, a payment, an order
   * that may yet be paid) is never moved silently, and an account with an e-mail or a password is
   * somebody's account of its own.
   */
  async function isBareWechatAccount(trx: Transaction<Database>, user: User): Promise<'bare' | 'money' | 'login'> {
    if (hasOtherLogin(user)) return 'login';
    const at = now();
    if (user.vip_expires_at !== null && user.vip_expires_at > stamp(at)) return 'money';
    const paid = await trx.selectFrom('payments').select('id').where('user_id', '=', user.id).limit(1).executeTakeFirst();
    if (paid) return 'money';
    const order = await trx
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', user.id)
      .where((eb) =>
        eb.or([
          eb('status', 'in', ['paid', 'flagged']),
          eb.and([eb('status', '=', 'pending'), eb('created_at', '>', stamp(at, -pendingOrderWindow))]),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return order ? 'money' : 'bare';
  }

  /** Locks the users' rows (in id order, so that two moves never wait on each other) and reads them afresh. */
  async function lockUsers(trx: Transaction<Database>, ids: number[]): Promise<Map<number, User>> {
    const locked = new Map<number, User>();
    for (const id of [...ids].sort((a, b) => a - b)) {
      // Writing takes the row lock (PostgreSQL) or the database's write lock (SQLite) before the
      // row is read: a payment or another bind of the same rows waits its turn.
      const row = await trx
        .updateTable('users')
        .set((eb) => ({ nickname: eb.ref('nickname') }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw changedMeanwhile();
      locked.set(id, row);
    }
    return locked;
  }

  /**
   * Moves the WeChat identity from the bare account `fromId` to `toId`, in one transaction: the
   * old row stays (ledgers and lists refer to it) without its WeChat identity and its sessions;
   * the receiving account takes the WeChat name and picture when it has none of its own.
   */
  async function moveWechat(
    fromId: number,
    toId: number,
    identity: { openid: string; unionid: string | null; nickname: string; headimgurl: string },
    refusals: { money: () => UpstreamError; login: () => UpstreamError },
  ): Promise<User> {
    return db.transaction().execute(async (trx) => {
      const rows = await lockUsers(trx, [fromId, toId]);
      const from = rows.get(fromId)!;
      const to = rows.get(toId)!;
      if (from.wechat_openid === null) throw changedMeanwhile();
      if (to.wechat_openid !== null) throw targetHasWechat();
      const state = await isBareWechatAccount(trx, from);
      if (state !== 'bare') throw refusals[state]();

      // Cleared first: the openid is unique, and for a moment it would be on both rows.
      await trx.updateTable('users').set({ wechat_openid: null, wechat_unionid: null }).where('id', '=', from.id).execute();
      await trx.deleteFrom('auth_tokens').where('user_id', '=', from.id).execute();
      return trx
        .updateTable('users')
        .set({
          wechat_openid: identity.openid,
          wechat_unionid: identity.unionid,
          ...profileFill(to, identity),
        })
        .where('id', '=', to.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /**
   * The WeChat name and picture, for an account that has none of its own: an account's nickname
   * made from its e-mail address is a placeholder, a name chosen in WeChat says more.
   */
  function profileFill(user: User, wechat: { nickname: string; headimgurl: string }): { nickname?: string; headimgurl?: string } {
    const fill: { nickname?: string; headimgurl?: string } = {};
    const placeholder = user.nickname === '' || (user.email !== null && user.nickname === defaultNicknameOf(user.email));
    if (placeholder && wechat.nickname) fill.nickname = wechat.nickname;
    if (user.headimgurl === '' && wechat.headimgurl) fill.headimgurl = wechat.headimgurl;
    return fill;
  }

  async function attachNewWechat(user: User, profile: WechatProfile): Promise<User> {
    try {
      const updated = await db
        .updateTable('users')
        .set({ wechat_openid: profile.openid, wechat_unionid: profile.unionid ?? null, ...profileFill(user, profile) })
        .where('id', '=', user.id)
        .where('wechat_openid', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw changedMeanwhile();
      return updated;
    } catch (error) {
      // The same WeChat user logged in (and so got an account) at this very moment.
      if (isUniqueViolation(error)) throw changedMeanwhile();
      throw error;
    }
  }

  return {
    /** password_login: the user, or the one refusal (账号或密码错误), or 000 past the limits. */
    logIn: checkCredentials,

    /**
     * set_password: sets the user's first password, or changes it when `oldPassword` matches the
     * current one. A change ends the user's other sessions (whoever changes a password may be
     * shutting somebody out); the session that changed it stays.
     */
    async setPassword(user: User, currentToken: string | undefined, password: string, oldPassword?: string): Promise<void> {
      const previous = user.password_hash;
      if (previous !== null) {
        if (!oldPassword) throw oldPasswordRequired();
        await limited([{ rule: rules.account, subject: `user:${user.id}` }], async () => {
          if (!(await verify(previous, oldPassword).catch(() => false))) throw wrongOldPassword();
        });
      }
      const hashed = await hash(password);
      const at = stamp(now());
      // Only over the password that was checked: of two simultaneous changes, one wins.
      const changed = await db
        .updateTable('users')
        .set({ password_hash: hashed, password_set_at: at })
        .where('id', '=', user.id)
        .where('password_hash', previous === null ? 'is' : '=', previous)
        .executeTakeFirst();
      if (changed.numUpdatedRows === 0n) throw changedMeanwhile();
      if (previous !== null) {
        let others = db.deleteFrom('auth_tokens').where('user_id', '=', user.id);
        if (currentToken) others = others.where('token_hash', '!=', sha256(currentToken));
        await others.execute();
      }
    },

    methods(user: User): LoginMethods {
      return {
        email: user.email,
        phone: user.phone,
        wechat_bound: user.wechat_openid !== null,
        has_password: user.password_hash !== null,
        password_set_at: user.password_set_at,
        can_bind_account: user.wechat_openid !== null && !hasOtherLogin(user),
      };
    },

    /**
     * bind_account: the WeChat-only `user` joins the account that `login` and `password` name,
     * which then holds the WeChat identity. Answers that account (the caller logs in as it).
     */
    async bindAccount(user: User, login: string, password: string, clientAddress: string): Promise<BoundUser> {
      if (user.wechat_openid === null || hasOtherLogin(user)) throw notWechatOnly();
      const target = await checkCredentials(login, password, clientAddress);
      if (target.wechat_openid !== null) throw targetHasWechat();
      return moveWechat(
        user.id,
        target.id,
        { openid: user.wechat_openid, unionid: user.wechat_unionid, nickname: user.nickname, headimgurl: user.headimgurl },
        { money: wechatHasMoney, login: notWechatOnly },
      );
    },

    /**
     * bind_wechat: attaches the WeChat identity of an OAuth code to `user`. A WeChat identity that
     * is a bare account of its own (WeChat only, no money) moves over; any other is refused.
     */
    async bindWechat(user: User, code: string, clientType: WechatClientType): Promise<BoundUser> {
      const profile = await wechatLogin.exchangeCode(code, clientType);
      const owner = await users.findByWechat(profile);
      if (user.wechat_openid !== null) {
        if (owner?.id === user.id) return user;
        throw callerHasOtherWechat();
      }
      if (!owner) return attachNewWechat(user, profile);
      if (owner.id === user.id) return user;
      return moveWechat(
        owner.id,
        user.id,
        {
          openid: profile.openid,
          unionid: profile.unionid ?? owner.wechat_unionid,
          nickname: profile.nickname,
          headimgurl: profile.headimgurl,
        },
        { money: wechatBelongsElsewhere, login: wechatBelongsElsewhere },
      );
    },
  };
}

export type Passwords = ReturnType<typeof createPasswords>;
