import { randomBytes, randomInt } from 'node:crypto';
import type { CallResponse } from '../../lib/contract';
import type { Caller } from '../platform/caller';
import { sha256 } from '../platform/crypto';
import type { Db } from '../db/database';
import type { User } from '../db/schema';
import { needLogin } from '../platform/http';
import { days, stamp, type Clock } from '../platform/time';

const tokenLifetime = days(30);

export interface WechatProfile {
  openid: string;
  unionid?: string;
  nickname: string;
  headimgurl: string;
}

/** The nickname an account made by e-mail starts with: the address's local part. */
export const defaultNicknameOf = (email: string) => email.split('@')[0] || email;

/** The nickname an account made by SMS starts with: 用户 and the number's last four digits. */
export const phoneNicknameOf = (phone: string) => `用户${phone.slice(-4)}`;

type LoginToken = NonNullable<CallResponse<'email_login'>['data']>;
type UserInfo = NonNullable<CallResponse<'get_user_info'>['data']>;

/** Users and their login sessions (bearer tokens). */
export function createUsers({ db, now }: { db: Db; now: Clock }) {
  const byAccount = (account: string) => db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirst();

  /**
   * Creates the user, or answers the one `findExisting` finds when a simultaneous login (on this
   * instance or another) created the same person first: the insert then does nothing.
   */
  async function createUser(
    identity: Pick<User, 'email' | 'wechat_openid' | 'wechat_unionid' | 'nickname' | 'headimgurl'> & { phone?: string },
    shareAccount: string | undefined,
    findExisting: () => Promise<User | undefined>,
  ): Promise<User> {
    // A referral counts only when it names someone who already exists.
    const referrer = shareAccount ? await byAccount(shareAccount) : undefined;
    for (let attempt = 0; attempt < 20; attempt++) {
      // 8 digits without a leading zero: readable aloud, and it never loses a digit in a spreadsheet.
      const account = String(randomInt(10_000_000, 100_000_000));
      const created = await db
        .insertInto('users')
        .values({
          ...identity,
          account,
          api_token: `yj_${randomBytes(24).toString('base64url')}`,
          vip_expires_at: null,
          referrer_account: referrer?.account ?? null,
          created_at: stamp(now()),
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (created) return created;
      // A unique column was taken: the same person by a simultaneous login, or the account number.
      const existing = await findExisting();
      if (existing) return existing;
    }
    throw new Error('Could not find a free account number after 20 attempts');
  }

  async function userForToken(token: string | undefined): Promise<User | undefined> {
    if (!token) return undefined;
    return db
      .selectFrom('auth_tokens')
      .innerJoin('users', 'users.id', 'auth_tokens.user_id')
      .selectAll('users')
      .where('auth_tokens.token_hash', '=', sha256(token))
      .where('auth_tokens.expires_at', '>', stamp(now()))
      .executeTakeFirst();
  }

  function isVip(user: Pick<User, 'vip_expires_at'>): boolean {
    return user.vip_expires_at !== null && user.vip_expires_at > stamp(now());
  }

  /**
   * The user a WeChat identity belongs to. The same person has a different openid in the website
   * app and in the official account; the unionid ties them together when WeChat provides one.
   */
  async function findByWechat(profile: Pick<WechatProfile, 'openid' | 'unionid'>): Promise<User | undefined> {
    return (
      (await db.selectFrom('users').selectAll().where('wechat_openid', '=', profile.openid).executeTakeFirst()) ??
      (profile.unionid
        ? await db.selectFrom('users').selectAll().where('wechat_unionid', '=', profile.unionid).executeTakeFirst()
        : undefined)
    );
  }

  return {
    findByWechat,

    async findOrCreateByEmail(email: string, shareAccount?: string): Promise<User> {
      const byEmail = () => db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
      const existing = await byEmail();
      if (existing) return existing;
      const nickname = defaultNicknameOf(email);
      return createUser({ email, wechat_openid: null, wechat_unionid: null, nickname, headimgurl: '' }, shareAccount, byEmail);
    },

    /** The learner with this number (E.164), made on its first login. */
    async findOrCreateByPhone(phone: string, shareAccount?: string): Promise<User> {
      const byPhone = () => db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
      const existing = await byPhone();
      if (existing) return existing;
      return createUser(
        { email: null, phone, wechat_openid: null, wechat_unionid: null, nickname: phoneNicknameOf(phone), headimgurl: '' },
        shareAccount,
        byPhone,
      );
    },

    async findOrCreateByWechat(profile: WechatProfile, shareAccount?: string): Promise<User> {
      const byOpenid = () => db.selectFrom('users').selectAll().where('wechat_openid', '=', profile.openid).executeTakeFirst();
      const existing = await findByWechat(profile);
      if (!existing) {
        return createUser(
          {
            email: null,
            wechat_openid: profile.openid,
            wechat_unionid: profile.unionid ?? null,
            nickname: profile.nickname,
            headimgurl: profile.headimgurl,
          },
          shareAccount,
          byOpenid,
        );
      }
      // WeChat owns the profile: keep the name and picture current.
      return db
        .updateTable('users')
        .set({
          nickname: profile.nickname || existing.nickname,
          headimgurl: profile.headimgurl,
          wechat_unionid: existing.wechat_unionid ?? profile.unionid ?? null,
        })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Starts a session; only the token's hash is stored. */
    async logIn(user: User): Promise<LoginToken> {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await db
        .insertInto('auth_tokens')
        .values({ token_hash: sha256(token), user_id: user.id, created_at: stamp(at), expires_at: stamp(at, tokenLifetime) })
        .execute();
      // Expired sessions of this user are dead weight; drop them while we are here.
      await db.deleteFrom('auth_tokens').where('user_id', '=', user.id).where('expires_at', '<=', stamp(at)).execute();
      return { token, nickname: user.nickname, headimgurl: user.headimgurl };
    },

    async logOut(token: string | undefined): Promise<void> {
      if (token) await db.deleteFrom('auth_tokens').where('token_hash', '=', sha256(token)).execute();
    },

    userForToken,

    async requireUser(caller: Caller): Promise<User> {
      const user = await userForToken(caller.token);
      if (!user) throw needLogin();
      return user;
    },

    isVip,

    userInfo(user: User): UserInfo {
      return {
        nickname: user.nickname,
        headimgurl: user.headimgurl,
        api_token: user.api_token,
        user_balance_api: user.balance_api,
        account: user.account,
        vip_info: { is_vip_now: isVip(user), expire_time: user.vip_expires_at },
      };
    },
  };
}

export type Users = ReturnType<typeof createUsers>;
