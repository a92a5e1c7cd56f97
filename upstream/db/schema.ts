import type { Generated, Insertable, Selectable } from 'kysely';
import type { ReviewCardsTable, ReviewLogTable, ReviewSentencesTable, ReviewSettingsTable } from './review-tables';

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
  /** When the member asked not to renew (cancel_vip); null otherwise. */
  vip_renewal_cancelled_at: Generated<string | null>;
  /** The argon2id hash of the user's password (encoded, with its salt and parameters); null when none is set. */
  password_hash: Generated<string | null>;
  /** When the password was last set or changed; null when none is set. */
  password_set_at: Generated<string | null>;
  /** The mainland mobile number the user logs in with by SMS, in E.164 (+86…); null when none. */
  phone: Generated<string | null>;
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
  /** What the code is for: `login`, or `bind:<user id>` (027_code_purpose). */
  purpose: Generated<string>;
}

export interface SmsCodesTable {
  id: Generated<number>;
  /** E.164, +86 and 11 digits. */
  phone: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  tries_left: number;
  /** What the code is for: `login`, or `bind:<user id>` (027_code_purpose). */
  purpose: Generated<string>;
}

/** Text messages "sent" without an SMS provider (test environment only). */
export interface SmsOutboxTable {
  id: Generated<number>;
  to_phone: string;
  body: string;
  created_at: string;
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
  /** The answer given (query_word's result, JSON), shown again when the lookup is reopened. */
  answer: string | null;
  /** The sense of the answer's first gloss (null when it had none, and for lookups before 022). */
  sense_id: string | null;
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
  /** The sense the word was last met in and its Chinese (null before 022, or for a word marked without a lookup). */
  sense_id: string | null;
  sense_zh: string | null;
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

/** A document of the content library: a book, an article, an exam paper. */
export interface DocumentsTable {
  id: Generated<number>;
  /** One of the content categories (lib/contract/content.ts); exam papers are 'paper'. */
  category: string;
  /** '' when the document has none. */
  sub_category: string;
  filename: string;
  title: string;
  /** The exam year of a paper, the publication year of a book; null when unknown. */
  year: number | null;
  source: string;
  licence: string;
  text: string;
  created_at: string;
  /** The profile (content/profile.ts); null only until the start after migration 011 fills it. */
  word_count: number | null;
  /** Difficulty, 1 入门 … 5 高级. */
  level: number | null;
  lemma_count: number | null;
  /** Distinct lemmas of the text that each exam lists. */
  exam_zk: number | null;
  exam_gk: number | null;
  exam_cet4: number | null;
  exam_cet6: number | null;
  exam_ky: number | null;
  exam_ielts: number | null;
  /** JSON array of the positions of the sentences that open a paragraph. */
  paragraph_starts: string | null;
}

export interface SentencesTable {
  id: Generated<number>;
  document_id: number;
  /** 0-based order of the sentence in its document. */
  position: number;
  text: string;
  /** Words and numbers in the sentence, punctuation not counted. */
  word_count: number;
}

/** The word index: which lower-case word forms a sentence holds, and how often. */
export interface SentenceWordsTable {
  sentence_id: number;
  word: string;
  occurrences: number;
}

/** One word in one sentence to be labelled with its sense; the id is the task number. */
export interface AnnotationTasksTable {
  id: Generated<number>;
  /** The library sentence it came from; null once that document has been replaced. */
  sentence_id: number | null;
  sentence: string;
  /** JSON array of the sentence's tokens, as the annotation screen shows them. */
  words: string;
  target_word_index: number;
  /** Offset of the target word in `sentence` (UTF-16 code units). */
  target_offset: number;
  target_word: string;
  target_lemma: string;
  created_at: string;
}

/** A single row (id 1): the last library sentence that task generation has examined. */
export interface AnnotationProgressTable {
  id: number;
  last_sentence_id: number;
}

/** One annotator's answer to one task; answering again replaces it (migration 021: one per user and task). */
export interface AnnotationsTable {
  task_id: number;
  /**
   * Who answered: 'user:<users.id>', whatever batch uid the screen named; 'uid:<uid>' for the
   * answers stored before answers needed a login.
   */
  annotator: string;
  /** The uid (batch) the screen sent with the latest answer, if any. */
  uid: string | null;
  /** The logged-in user who sent it, if any. */
  user_id: number | null;
  /** The chosen sense id; '-1' for "Other"; null for no choice. */
  sense_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface RateCountersTable {
  /** The limit's name, e.g. 'login-code:address'. */
  rule: string;
  /** Who is counted: a client address, a mailbox, '*' for everyone. */
  subject: string;
  /** Start of the fixed window (ISO 8601, UTC). */
  window_start: string;
  count: number;
  /** When the window is over and the row may be swept. */
  expires_at: string;
}

/** A sentence a user analysed or banked: one row per user and sentence. */
export interface SentenceHistoryTable {
  user_id: number;
  /** sha256 hex of the sentence. */
  sentence_key: string;
  sentence: string;
  /** The conversation of the latest analysis; null when banked without one. */
  conversation_id: string | null;
  /** 1 in the sentence bank (生句), 0 mastered, null not marked. */
  strange: number | null;
  from_screen: string;
  /** The latest analysis (or banking): the history is ordered by it. */
  analysed_at: string;
}

/** A conversation with the tutor, about one analysed sentence or free (scene cloze). */
export interface ConversationsTable {
  /** 128 random bits as hex: unguessable. */
  id: string;
  /** 'user:<id>', 'visitor:<id>' or 'ip:<address>'. */
  owner: string;
  sentence: string | null;
  scene: string;
  /** The AnalysisAnswer as JSON. */
  analysis: string | null;
  /** System replies so far. */
  rounds: Generated<number>;
  /** When the reply now being written was claimed; null when none is. */
  pending_since: string | null;
  created_at: string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  conversation_id: string;
  round_id: number;
  /** 'user' or 'system'. */
  sender: string;
  /** 'chat' or 'question'. */
  type: string;
  content: string;
  label: string | null;
  span_start: number | null;
  span_end: number | null;
  /** 1 like, -1 dislike, 0 none. */
  evaluate: Generated<number>;
  /** 'model' or 'offline' for system replies. */
  source: string | null;
  created_at: string;
}

/**
 * closed: superseded by the learner's newer order and closed at the provider before that one was
 * made (never paid; not listed). flagged: paid but not credited (after it had closed or timed
 * out, or for another amount): refunded, or the operator's.
 */
export type OrderStatus = 'pending' | 'paid' | 'failed' | 'timeout' | 'closed' | 'flagged';

export interface OrdersTable {
  /** The out_trade_no: 32 random hex digits. */
  id: string;
  user_id: number;
  package: 'month' | 'year';
  amount_fen: number;
  provider: 'sandbox' | 'wechat';
  /** native: QR code; jsapi: inside WeChat; h5: a phone browser outside WeChat. The column is plain text. */
  channel: 'native' | 'jsapi' | 'h5';
  status: OrderStatus;
  transaction_id: string | null;
  created_at: string;
  expires_at: string;
  settled_at: string | null;
}

export interface PaymentsTable {
  id: Generated<number>;
  order_id: string;
  transaction_id: string;
  user_id: number;
  amount_fen: number;
  /**
   * flagged-closed: paid for an order closed at the provider (superseded); flagged-late: after it
   * timed out; flagged-amount, flagged-channel: another amount, or another trade type than the
   * order's channel (left to the operator).
   */
  outcome: 'credited' | 'flagged-closed' | 'flagged-late' | 'flagged-amount' | 'flagged-channel';
  vip_from: string | null;
  vip_to: string | null;
  source: 'notification' | 'poll' | 'recovery';
  paid_at: string | null;
  recorded_at: string;
}

export interface SandboxTransactionsTable {
  out_trade_no: string;
  amount_fen: number;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'PAYERROR' | 'REFUND';
  transaction_id: string | null;
  description: string;
  time_expire: string;
  success_time: string | null;
  created_at: string;
  /** Set once refunded (migration 020). */
  out_refund_no: string | null;
  refund_id: string | null;
  /** How the order was placed, as WeChat names it (migration 026). */
  trade_type: 'NATIVE' | 'JSAPI' | 'MWEB';
}

/** Who is making a learner's order now (migration 020): orders of one learner are made one at a time. */
export interface OrderLeasesTable {
  user_id: number;
  holder: string | null;
  until: string | null;
}

export type RefundStatus = 'requested' | 'processing' | 'refunded' | 'failed';

/** A payment given back (migration 020): one per payment, keyed for the provider by its own id. */
export interface RefundsTable {
  /** The out_refund_no. */
  id: string;
  order_id: string;
  transaction_id: string;
  user_id: number;
  amount_fen: number;
  status: RefundStatus;
  refund_id: string | null;
  reason: string;
  created_at: string;
  updated_at: string;
}

export interface WechatTicketsTable {
  /** e.g. 'jsapi:<app id>' */
  name: string;
  value: string;
  expires_at: string;
}

/** A news feed the upstream reads (content/feeds.ts); url is as NEWS_FEEDS gives it. */
export interface FeedsTable {
  url: string;
  title: string | null;
  /** The ETag and Last-Modified of the last answer read in full. */
  etag: string | null;
  last_modified: string | null;
  /** The instance reading the feed now, and the ISO time its lease runs out. */
  lease_owner: string | null;
  lease_until: string | null;
  checked_at: string | null;
  /** Why the last reading failed; null when it did not. */
  last_error: string | null;
}

/** A feed item already seen (and imported as news/<filename>), by its guid, else its link. */
export interface FeedItemsTable {
  feed_url: string;
  item_key: string;
  filename: string;
  seen_at: string;
}

/** Where a learner is in a course unit (courses/progress.ts). */
export interface CourseProgressTable {
  user_id: number;
  course_id: string;
  /** The unit's stable key (courses/books.ts), not its number, which a rebuild may shift. */
  unit_key: string;
  unit: number;
  /** The item the learner is at, 0-based. */
  position: number;
  /** 1 once the unit has been finished. */
  done: number;
  updated_at: string;
}

/** A question of an imported exam paper, by the paper's identity (courses/questions.ts). */
export interface ExamQuestionsTable {
  category: string;
  sub_category: string;
  filename: string;
  number: number;
  stem: string;
  /** JSON: [{ key, text }]. */
  options: string;
  answer: string;
  explanation: string;
  /** The paper's section (its `## ` heading from 1; 0 none), how it is answered, and the passage's deciding words (024). */
  section: Generated<number>;
  kind: Generated<'choice' | 'cloze' | 'match' | 'translation'>;
  evidence: Generated<string>;
}

/** A personal book made from an upload (migration 014). */
export interface BooksTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  format: string;
  file_name: string;
  file_bytes: number;
  word_count: number;
  lemma_count: number;
  level: number;
  /** JSON: the exam profile. */
  profile: string;
  reader_level: number;
  /** JSON: [{number, title, sentences, word_count}]. */
  chapters: string;
  sentence_count: number;
  created_at: string;
}

export interface BookSentencesTable {
  book_id: number;
  position: number;
  chapter: number;
  paragraph: number;
  text: string;
}

export interface BookWordsTable {
  book_id: number;
  lemma: string;
  occurrences: number;
  word_level: number;
}

export interface BookshelfTable {
  id: Generated<number>;
  user_id: number;
  /** 'book', 'document' or 'course'. */
  kind: string;
  ref: string;
  title: string;
  added_at: string;
}

export interface NamedWordListsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface NamedWordListWordsTable {
  list_id: number;
  lemma: string;
  word: string;
  sentence: string;
  added_at: string;
}

/** One version of a scene's expert instruction (expert-instructions/expert-instructions.ts). */
export interface ExpertInstructionsTable {
  scene: string;
  version: number;
  instruction: string;
  editor_id: number | null;
  editor_account: string;
  editor_nickname: string;
  created_at: string;
}

export interface WriterDraftsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  text: string;
  word_count: number;
  created_at: string;
  updated_at: string;
}

/** One vocabulary assessment: its state while taken, then its result (assessment/). */
export interface AssessmentsTable {
  id: Generated<number>;
  session_hash: string;
  user_id: number | null;
  state: string;
  step: number;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  result: string | null;
  size: number | null;
}

export type { ReviewCardsTable, ReviewLogTable, ReviewSentencesTable, ReviewSettingsTable } from './review-tables';

/** An anonymous visitor's lookup, kept until they log in on that browser (022_review). */
export type VisitorLookupsTable = Omit<LookupsTable, 'user_id' | 'answer' | 'sense_id'> & {
  visitor_id: string;
  answer: string;
};

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  email_codes: EmailCodesTable;
  outbox: OutboxTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  wechat_sandbox_codes: WechatSandboxCodesTable;
  usage: UsageTable;
  lookups: LookupsTable;
  word_list: WordListTable;
  word_feedback: WordFeedbackTable;
  documents: DocumentsTable;
  sentences: SentencesTable;
  sentence_words: SentenceWordsTable;
  annotation_tasks: AnnotationTasksTable;
  annotation_progress: AnnotationProgressTable;
  annotations: AnnotationsTable;
  rate_counters: RateCountersTable;
  sentence_history: SentenceHistoryTable;
  conversations: ConversationsTable;
  chat_messages: ChatMessagesTable;
  orders: OrdersTable;
  payments: PaymentsTable;
  sandbox_transactions: SandboxTransactionsTable;
  order_leases: OrderLeasesTable;
  refunds: RefundsTable;
  wechat_tickets: WechatTicketsTable;
  feeds: FeedsTable;
  feed_items: FeedItemsTable;
  course_progress: CourseProgressTable;
  exam_questions: ExamQuestionsTable;
  books: BooksTable;
  book_sentences: BookSentencesTable;
  book_words: BookWordsTable;
  bookshelf: BookshelfTable;
  named_word_lists: NamedWordListsTable;
  named_word_list_words: NamedWordListWordsTable;
  expert_instructions: ExpertInstructionsTable;
  writer_drafts: WriterDraftsTable;
  assessments: AssessmentsTable;
  review_cards: ReviewCardsTable;
  review_sentences: ReviewSentencesTable;
  review_log: ReviewLogTable;
  review_settings: ReviewSettingsTable;
  visitor_lookups: VisitorLookupsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
