import OpenAI from 'openai';
import type { LlmConfig } from './config';

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

/**
 * The model behind an OpenAI-compatible endpoint, through the `openai` client. No retries: a
 * learner is waiting, and the offline answer or a clear refusal is better than a long wait.
 */
export function createLanguageModel(config: LlmConfig): LanguageModel {
  const client = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey, maxRetries: 0 });
  const { model, timeoutMs } = config;

  /** An abort controller that follows `signal` and fires by itself after `ms` unless re-armed. */
  function watchdog(signal: AbortSignal | undefined, ms: number) {
    const controller = new AbortController();
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) controller.abort();
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, ms);
    };
    arm();
    return {
      signal: controller.signal,
      arm,
      /** The error to raise for what happened. */
      failure(error: unknown): LanguageModelError {
        if (timedOut) return new LanguageModelError(`the model said nothing for ${ms} ms`, 'silent');
        if (signal?.aborted) return new LanguageModelError('the request was abandoned', 'aborted');
        return new LanguageModelError(error instanceof Error ? error.message : String(error), 'failed');
      },
      /** Stops the timer and the request, if it is still open. */
      end() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        controller.abort();
      },
    };
  }

  return {
    model,
    async *stream(messages, options = {}) {
      const watch = watchdog(options.signal, timeoutMs);
      try {
        const stream = await client.chat.completions.create(
          { model, messages, stream: true },
          { signal: watch.signal, timeout: 24 * 3_600_000 },
        );
        for await (const chunk of stream) {
          watch.arm();
          const piece = chunk.choices[0]?.delta?.content;
          if (piece) yield piece;
        }
        if (watch.signal.aborted) throw watch.failure(new Error('aborted'));
      } catch (error) {
        if (error instanceof LanguageModelError) throw error;
        throw watch.failure(error);
      } finally {
        // Also when the reader stops early: the model's request is closed with it.
        watch.end();
      }
    },
    async complete(messages, options = {}) {
      const watch = watchdog(options.signal, options.timeoutMs ?? timeoutMs);
      try {
        const answer = await client.chat.completions.create(
          { model, messages, stream: false },
          { signal: watch.signal, timeout: 24 * 3_600_000 },
        );
        return answer.choices[0]?.message?.content ?? '';
      } catch (error) {
        throw watch.failure(error);
      } finally {
        watch.end();
      }
    },
  };
}
