import type { UpstreamModule } from '../platform/module';
import { createConversations, type Conversations } from './conversations';
import type { LanguageModel } from './llm';

export interface ChatServices {
  /** The tutor's conversations and messages. */
  conversations: Conversations;
  /** The configured language model, or null: then the offline engines answer. */
  llm: LanguageModel | null;
}

/** The AI tutor: conversations about an analysed sentence, questions, streamed answers. */
export const chatModule: UpstreamModule<object, ChatServices> = {
  name: 'chat',
  services: {
    conversations: ({ db, now }) => createConversations({ db, now }),
    llm: () => null,
  },
};
