import type { ZodType } from 'zod';

/**
 * The coach's model provider. Callers (apps/api) pass every piece of data in; this package never reads
 * the environment or the database.
 */
export type ChatRole = 'system' | 'user' | 'assistant';
export type ChatMessage = { role: ChatRole; content: string };

export type TokenUsage = { inputTokens: number; outputTokens: number };

export type CompletionRequest = {
  messages: ChatMessage[];
  /** Upper bound on generated tokens. */
  maxOutputTokens?: number;
  /** Aborting it cancels the upstream request. */
  signal?: AbortSignal;
  /**
   * A pseudonymous id of the end user (a keyed hash, never the e-mail nor the database id), sent as
   * `user` and `safety_identifier` so the provider can spot abuse without knowing who it is.
   */
  user?: string;
  /** Groups requests that share a prompt prefix (one conversation) for the provider's prompt cache. */
  cacheKey?: string;
};

export type Completion = { text: string; usage: TokenUsage };

/**
 * `finishReason` is the server's (`stop`, `length`...) when it sent one; a stream that ends without one
 * nor `[DONE]` was cut and raises a ProviderError instead of ending with `done`.
 */
export type StreamEvent = { type: 'delta'; text: string } | { type: 'done'; usage: TokenUsage; finishReason?: string | null };

export type ProviderHealth = { ok: boolean; provider: string; detail?: string };

export type JsonCompletion<T> = { value: T; usage: TokenUsage };

export interface CoachProvider {
  /** 'openai-compatible' or 'offline'. */
  readonly kind: 'openai-compatible' | 'offline';
  readonly model: string;
  complete(request: CompletionRequest): Promise<Completion>;
  stream(request: CompletionRequest): AsyncIterable<StreamEvent>;
  /**
   * Structured output validated against a zod schema (JSON-schema response format). Only servers that
   * can follow a schema have it; the offline coach builds structured answers itself.
   */
  completeJson?<T>(request: CompletionRequest, format: { name: string; schema: ZodType<T> }): Promise<JsonCompletion<T>>;
  health(signal?: AbortSignal): Promise<ProviderHealth>;
}

/** Raised for any upstream failure (network, timeout, non-2xx, malformed answer). */
export class ProviderError extends Error {
  readonly status: number | undefined;
  /** What the failed call cost, when known (reported by the server, or estimated by the caller). */
  usage: TokenUsage | undefined;
  /** Why, in a word, for logs and tests: 'empty', 'truncated', 'timeout', 'http', 'network', 'invalid'. */
  readonly reason: string | undefined;
  constructor(message: string, options: { status?: number; cause?: unknown; usage?: TokenUsage; reason?: string } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ProviderError';
    this.status = options.status;
    this.usage = options.usage;
    this.reason = options.reason;
  }
}

/** Roughly four characters per token: the estimate used for budgets and for calls without usage. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function estimatePromptTokens(messages: readonly ChatMessage[]): number {
  // A few tokens of framing per message, as chat templates add.
  return messages.reduce((sum, m) => sum + estimateTokens(m.content) + 4, 0);
}
