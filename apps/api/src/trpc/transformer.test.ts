import fc from 'fast-check';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { transformer } from './transformer';

/** What a client sees: superjson.deserialize of what went over the wire (JSON text). */
const roundTrip = (serialized: unknown) => superjson.deserialize(JSON.parse(JSON.stringify(serialized)) as Parameters<typeof superjson.deserialize>[0]);

describe('the tRPC transformer (superjson with a fast path for plain JSON)', () => {
  it('sends plain JSON exactly as superjson would', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        let expected: unknown;
        try {
          expected = superjson.serialize(value);
        } catch (error) {
          // superjson refuses __proto__ keys; so must we.
          expect(() => transformer.serialize(value)).toThrow((error as Error).message);
          return;
        }
        expect(transformer.serialize(value)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('gives clients the same value as superjson for anything, special types included', () => {
    const special = fc.oneof(
      fc.date({ noInvalidDate: true }),
      fc.constant(undefined),
      fc.constant(Number.NaN),
      fc.constant(-0),
      fc.constant(Number.POSITIVE_INFINITY),
      fc.bigInt(),
      fc.string().map((s) => new Set([s])),
      fc.string().map((s) => new Map([[s, 1]])),
    );
    const anything = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.jsonValue(), special, fc.array(tie('value')), fc.dictionary(fc.string(), tie('value'))),
    })).value;
    fc.assert(
      fc.property(anything, (value) => {
        let expected: unknown;
        try {
          expected = roundTrip(superjson.serialize(value));
        } catch {
          expect(() => transformer.serialize(value)).toThrow();
          return;
        }
        expect(roundTrip(transformer.serialize(value))).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('takes the fast path only for plain JSON', () => {
    expect(transformer.serialize({ a: [1, 'b', null, true, { c: 2 }] })).toEqual({
      json: { a: [1, 'b', null, true, { c: 2 }] },
    });
    const withDate = transformer.serialize({ at: new Date('2026-11-22T09:00:00Z') }) as { meta?: unknown };
    expect(withDate.meta).toBeDefined();
    expect(roundTrip(transformer.serialize({ gone: undefined, n: Number.NaN, z: -0 }))).toEqual({
      gone: undefined,
      n: Number.NaN,
      z: -0,
    });
    class Point {
      constructor(readonly x: number) {}
    }
    expect(transformer.serialize(new Point(1))).toEqual(superjson.serialize(new Point(1)));
    expect(transformer.deserialize(superjson.serialize({ at: new Date(0) }))).toEqual({ at: new Date(0) });
  });
});
