import type { Platform, UpstreamModule } from '../platform/module';
import { type ChatCallsDeps, chatCalls } from './chat-calls';
import { createConversations, type Conversations } from './conversations';
import { createLanguageModel, type LanguageModel } from './llm';

export interface ChatServices {
  /** The tutor's conversations and messages. */
  conversations: Conversations;
  /** The configured language model, or null: then the offline engines answer. */
  llm: LanguageModel | null;
}

/** The AI tutor: conversations about an analysed sentence, questions, streamed answers. */
export const chatModule: UpstreamModule<Omit<ChatCallsDeps, keyof Platform | keyof ChatServices>, ChatServices> = {
  name: 'chat',
  services: {
    conversations: ({ db, now }) => createConversations({ db, now }),
    llm: ({ config }) => (config.llm ? createLanguageModel(config.llm) : null),
  },
  calls: chatCalls,
};
