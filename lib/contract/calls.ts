import { z } from 'zod';
import { anyData, emptyRequest, envelope } from './envelope';

/**
 * Every call of spec section 7. This table is the one source for the BFF's allow-list, the
 * browser client's paths and the embedded upstream's routes.
 *
 * kind:
 *  - json:      JSON body in (GET: query parameters), JSON envelope out
 *  - multipart: multipart/form-data body in, JSON envelope out
 *  - binary:    query parameters in, bytes out (audio)
 *  - sse:       query parameters in, text/event-stream out
 */
export type CallKind = 'json' | 'multipart' | 'binary' | 'sse';
export type CallMethod = 'GET' | 'POST';

export interface CallDef<
  Name extends string = string,
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> {
  name: Name;
  method: CallMethod;
  path: `/api/${Name}`;
  kind: CallKind;
  /** JSON body, query parameters or form fields, as the kind says. Unknown fields pass. */
  request: Req;
  /** The fields the product reads; everything else passes through. Binary and SSE: unused. */
  response: Res;
}

const str = z.string();
const num = z.number();
const strOrNum = z.union([z.string(), z.number()]);
const obj = z.looseObject;

function def<const Name extends string, Req extends z.ZodType, Res extends z.ZodType>(
  name: Name,
  spec: { method?: CallMethod; kind?: CallKind; request?: Req; response?: Res },
): CallDef<Name, Req, Res> {
  return {
    name,
    method: spec.method ?? 'POST',
    path: `/api/${name}`,
    kind: spec.kind ?? 'json',
    request: (spec.request ?? emptyRequest) as Req,
    response: (spec.response ?? envelope(anyData)) as Res,
  };
}

// ---- shared shapes (spec section 3) -----------------------------------------------------------

export const pair = obj({ first: str, second: str.optional() });
export const gloss = obj({
  phonetic_symbol: obj({ first: str.optional(), second: str.optional() }).optional(),
  pos: obj({ name: str, label: str }).optional(),
  simple_sense: str.optional(),
  s_c: num.optional(),
  sense: obj({ first: str, second: str.optional() }),
  sense_id: z.union([str, num, z.null()]).optional(),
  phrase_title: str.optional(),
  src: str.optional(),
  examples: z.array(pair).optional(),
  parts: z.unknown().optional(),
});
export const translationItem = obj({
  lemma: str,
  key: str.optional(),
  w_c: num.optional(),
  variants: z.array(obj({ name: str, value: str })).optional(),
  etymology: z.array(obj({ word: str, etymology: str })).optional(),
  synonyms: z.array(obj({ word: str, etymology: str })).optional(),
  gloss: z.array(gloss),
});
export const loginToken = obj({ token: str, nickname: str, headimgurl: str });
/**
 * What the BFF answers the page for the two login calls: the user, never the token, which stays
 * in the server-side session.
 */
export const pageLogin = envelope(obj({ account: str, nickname: str, headimgurl: str, is_vip_now: z.boolean() }));
export type PageLogin = z.infer<typeof pageLogin>;
export const userInfo = obj({
  nickname: str,
  headimgurl: str,
  api_token: str.optional(),
  user_balance_api: z.unknown().optional(),
  account: str,
  vip_info: obj({ is_vip_now: z.boolean(), expire_time: z.string().nullable().optional() }),
});
export const spanNode: z.ZodType<unknown> = z.lazy(() =>
  obj({
    start: num,
    end: num,
    label: str,
    gray: z.array(z.unknown()).optional(),
    highlight: z.array(z.unknown()).optional(),
    children: z.array(spanNode).optional(),
  }),
);
export const explanation = obj({
  explanation: obj({
    title: str,
    content: z.array(obj({ text_type: z.enum(['h1', 'h2', 'h3', 'h4', 'md', 'plain']), text: str })),
  }),
  evaluate: num.optional(),
  roundId: num.optional(),
});
export const pkg = obj({
  type: z.enum(['month', 'year']),
  actual_price: num.optional(),
  original_price: num.optional(),
  discount: z.union([num, str]).optional(),
});
export const payStatus = z.enum(['SUCCESS', 'FAIL', 'TIMEOUT']).or(str);
const fileId = { category: str, sub_category: str.optional(), filename: str };

/** The two speakers of the speech engine. */
export const voices = ['uk', 'us'] as const;
export type Voice = (typeof voices)[number];

/** Paged lists: pages count from 1, newest first. */
const paging = { page: num.int().min(1).max(100_000).optional(), page_size: num.int().min(1).max(100).optional() };
const page = <T extends z.ZodType>(item: T) => obj({ items: z.array(item), total: num, page: num, page_size: num });

/** One word of the user's word list (spec: /Words): its latest lookup and its familiarity. */
export const wordListEntry = obj({
  word: str,
  lemma: str,
  /** 1 unfamiliar (生词), 0 familiar (熟词), null not marked yet. */
  strange: z.union([z.literal(0), z.literal(1), z.null()]),
  from: str,
  sentence: str,
  lookups: num,
  updated_at: str,
});
export type WordListEntry = z.infer<typeof wordListEntry>;

/** One lookup of the user's history: the word in its sentence. */
export const lookupEntry = obj({
  id: num,
  target_word: str,
  lemma: str,
  pre_context: str,
  post_context: str,
  from: str,
  created_at: str,
});
export type LookupEntry = z.infer<typeof lookupEntry>;
const chatPosition = { label: str, start: num, end: num, conversation_id: strOrNum };

// ---- the calls ---------------------------------------------------------------------------------

export const calls = {
  // accounts and login
  get_env_type: def('get_env_type', {
    method: 'GET',
    response: envelope(obj({ env_type: z.enum(['test', 'production']) })),
  }),
  pre_email_login: def('pre_email_login', {
    request: obj({ email: z.email().max(254) }),
  }),
  email_login: def('email_login', {
    request: obj({
      email: z.email().max(254),
      code: str.regex(/^\d{6}$/),
      share_account: str.max(64).optional(),
    }),
    response: envelope(loginToken),
  }),
  get_wechat_access_token: def('get_wechat_access_token', {
    request: obj({
      code: str.min(1).max(512),
      client_type: z.enum(['pc', 'inside_wechat']),
      state: str.max(1024).optional(),
      share_account: str.max(64).optional(),
    }),
    response: envelope(loginToken),
  }),
  get_wechat_user_info: def('get_wechat_user_info', {}),
  get_user_info: def('get_user_info', { response: envelope(userInfo) }),
  logout: def('logout', {}),
  get_share_parameters: def('get_share_parameters', {
    request: obj({ password: str.optional(), url: str }),
    response: envelope(obj({ appId: str, timestamp: strOrNum, nonceStr: str, signature: str })),
  }),
  get_share_num: def('get_share_num', {}),
  get_share_pay_amount: def('get_share_pay_amount', {}),

  // dictionary
  query_word: def('query_word', {
    request: obj({
      pre_context: str.max(20_000),
      post_context: str.max(20_000),
      target_word: str.min(1).max(200),
      word_id: strOrNum.optional(),
      from: str.optional(),
    }),
    response: obj({
      status: strOrNum,
      result: z.array(translationItem).optional(),
      description: str.optional(),
    }),
  }),
  query: def('query', {}),
  query_history: def('query_history', {
    request: obj({ ...paging, strange: z.union([z.literal(0), z.literal(1)]).optional(), from: str.max(64).optional() }),
    response: envelope(page(wordListEntry)),
  }),
  query_text_history: def('query_text_history', {
    request: obj(paging),
    response: envelope(page(lookupEntry)),
  }),
  set_strange_status: def('set_strange_status', {
    request: obj({
      word: str.min(1).max(200),
      lemma: str.min(1).max(200).optional(),
      strange: z.union([z.literal(0), z.literal(1)]),
      from: str.max(64).optional(),
      sentence: str.max(20_000).optional(),
    }),
    response: envelope(wordListEntry),
  }),
  set_sentence_strange_status: def('set_sentence_strange_status', {}),
  user_feedback: def('user_feedback', {
    request: obj({ key: str.min(1).max(512), feedback_type: z.union([z.literal(0), z.literal(1)]) }),
  }),
  explain_pos: def('explain_pos', {
    request: obj({ pos: str.min(1).max(64) }),
    response: envelope(obj({ pos: str, name: str, explanation: str })),
  }),
  get_frequent_words: def('get_frequent_words', {}),
  annotate_data: def('annotate_data', {
    request: obj({ user_id: strOrNum.optional() }),
    response: obj({
      status: strOrNum.optional(),
      result: obj({
        glosses: z.array(gloss),
        sense_id_candidate: z.union([str, num, z.null()]),
        words: z.array(str),
        current_word_index: num,
        target_word_index: num,
      }).optional(),
    }),
  }),
  annotate_result: def('annotate_result', {
    request: obj({
      user_id: strOrNum.optional(),
      current_word_index: num,
      sense_id: z.union([str, num, z.null()]),
    }),
  }),
  query_word_list_name_info: def('query_word_list_name_info', {}),
  add_word_list: def('add_word_list', {}),
  add_multi_word_list: def('add_multi_word_list', {}),

  // audio
  /**
   * Speech for a text, as audio bytes (audio/wav). `voice` picks the UK or US speaker (default us).
   * Composed audio (spec section 5) is asked for by key: `text=md5:<32 hex>` where the hex is the
   * md5 of the whole `concat:` text, which goes along in `source` (see lib/contract/audio.ts).
   * The upstream checks that the key is the source's md5; a key it has composed before is served
   * from its cache even without `source`, and an unknown key without one answers 404.
   */
  get_text_audio: def('get_text_audio', {
    method: 'GET',
    kind: 'binary',
    request: obj({
      text: str.min(1).max(5_000),
      voice: z.enum(voices).optional(),
      source: str.max(5_000).optional(),
    }),
  }),
  /** Splits a text into sentence segments, each fetched and played on its own. */
  get_text_audio_segments: def('get_text_audio_segments', {
    request: obj({ text: str.min(1).max(20_000), voice: z.enum(voices).optional() }),
    response: envelope(obj({ segments: z.array(obj({ index: num, text: str })) })),
  }),

  // sentence analysis and chat
  analyze_sentence: def('analyze_sentence', {
    request: obj({ sentence: str.min(1).max(5_000), word_id: strOrNum.optional() }),
    response: envelope(
      obj({
        analysis_result: obj({ answer: z.unknown() }),
        conversation_id: strOrNum,
      }),
    ),
  }),
  create_conversation: def('create_conversation', {}),
  get_questions: def('get_questions', {
    request: obj(chatPosition),
    response: envelope(obj({ questions: z.array(str) })),
  }),
  ask: def('ask', {}),
  ask_stream: def('ask_stream', {
    method: 'GET',
    kind: 'sse',
    request: obj({
      ...chatPosition,
      start: strOrNum,
      end: strOrNum,
      question: str.min(1).max(5_000),
      round_id: strOrNum,
      scene: str.optional(),
    }),
  }),
  explain: def('explain', {
    request: obj({ answer: str, round_id: strOrNum, conversation_id: strOrNum }),
    response: envelope(z.array(explanation)),
  }),
  store_sentence_user_feedback: def('store_sentence_user_feedback', {
    request: obj({
      good_or_bad: z.union([z.literal(1), z.literal(-1)]),
      conversation_id: strOrNum,
      round_id: strOrNum,
      role: str,
    }),
  }),
  get_sentence_history: def('get_sentence_history', {}),
  get_conversation_history: def('get_conversation_history', {}),
  get_grammar_objects: def('get_grammar_objects', {}),
  translate: def('translate', {
    request: obj({ text: str.min(1).max(20_000) }),
    response: envelope(obj({ translation: str })),
  }),
  parse_text: def('parse_text', {}),
  parse_image: def('parse_image', { kind: 'multipart' }),
  writer_chat: def('writer_chat', {}),
  update_expert_instruction: def('update_expert_instruction', {}),
  query_expert_instruction: def('query_expert_instruction', {}),
  get_test_answer: def('get_test_answer', {}),

  // content, courses, books
  retrieve_file: def('retrieve_file', { method: 'GET', request: obj(fileId) }),
  query_subcategory: def('query_subcategory', {}),
  query_filenames: def('query_filenames', {}),
  query_course_names: def('query_course_names', {}),
  query_unit_names: def('query_unit_names', {}),
  query_words: def('query_words', {}),
  query_course_unit_content: def('query_course_unit_content', {}),
  query_course_levels: def('query_course_levels', {}),
  make_book: def('make_book', { kind: 'multipart' }),
  add_to_bookshelf: def('add_to_bookshelf', {}),
  get_book: def('get_book', { method: 'GET' }),

  // membership and payment
  get_packages: def('get_packages', { response: envelope(z.array(pkg)) }),
  get_pay_qr_code: def('get_pay_qr_code', {
    request: obj({ money: num, type: z.enum(['month', 'year']) }),
    response: envelope(obj({ code_url: str, order_id: str })),
  }),
  get_jsapi_pay_info: def('get_jsapi_pay_info', {
    request: obj({ money: num, type: z.enum(['month', 'year']) }),
    response: envelope(obj({ parameters: z.unknown(), order_id: str })),
  }),
  get_pay_status: def('get_pay_status', {
    request: obj({ order_id: str }),
    response: envelope(obj({ pay_status: payStatus, amount: num.optional() })),
  }),
  cancel_vip: def('cancel_vip', {}),
  get_remain_vip_num: def('get_remain_vip_num', { method: 'GET' }),
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type CallRequest<N extends CallName> = z.input<Calls[N]['request']>;
export type CallResponse<N extends CallName> = z.output<Calls[N]['response']>;

/** The content call: `POST /api/{category}/{sub_category}/{filename}` (see content.ts). */
export const contentCall = {
  name: 'content',
  method: 'POST',
  kind: 'json',
  request: obj({}),
  response: envelope(anyData),
} as const;

export const callList: readonly CallDef[] = Object.values(calls);

export type TranslationItem = z.infer<typeof translationItem>;
export type Gloss = z.infer<typeof gloss>;

/**
 * Spec section 5: a word the dictionary does not know answers one gloss whose sense text holds
 * this phrase; the browser detects not-found by it.
 */
export const WORD_NOT_FOUND = '未找到该单词';
/** Annotation data: the extra gloss meaning "Other", and "no candidate". */
export const OTHER_SENSE_ID = -1;
export const NO_SENSE_CANDIDATE = -2;
