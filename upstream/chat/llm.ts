/*
 * The language model, when one is configured (LLM_BASE_URL): any OpenAI-compatible chat
 * endpoint. It writes translations and the tutor's answers; without it the offline engines do.
 */

export interface ModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The model failed, answered an error, or fell silent for longer than its limit. */
export class LanguageModelError extends Error {
  constructor(
    message: string,
    readonly reason: 'failed' | 'silent' | 'aborted',
  ) {
    super(message);
    this.name = 'LanguageModelError';
  }
}

export interface LanguageModel {
  /** The model's name as sent to the endpoint. */
  readonly model: string;
  /**
   * The reply's text as it arrives, piece by piece. Throws LanguageModelError when the request
   * fails, the stream breaks, or no piece arrives for the silence limit; stops the request when
   * `signal` aborts.
   */
  stream(messages: ModelMessage[], options?: { signal?: AbortSignal }): AsyncIterable<string>;
  /** The whole reply, within `timeoutMs` (default: the silence limit). */
  complete(messages: ModelMessage[], options?: { signal?: AbortSignal; timeoutMs?: number }): Promise<string>;
}
