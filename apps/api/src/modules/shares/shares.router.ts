import { SHARE_INCLUDES, SHARE_STATUSES, ShareCreateInputSchema } from '@ascenso/domain/shares';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/trpc';
import { requireVerifiedEmail } from '../auth/email-verification';
import { createShare, listShares, revokeShare } from './shares.service';

export const ShareIdSchema = z.object({ id: z.string().min(1).max(64) });

export const ShareCreatedSchema = z.object({ id: z.string(), url: z.string(), expiresAt: z.date() });

export const ShareSummarySchema = z.object({
  id: z.string(),
  include: z.array(z.enum(SHARE_INCLUDES)),
  journalEntryCount: z.number().int(),
  days: z.number().int(),
  createdAt: z.date(),
  expiresAt: z.date(),
  revokedAt: z.date().nullable(),
  status: z.enum(SHARE_STATUSES),
  views: z.object({
    count: z.number().int(),
    lastViewedAt: z.date().nullable(),
    recent: z.array(z.object({ at: z.date(), count: z.number().int() })),
  }),
});

/** Sharing with a human coach or therapist (decision 029): create, list (with every view), revoke. */
export const sharesRouter = router({
  create: authedProcedure
    .input(ShareCreateInputSchema)
    .output(ShareCreatedSchema)
    .mutation(async ({ ctx, input }) => {
      // A share speaks for the account's owner to someone else: only once the address is theirs.
      await requireVerifiedEmail(ctx.deps, ctx.auth.user.id, 'share');
      return createShare(ctx.deps, ctx.auth.user, input);
    }),
  list: authedProcedure.output(z.array(ShareSummarySchema)).query(({ ctx }) => listShares(ctx.deps, ctx.auth.user)),
  revoke: authedProcedure
    .input(ShareIdSchema)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await revokeShare(ctx.deps, ctx.auth.user, input.id);
      return null;
    }),
});
