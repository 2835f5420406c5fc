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
};

export type Completion = { text: string; usage: TokenUsage };

export type StreamEvent = { type: 'delta'; text: string } | { type: 'done'; usage: TokenUsage };

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
  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ProviderError';
    this.status = options.status;
  }
}
