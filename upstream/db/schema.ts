import type { Generated, Insertable, Selectable } from 'kysely';

/*
 * The stored shape of every table. Times are ISO 8601 strings in UTC (`Date#toISOString`), which
 * sort and compare correctly as text on SQLite and PostgreSQL alike; flags are integers 0/1.
 */

export interface UsersTable {
  id: Generated<number>;
  /** The public account number: 8 digits, shown to the user and used in share links. */
  account: string;
  email: string | null;
  wechat_openid: string | null;
  wechat_unionid: string | null;
  nickname: string;
  headimgurl: string;
  /** Personal API key, generated once when the user is created. */
  api_token: string;
  balance_api: Generated<number>;
  vip_expires_at: string | null;
  referrer_account: string | null;
  created_at: string;
}

export interface AuthTokensTable {
  /** sha256 hex of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface EmailCodesTable {
  id: Generated<number>;
  email: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  tries_left: number;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  created_at: string;
}

export interface WechatSandboxCodesTable {
  code: string;
  nickname: string;
  openid: string;
  expires_at: string;
  used: Generated<number>;
}

export interface UsageTable {
  /** Calendar day in Asia/Shanghai, 'YYYY-MM-DD'. */
  day: string;
  /** Who used it: 'user:<id>', 'visitor:<id>' or 'ip:<address>'. */
  subject: string;
  feature: string;
  count: number;
}

export interface LookupsTable {
  id: Generated<number>;
  user_id: number;
  target_word: string;
  lemma: string;
  pre_context: string;
  post_context: string;
  /** The screen the lookup came from (query_word's `from`), '' when not given. */
  from_screen: string;
  created_at: string;
}

export interface WordListTable {
  user_id: number;
  lemma: string;
  /** The form last looked up. */
  word: string;
  /** 1 unfamiliar, 0 familiar, null not marked. */
  strange: number | null;
  from_screen: string;
  sentence: string;
  lookups: Generated<number>;
  updated_at: string;
}

export interface WordFeedbackTable {
  /** 'user:<id>' or 'visitor:<id>'. */
  subject: string;
  /** The translation item's key: which word, in which sentence, read as which sense. */
  key: string;
  /** 1 good, 0 bad. */
  feedback_type: number;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  email_codes: EmailCodesTable;
  outbox: OutboxTable;
  wechat_sandbox_codes: WechatSandboxCodesTable;
  usage: UsageTable;
  lookups: LookupsTable;
  word_list: WordListTable;
  word_feedback: WordFeedbackTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
