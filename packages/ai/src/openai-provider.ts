import OpenAI from 'openai';
import { z, type ZodType } from 'zod';
import {
  ProviderError,
  type CoachProvider,
  type Completion,
  type CompletionRequest,
  type JsonCompletion,
  type StreamEvent,
} from './provider';
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
  if (error instanceof OpenAI.APIError) {
    return new ProviderError(`El proveedor de IA respondió ${error.status ?? 'sin estado'}`, {
      status: error.status,
      cause: error,
    });
  }
  return new ProviderError('No se pudo contactar con el proveedor de IA', { cause: error });
}

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
          { model: config.model, messages: request.messages, max_tokens: request.maxOutputTokens },
          { signal: request.signal },
        );
        const text = response.choices[0]?.message?.content;
        if (typeof text !== 'string') throw new ProviderError('Respuesta del proveedor sin contenido');
        return {
          text,
          usage: {
            inputTokens: response.usage?.prompt_tokens ?? 0,
            outputTokens: response.usage?.completion_tokens ?? 0,
          },
        };
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
              json_schema: { name: format.name, strict: true, schema: z.toJSONSchema(format.schema) as Record<string, unknown> },
            },
          },
          { signal: request.signal },
        );
      } catch (error) {
        throw toProviderError(error);
      }
      const raw = response.choices[0]?.message?.content ?? '';
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch (cause) {
        throw new ProviderError('El proveedor de IA no devolvió JSON válido', { cause });
      }
      const parsed = format.schema.safeParse(json);
      if (!parsed.success) throw new ProviderError('La respuesta del proveedor no cumple el esquema', { cause: parsed.error });
      return {
        value: parsed.data,
        usage: { inputTokens: response.usage?.prompt_tokens ?? 0, outputTokens: response.usage?.completion_tokens ?? 0 },
      };
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
