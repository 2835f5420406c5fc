import { z } from 'zod';
import { publicProcedure } from '../../trpc/trpc';
import { checkHealth } from './system.service';

export const HealthSchema = z.object({ ok: z.boolean(), database: z.boolean() });

export const healthProcedure = publicProcedure.output(HealthSchema).query(({ ctx }) => checkHealth(ctx.deps));
