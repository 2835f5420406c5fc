import type { AttemptScope } from '@ascenso/domain/login-throttle';
import { addressKey, signInRefusalMessage, TOO_MANY_REGISTRATIONS_MESSAGE } from '@ascenso/domain/login-throttle';
import type { Context as HonoContext } from 'hono';
import type { Deps } from '../../deps';
import { envelope } from '../../http/errors';
import { clientIp } from '../../http/client-ip';
import type { AppEnv } from '../../http/types';

/**
 * Refusals answered from memory. When the database refuses an address for its own limit (sign-ins or
 * registrations per address), the answer holds for every further request of that address until the time
 * it was given: this process remembers it and answers those requests before reading their body, running
 * the procedure or opening a transaction. A flood of refused requests then costs little more than HTTP
 * itself. The memory only ever refuses what the database refused; it is per process (each learns on its
 * first refusal) and bounded.
 */
const REMEMBERED: ReadonlySet<AttemptScope> = new Set(['login-address', 'register-address']);
const MAX_ENTRIES = 10_000;
const memories = new WeakMap<Deps, Map<string, number>>();

function memoryOf(deps: Deps): Map<string, number> {
  let memory = memories.get(deps);
  if (!memory) {
    memory = new Map();
    memories.set(deps, memory);
  }
  return memory;
}

/** Called with the limits that refused an attempt. */
export function rememberRefusals(deps: Deps, blocked: ReadonlyArray<{ scope: AttemptScope; key: string; retryAt: Date }>): void {
  const memory = memoryOf(deps);
  for (const { scope, key, retryAt } of blocked) {
    if (!REMEMBERED.has(scope)) continue;
    if (memory.size >= MAX_ENTRIES) {
      const now = deps.clock().getTime();
      for (const [entry, until] of memory) if (until <= now) memory.delete(entry);
      if (memory.size >= MAX_ENTRIES) memory.clear();
    }
    memory.set(`${scope}\n${key}`, retryAt.getTime());
  }
}

/** Seconds the address must still wait under `scope`, when a refusal is remembered. */
export function rememberedWait(deps: Deps, scope: AttemptScope, ip: string): number | undefined {
  const memory = memories.get(deps);
  if (!memory || memory.size === 0) return undefined;
  const entry = `${scope}\n${addressKey(ip)}`;
  const until = memory.get(entry);
  if (until === undefined) return undefined;
  const ms = until - deps.clock().getTime();
  if (ms <= 0) {
    memory.delete(entry);
    return undefined;
  }
  return Math.max(1, Math.ceil(ms / 1000));
}

const ROUTES = {
  'auth.login': { scope: 'login-address', message: (wait: number) => signInRefusalMessage('login-address', wait) },
  'auth.register': { scope: 'register-address', message: () => TOO_MANY_REGISTRATIONS_MESSAGE },
} as const satisfies Record<string, { scope: AttemptScope; message: (retryAfterSeconds: number) => string }>;

/** The REST envelope of a remembered refusal (`/api/auth/login`, `/api/auth/register`), or undefined. */
export function earlyRestRefusal(deps: Deps, c: HonoContext<AppEnv>, procedure: keyof typeof ROUTES): Response | undefined {
  const route = ROUTES[procedure];
  const wait = rememberedWait(deps, route.scope, clientIp(c, deps.config.trustProxy));
  if (wait === undefined) return undefined;
  c.header('Retry-After', String(wait));
  return envelope(c, 429, 'RATE_LIMITED', route.message(wait), { retryAfterSeconds: wait });
}

/**
 * The tRPC answer of a remembered refusal for a single (unbatched) POST to `auth.login` or
 * `auth.register`, or undefined. Its body is what the adapter sends for the same refusal (the error
 * formatter's shape in trpc/trpc.ts, serialised by superjson as `{ json }`); a test compares the two.
 */
export function earlyTrpcRefusal(deps: Deps, c: HonoContext<AppEnv>, path: string): Response | undefined {
  if (!Object.hasOwn(ROUTES, path) || c.req.method !== 'POST' || c.req.query('batch') !== undefined) return undefined;
  const route = ROUTES[path as keyof typeof ROUTES];
  const wait = rememberedWait(deps, route.scope, clientIp(c, deps.config.trustProxy));
  if (wait === undefined) return undefined;
  const body = {
    error: {
      json: {
        message: route.message(wait),
        code: -32029,
        data: {
          code: 'TOO_MANY_REQUESTS',
          httpStatus: 429,
          path,
          domainCode: 'RATE_LIMITED',
          fieldErrors: null,
          retryAfterSeconds: wait,
        },
      },
    },
  };
  return new Response(JSON.stringify(body), {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': String(wait), vary: 'trpc-accept, accept' },
  });
}
