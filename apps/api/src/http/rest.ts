import type { Context as HonoContext } from 'hono';
import type { Deps } from '../deps';
import { createCaller } from '../trpc/app-router';
import { requestContext } from './request-meta';
import type { AppEnv } from './types';

export type Caller = ReturnType<typeof createCaller>;

/**
 * Runs a REST shim against the same tRPC procedures (createCaller), so validation, auth and output
 * schemas have one source. Set-Cookie lines the procedure issued are copied to the response.
 */
export async function withCaller(deps: Deps, c: HonoContext<AppEnv>, run: (caller: Caller) => Promise<Response>): Promise<Response> {
  const cookies: string[] = [];
  const ctx = await requestContext(deps, c, { append: (_name, value) => cookies.push(value) });
  const response = await run(createCaller(ctx));
  for (const cookie of cookies) response.headers.append('set-cookie', cookie);
  return response;
}
