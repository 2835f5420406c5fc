import { z } from 'zod';

/** An environment variable holding a whole number from `min` to `max`; `fallback` when it is not set. */
export const wholeNumber = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);
