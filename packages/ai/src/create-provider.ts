import { createOfflineProvider } from './offline-provider';
import { createOpenAICompatibleProvider } from './openai-provider';
import type { CoachProvider } from './provider';

export type CoachProviderConfig = {
  apiKey?: string | undefined;
  baseURL?: string | undefined;
  model?: string | undefined;
  timeoutMs?: number;
  maxRetries?: number;
};

export const DEFAULT_MODEL = 'gpt-4o-mini';

/**
 * An OpenAI-compatible provider when a key or a base URL is configured (local servers accept any key),
 * otherwise the built-in offline coach.
 */
export function createCoachProvider(config: CoachProviderConfig): CoachProvider {
  if (!config.apiKey && !config.baseURL) return createOfflineProvider();
  return createOpenAICompatibleProvider({
    apiKey: config.apiKey || 'sin-clave',
    baseURL: config.baseURL,
    model: config.model || DEFAULT_MODEL,
    timeoutMs: config.timeoutMs,
    maxRetries: config.maxRetries,
  });
}
