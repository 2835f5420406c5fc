import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../testing/test-app';
import { createRequestContext } from './context';
import { checkedOutput, createCallerFactory, publicProcedure, router, sync } from './trpc';

const Point = z.object({ x: z.number().int().max(10, { message: 'Como mucho 10' }) });

describe('sync(schema): a zod schema as a synchronous tRPC validator', () => {
  const testRouter = router({
    echo: publicProcedure
      .input(sync(Point))
      .output(sync(Point))
      .query(({ input }) => input),
    broken: publicProcedure.output(sync(Point)).query(() => ({ x: 'no' }) as unknown as { x: number }),
    checked: publicProcedure.input(sync(Point)).query(({ input }) => checkedOutput(Point, { ...input, extra: true } as { x: number })),
    checkedBroken: publicProcedure.query(() => checkedOutput(Point, { x: 'no' } as unknown as { x: number })),
  });
  const caller = () =>
    createCallerFactory(testRouter)(() =>
      createRequestContext(createTestApp().deps, {
        headers: new Headers(),
        responseHeaders: new Headers(),
        ip: '203.0.113.7',
        requestId: 'test',
      }),
    );

  it('passes valid values through', async () => {
    expect(await caller().echo({ x: 3 })).toEqual({ x: 3 });
  });

  it('refuses a bad input as BAD_REQUEST with the field errors, like the schema itself', async () => {
    await expect(caller().echo({ x: 11 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller().echo({ x: 11 })).rejects.toHaveProperty('cause.issues.0.message', 'Como mucho 10');
  });

  it('still fails a call whose answer does not match the output schema', async () => {
    await expect(caller().broken()).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
  });

  it('checkedOutput(schema, value): the answer parsed by the schema in the resolver (unknown keys dropped)', async () => {
    expect(await caller().checked({ x: 3 })).toStrictEqual({ x: 3 });
  });

  it('checkedOutput fails a bad answer as INTERNAL_SERVER_ERROR with the ZodError as cause, like .output()', async () => {
    await expect(caller().checkedBroken()).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR', message: 'Output validation failed' });
    await expect(caller().checkedBroken()).rejects.toHaveProperty('cause.issues.0.path', ['x']);
  });
});
