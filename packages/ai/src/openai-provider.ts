import OpenAI from 'openai';
import type { ZodType } from 'zod';
import { strictJsonSchema } from './json-schema';
import { ProviderError, type CoachProvider, type Completion, type CompletionRequest, type JsonCompletion, type StreamEvent } from './provider';
import { readChatCompletionStream } from './sse';

export type OpenAICompatibleConfig = {
  apiKey: string;
  /** Any OpenAI-compatible server (OpenAI, Ollama, llama.cpp, vLLM...). */
  baseURL?: string;
  model: string;
  timeoutMs?: number;
  maxRetries?: number;
  /** Injected in tests. */
  fetch?: typeof globalThis.fetch;
};

function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new ProviderError('El proveedor de IA tardó demasiado en responder', { cause: error, reason: 'timeout' });
  }
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    return new ProviderError(`El proveedor de IA respondió ${error.status}`, {
      status: error.status,
      cause: error,
      reason: 'http',
    });
  }
  return new ProviderError('No se pudo contactar con el proveedor de IA', { cause: error, reason: 'network' });
}

/** The end user's pseudonymous id and the prompt-cache key, as Chat Completions fields. */
function identity(request: CompletionRequest) {
  return {
    ...(request.user ? { user: request.user, safety_identifier: request.user } : {}),
    ...(request.cacheKey ? { prompt_cache_key: request.cacheKey } : {}),
  };
}

const usageOf = (usage: OpenAI.CompletionUsage | undefined | null) => ({
  inputTokens: usage?.prompt_tokens ?? 0,
  outputTokens: usage?.completion_tokens ?? 0,
});

/** Chat Completions (streaming and not), which every OpenAI-compatible server implements. */
export function createOpenAICompatibleProvider(config: OpenAICompatibleConfig): CoachProvider {
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseURL,
    timeout: config.timeoutMs ?? 30_000,
    maxRetries: config.maxRetries ?? 1,
    fetch: config.fetch,
  });

  return {
    kind: 'openai-compatible',
    model: config.model,

    async complete(request: CompletionRequest): Promise<Completion> {
      try {
        const response = await client.chat.completions.create(
          {
            model: config.model,
            messages: request.messages,
            max_tokens: request.maxOutputTokens,
            ...identity(request),
          },
          { signal: request.signal },
        );
        const text = response.choices[0]?.message?.content;
        if (typeof text !== 'string' || text.trim() === '') {
          throw new ProviderError('Respuesta del proveedor sin contenido', {
            reason: 'empty',
            usage: usageOf(response.usage),
          });
        }
        return { text, usage: usageOf(response.usage) };
      } catch (error) {
        throw toProviderError(error);
      }
    },

    async *stream(request: CompletionRequest): AsyncIterable<StreamEvent> {
      // The SDK sends the request (auth, headers, timeout, retries before the first byte, error
      // statuses); the event stream is read by our lean reader, which merges what arrives together.
      let response: Response;
      try {
        response = await client.chat.completions
          .create(
            {
              model: config.model,
              messages: request.messages,
              max_tokens: request.maxOutputTokens,
              stream: true,
              stream_options: { include_usage: true },
              ...identity(request),
            },
            { signal: request.signal },
          )
          .asResponse();
      } catch (error) {
        throw toProviderError(error);
      }
      if (!response.body) throw new ProviderError('Respuesta del proveedor sin contenido');
      try {
        yield* readChatCompletionStream(response.body);
      } catch (error) {
        throw toProviderError(error);
      }
    },

    async completeJson<T>(request: CompletionRequest, format: { name: string; schema: ZodType<T> }): Promise<JsonCompletion<T>> {
      let response;
      try {
        response = await client.chat.completions.create(
          {
            model: config.model,
            messages: request.messages,
            max_tokens: request.maxOutputTokens,
            response_format: {
              type: 'json_schema',
              json_schema: { name: format.name, strict: true, schema: strictJsonSchema(format.schema) },
            },
            ...identity(request),
          },
          { signal: request.signal },
        );
      } catch (error) {
        throw toProviderError(error);
      }
      const raw = response.choices[0]?.message?.content ?? '';
      const usage = usageOf(response.usage);
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch (cause) {
        throw new ProviderError('El proveedor de IA no devolvió JSON válido', { cause, reason: 'invalid', usage });
      }
      // The schema sent leaves out the bounds strict mode refuses: zod checks them all here.
      const parsed = format.schema.safeParse(json);
      if (!parsed.success)
        throw new ProviderError('La respuesta del proveedor no cumple el esquema', {
          cause: parsed.error,
          reason: 'invalid',
          usage,
        });
      return { value: parsed.data, usage };
    },

    async health(signal?: AbortSignal) {
      try {
        await client.models.list({ signal });
        return { ok: true, provider: 'openai-compatible' };
      } catch (error) {
        return { ok: false, provider: 'openai-compatible', detail: toProviderError(error).message };
      }
    },
  };
}
