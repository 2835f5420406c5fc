import type { HttpBindings } from '@hono/node-server';

/** Hono generics for this app: Node bindings plus per-request variables. */
export type AppEnv = {
  Bindings: Partial<HttpBindings>;
  Variables: { requestId: string };
};
