import { z } from 'zod';
import { ConfigError } from './config-error';
import { AUTH_ENV_SHAPE, authConfigFrom, type AuthConfig } from './modules/auth/auth-config';
import { COACH_ENV_SHAPE, coachConfigFrom, type CoachLimitsConfig } from './modules/coaching/ai-config';
import { VOICE_ENV_SHAPE, voiceConfigFrom, type VoiceConfig } from './modules/voice/voice-config';

/** The environment, validated once at boot. Nothing else reads `process.env`. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_PATH: z.string().min(1).default('./data/app.db'),
  /** PostgreSQL (decision 023/025). Set: the server uses it and DATABASE_PATH is ignored; unset: the SQLite file. */
  DATABASE_URL: z
    .string()
    .refine(
      (value) => /^postgres(ql)?:\/\/[^/\s]/.test(value) && URL.canParse(value),
      'debe ser una URL postgres:// o postgresql:// (por ejemplo postgres://ascenso:secreto@127.0.0.1:5432/ascenso)',
    )
    .optional(),
  /** Connections each instance's PostgreSQL pool may open (node-postgres `max`); instances × this must stay under the server's max_connections. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  /** Redis for what instances share (event bus, limits, caps; decision 022). Unset: in-process, one instance. */
  REDIS_URL: z
    .string()
    .refine((value) => /^rediss?:\/\/[^/\s]/.test(value) && URL.canParse(value), 'debe ser una URL redis:// o rediss:// (por ejemplo redis://127.0.0.1:6379)')
    .optional(),
  /** Start of every Redis key and of the events channel: deployments sharing one Redis (staging, production) each set their own. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{0,63}:$/, 'debe tener de 1 a 64 caracteres entre A-Z, a-z, 0-9, «:», «_» y «-», y terminar en «:» (por ejemplo ascenso-staging:)')
    .default('ascenso:'),
  /** API instances run behind the load balancer; above 1 REDIS_URL is required. */
  INSTANCES: z.coerce.number().int().min(1).max(1_000).default(1),
  /** Reverse proxies in front of the API that append to X-Forwarded-For (http/client-ip.ts); 0: none, the TCP peer is the client. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** How long a stop (SIGTERM/SIGINT) lets in-flight requests and coach reply streams finish (http/drain.ts); the process is cut at this + 2 s. */
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(8_000),
  /**
   * How long a kept-alive connection must have been idle before a stop closes it (http/drain.ts): longer than
   * the proxy's idle timeout for its pooled connections. Default: 3000 with INSTANCES > 1 (nginx keeps them 2 s), else 0.
   */
  DRAIN_IDLE_GRACE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  APP_ORIGIN: z.string().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.url().optional(),
  AI_MODEL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** WebSocket caps (docs/ARCHITECTURE.md "Realtime"); a normal user with many tabs never reaches them. */
  WS_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(10),
  WS_MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  WS_MAX_SUBSCRIPTIONS_PER_SOCKET: z.coerce.number().int().min(1).max(1_000).default(20),
  WS_MAX_MESSAGES_PER_10S: z.coerce.number().int().min(10).max(100_000).default(100),
  WS_MAX_PAYLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(16 * 1024 * 1024)
    .default(64 * 1024),
  WS_MAX_CONNECTIONS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Calls (batched ones counted one by one) in one `/api/trpc-ws` message; past it: close 1008. */
  WS_MAX_CALLS_PER_MESSAGE: z.coerce.number().int().min(1).max(1_000).default(20),
  /** Queries and mutations of one `/api/trpc-ws` socket running at once; the next gets TOO_MANY_REQUESTS. */
  WS_MAX_CALLS_IN_FLIGHT: z.coerce.number().int().min(1).max(1_000).default(8),
  /** Replies a client may leave unread before the server stops reading it (and closes it 1008 if it stays so). */
  WS_MAX_UNREAD_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  /** Folder of the built web app; defaults to apps/web/dist. */
  WEB_DIST_DIR: z.string().optional(),
  /** Sign-in limits, the Argon2 queue and the tRPC batch cap (modules/auth/auth-config.ts). */
  ...AUTH_ENV_SHAPE,
  /** The coach's model timeouts and per-user limits (modules/coaching/ai-config.ts). */
  ...COACH_ENV_SHAPE,
  /** The voice quick entry: TRANSCRIBE_MODEL on the same server, its per-user limits (modules/voice/voice-config.ts). */
  ...VOICE_ENV_SHAPE,
  /** Per-user daily storage quotas (modules/quotas/quotas.ts); each also caps any 24 h at twice its value. */
  QUOTA_JOURNAL_ENTRIES_PER_DAY: z.coerce.number().int().min(1).default(30),
  QUOTA_CONVERSATIONS_PER_DAY: z.coerce.number().int().min(1).default(50),
  QUOTA_NOTES_PER_DAY: z.coerce.number().int().min(1).default(100),
  QUOTA_MESSAGES_PER_DAY: z.coerce.number().int().min(1).default(300),
  QUOTA_MESSAGES_PER_CONVERSATION: z.coerce.number().int().min(1).default(200),
  QUOTA_ASSESSMENTS_PER_DAY: z.coerce.number().int().min(1).default(10),
  EXPORTS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  /** `GET /api/openapi.json` and `/api/docs` (decision 040): 1 serves them, 0 does not; unset: served outside production only. */
  API_DOCS: z.enum(['0', '1'], { message: 'debe ser 0 o 1' }).optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  databasePath: string;
  /** PostgreSQL (DATABASE_URL); undefined: the SQLite file at databasePath. */
  databaseUrl: string | undefined;
  /** node-postgres pool size per instance (DATABASE_POOL_MAX). */
  databasePoolMax: number;
  /** Redis shared by the instances (REDIS_URL); undefined: in-process state, one instance only. */
  redisUrl?: string | undefined;
  /** REDIS_KEY_PREFIX: the start of every Redis key and of the events channel (default `ascenso:`). */
  redisKeyPrefix: string;
  /** How many API instances run (INSTANCES); more than 1 needs Redis. */
  instances: number;
  /** TRUST_PROXY: how many proxies of ours append to X-Forwarded-For; the client address is the entry that many from the right (0: the TCP peer). */
  trustProxy: number;
  /** DRAIN_TIMEOUT_MS: the longest a stop waits for in-flight requests and coach reply streams before closing everything. */
  drainTimeoutMs: number;
  /** DRAIN_IDLE_GRACE_MS: a stop closes a kept-alive connection once it has been idle this long (the proxy's pool drops it first). */
  drainIdleGraceMs: number;
  /** Origins allowed to make state-changing requests and WebSocket upgrades. */
  allowedOrigins: string[];
  /**
   * The app's public address, APP_ORIGIN's first entry: the base of every absolute link the server hands out
   * (e-mails, share pages, calendar feeds, Home's render). Configuration, never a request's Host header.
   */
  publicOrigin: string;
  ai: { apiKey?: string | undefined; baseURL?: string | undefined; model?: string | undefined };
  /** The coach's model timeouts, per-user limits, history budget and user-id key. */
  coach: CoachLimitsConfig;
  /** The voice quick entry: the transcription model, per-user limits and timeout. */
  voice: VoiceConfig;
  mail: { smtpUrl?: string | undefined; from?: string | undefined };
  /** Caps on realtime connections (WebSockets and tRPC SSE streams) and on what one socket may send. */
  realtime: RealtimeLimits;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  webDistDir?: string | undefined;
  /** Sign-in and password-check limits, the Argon2 queue and the tRPC batch cap. */
  auth: AuthConfig;
  /** Per-user storage quotas: new items per local day (and per conversation for messages). */
  quotas: Quotas;
  /** Data exports (JSON or Markdown) per user and hour. */
  exportsPerHour: number;
  /** Whether `GET /api/openapi.json` and `GET /api/docs` are served (API_DOCS; default: outside production). */
  apiDocs: boolean;
};

export type Quotas = {
  journalEntriesPerDay: number;
  conversationsPerDay: number;
  notesPerDay: number;
  messagesPerDay: number;
  messagesPerConversation: number;
  /** Completed assessments (each stores its answers, a completion, evidence and an event). */
  assessmentsPerDay: number;
};

export type RealtimeLimits = {
  /** Open sockets (both endpoints) plus tRPC SSE streams of one user, across their sessions. */
  socketsPerUser: number;
  /** The same, per client address. */
  socketsPerAddress: number;
  /** Connection attempts (upgrades and SSE streams, refused ones too) one user may make per minute. */
  connectionsPerMinute: number;
  /** Live tRPC subscriptions on one socket. */
  subscriptionsPerSocket: number;
  /** Messages one `/api/trpc-ws` socket may send in any 10 s window; past it the socket is closed (1008). */
  messagesPer10s: number;
  /** Largest message accepted on `/api/trpc-ws` (the `/ws` protocol keeps 4 KiB). */
  maxPayloadBytes: number;
  /** Calls in one `/api/trpc-ws` message, a batch counting each of its calls. */
  callsPerMessage: number;
  /** Queries and mutations of one `/api/trpc-ws` socket running at once. */
  callsInFlight: number;
  /** Bytes of replies a client may leave unread, on both endpoints (realtime/unread-replies.ts). */
  maxUnreadBytes: number;
};

export { ConfigError };

function parseOrigins(raw: string): string[] {
  return raw
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        throw new ConfigError(`APP_ORIGIN: «${value}» no es un origen válido`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new ConfigError(`APP_ORIGIN: «${value}» debe usar http o https`);
      }
      return url.origin;
    });
}

/** Parses and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Configuración inválida:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  // Unset APP_ORIGIN: the app's own address. Outside production both loopback spellings are accepted
  // (a browser opened at 127.0.0.1 sends that Origin); production accepts localhost only.
  const defaultOrigins = env.NODE_ENV === 'production' ? `http://localhost:${env.PORT}` : `http://localhost:${env.PORT},http://127.0.0.1:${env.PORT}`;
  const allowedOrigins = parseOrigins(env.APP_ORIGIN ?? defaultOrigins);
  if (allowedOrigins.length === 0) throw new ConfigError('APP_ORIGIN no contiene ningún origen');
  if (env.INSTANCES > 1 && !env.REDIS_URL) {
    throw new ConfigError(
      `INSTANCES=${env.INSTANCES} necesita REDIS_URL: sin Redis, los límites, los contadores de conexiones y los avisos en tiempo real viven en la memoria de cada proceso y no se comparten entre instancias`,
    );
  }
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    databasePath: env.DATABASE_PATH,
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    instances: env.INSTANCES,
    trustProxy: env.TRUST_PROXY,
    drainTimeoutMs: env.DRAIN_TIMEOUT_MS,
    drainIdleGraceMs: env.DRAIN_IDLE_GRACE_MS ?? (env.INSTANCES > 1 ? 3_000 : 0),
    allowedOrigins,
    publicOrigin: allowedOrigins[0]!,
    ai: { apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, model: env.AI_MODEL },
    coach: coachConfigFrom(env),
    voice: voiceConfigFrom(env),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    realtime: {
      socketsPerUser: env.WS_MAX_SOCKETS_PER_USER,
      socketsPerAddress: env.WS_MAX_SOCKETS_PER_ADDRESS,
      connectionsPerMinute: env.WS_MAX_CONNECTIONS_PER_MINUTE,
      subscriptionsPerSocket: env.WS_MAX_SUBSCRIPTIONS_PER_SOCKET,
      messagesPer10s: env.WS_MAX_MESSAGES_PER_10S,
      maxPayloadBytes: env.WS_MAX_PAYLOAD_BYTES,
      callsPerMessage: env.WS_MAX_CALLS_PER_MESSAGE,
      callsInFlight: env.WS_MAX_CALLS_IN_FLIGHT,
      maxUnreadBytes: env.WS_MAX_UNREAD_BYTES,
    },
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR,
    auth: authConfigFrom(env),
    quotas: {
      journalEntriesPerDay: env.QUOTA_JOURNAL_ENTRIES_PER_DAY,
      conversationsPerDay: env.QUOTA_CONVERSATIONS_PER_DAY,
      notesPerDay: env.QUOTA_NOTES_PER_DAY,
      messagesPerDay: env.QUOTA_MESSAGES_PER_DAY,
      messagesPerConversation: env.QUOTA_MESSAGES_PER_CONVERSATION,
      assessmentsPerDay: env.QUOTA_ASSESSMENTS_PER_DAY,
    },
    exportsPerHour: env.EXPORTS_PER_HOUR,
    apiDocs: env.API_DOCS === undefined ? env.NODE_ENV !== 'production' : env.API_DOCS === '1',
  };
}
