import type { Migration, MigrationProvider } from 'kysely';
import * as accounts from './001-accounts';
import * as usage from './002-usage';
import * as dictionary from './003-dictionary';
import * as content from './004-content';
import * as rateLimits from './005-rate-limits';
import * as analysisChat from './006-analysis-chat';
import * as membership from './007-membership';
import * as referral from './008-referral';
import * as lookupAnswers from './009-lookup-answers';
import * as passwords from './010-passwords';
import * as documentProfile from './011-document-profile';
import * as feeds from './012-feeds';
import * as courses from './013-courses';
import * as books from './014-books';
import * as expertInstructions from './015-expert-instructions';
import * as writerDrafts from './016-writer-drafts';
import * as assessments from './017-assessments';
import * as supersededOrders from './020-superseded-orders';
import * as annotationsPerUser from './021-annotations-per-user';
import * as review from './022-review';
import * as reviewMemory from './023-review-memory';
import * as paperQuestions from './024-paper-questions';
import * as phoneLogin from './025-phone-login';
import * as sandboxTradeType from './026-sandbox-trade-type';
import * as codePurpose from './027-code-purpose';

/*
 * Versioned schema changes, one file each, applied in name order by Kysely's Migrator, which
 * records each one in `kysely_migration` and never runs it again. A migration, once released, is
 * never edited: add the next one instead, as a new file and one line below. The names are what
 * existing databases have recorded, so they never change. Written with Kysely's schema builder
 * (and dialect.ts where the dialects differ) so that the same files run on SQLite and PostgreSQL.
 */
export const migrations: Record<string, Migration> = {
  '001_accounts': accounts,
  '002_usage': usage,
  '003_dictionary': dictionary,
  '004_content': content,
  '005_rate_limits': rateLimits,
  '006_analysis_chat': analysisChat,
  '007_membership': membership,
  '008_referral': referral,
  '009_lookup_answers': lookupAnswers,
  '010_passwords': passwords,
  '011_document_profile': documentProfile,
  '012_feeds': feeds,
  '013_courses': courses,
  '014_books': books,
  '015_expert_instructions': expertInstructions,
  '016_writer_drafts': writerDrafts,
  '017_assessments': assessments,
  '020_superseded_orders': supersededOrders,
  '021_annotations_per_user': annotationsPerUser,
  '022_review': review,
  '023_review_memory': reviewMemory,
  '024_paper_questions': paperQuestions,
  '025_phone_login': phoneLogin,
  '026_sandbox_trade_type': sandboxTradeType,
  '027_code_purpose': codePurpose,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
