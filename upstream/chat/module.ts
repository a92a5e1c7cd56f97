import type { Platform, UpstreamModule } from '../platform/module';
import { type ChatHandlersDeps, chatHandlers } from './chat-calls';
import { createConversations, type Conversations } from './conversations';

export interface ChatServices {
  /** The tutor's conversations and messages. */
  conversations: Conversations;
}

/** The AI tutor: conversations about an analysed sentence, questions, streamed answers. */
export const chatModule: UpstreamModule<Omit<ChatHandlersDeps, keyof Platform | keyof ChatServices>, ChatServices> = {
  name: 'chat',
  services: {
    conversations: ({ db, now }) => createConversations({ db, now }),
  },
  calls: chatHandlers,
};
