import { COACH_MESSAGE_MAX_LENGTH, CONVERSATION_TITLE_MAX_LENGTH } from '@ascenso/domain/coaching';
import { JOURNAL_MOOD_MAX_LENGTH, JOURNAL_TITLE_MAX_LENGTH } from '@ascenso/domain/journal';
import { tracked } from '@trpc/server';
import { z } from 'zod';
import { holdStream } from '../../http/drain';
import { authedProcedure, mapDomainErrors, router } from '../../trpc/trpc';
import { sendMessage } from './chat';
import { getConversation, listConversations, startConversation } from './conversations';
import { saveJournalFromConversation } from './journaling';
import { streamReply } from './reply';
import { finishSession, listCommitments, setCommitmentStatus } from './session';
import { SafetyViewSchema, acknowledgeSafety } from './safety';

const KindSchema = z.enum(['chat', 'session', 'journal']);
const IdSchema = z.string().min(1).max(64);

const ConversationSummarySchema = z.object({
  id: z.string(),
  kind: KindSchema,
  title: z.string(),
  status: z.enum(['active', 'completed', 'flagged']),
  stage: z.string().nullable(),
  summary: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

const ConversationSchema = ConversationSummarySchema.extend({
  messages: z.array(
    z.object({
      id: z.string(),
      role: z.enum(['user', 'assistant']),
      content: z.string(),
      replyTo: z.string().nullable(),
      flagged: z.boolean(),
      stopped: z.boolean(),
      createdAt: z.date(),
      /** A safety answer's category and helplines (null for every other message). */
      safety: SafetyViewSchema.nullable(),
    }),
  ),
  /** The person acknowledged the helplines after a crisis message; the coach is in careful mode. */
  careful: z.boolean(),
  commitments: z.array(z.object({ id: z.string(), text: z.string(), status: z.enum(['open', 'done', 'dropped']) })),
  /**
   * A chat's or a session's way to its steps (decision 037): `counted` of `needed` messages (a chat) or stages
   * (a session) answered with substance, `done` once recorded, and `note` saying why it did not earn. Null for a journal.
   */
  steps: z.object({ done: z.boolean(), counted: z.number().int(), needed: z.number().int(), note: z.string().nullable() }).nullable(),
});

export const coachingRouter = router({
  /** Which coach answers: `offline` is the built-in guided coach (no AI server configured); the UI says so. */
  coach: authedProcedure.output(z.object({ offline: z.boolean() })).query(({ ctx }) => ({ offline: ctx.deps.coach.kind === 'offline' })),

  conversations: authedProcedure
    .input(z.object({ kind: KindSchema.optional() }).optional())
    .output(z.array(ConversationSummarySchema))
    .query(({ ctx, input }) => listConversations(ctx.deps, ctx.auth.user, input?.kind)),

  conversation: authedProcedure
    .input(z.object({ id: IdSchema }))
    .output(ConversationSchema)
    .query(({ ctx, input }) => getConversation(ctx.deps, ctx.auth.user, input.id)),

  start: authedProcedure
    .input(z.object({ kind: KindSchema, title: z.string().trim().max(CONVERSATION_TITLE_MAX_LENGTH).optional() }))
    .output(ConversationSchema)
    .mutation(({ ctx, input }) => startConversation(ctx.deps, ctx.auth.user, input)),

  /** Stores a user message (idempotent on `clientMessageId`); the answer streams from `reply`. */
  send: authedProcedure
    .input(
      z.object({
        conversationId: IdSchema,
        content: z
          .string()
          .trim()
          .min(1, { message: 'Escribe un mensaje' })
          .max(COACH_MESSAGE_MAX_LENGTH, { message: `Máximo ${COACH_MESSAGE_MAX_LENGTH} caracteres` }),
        clientMessageId: z.uuid({ message: 'Identificador de mensaje no válido' }),
      }),
    )
    .output(z.object({ userMessageId: z.string(), safety: z.boolean() }))
    .mutation(({ ctx, input, signal }) => sendMessage(ctx.deps, ctx.auth.user, input, signal)),

  /**
   * The coach's answer to one user message, token by token (tracked ids). Unsubscribing stops it and
   * aborts the upstream request; subscribing again replays a finished answer.
   */
  reply: authedProcedure.input(z.object({ conversationId: IdSchema, userMessageId: IdSchema })).subscription(async function* ({ ctx, input, signal }) {
    const abort = signal ?? new AbortController().signal;
    // A stopping instance lets the reply finish (within DRAIN_TIMEOUT_MS) before its sockets are told to reconnect.
    const release = holdStream(ctx.deps);
    try {
      let seq = 0;
      for await (const event of mapDomainErrors(streamReply(ctx.deps, ctx.auth.user, input, abort))) {
        seq += 1;
        yield tracked(`${input.userMessageId}:${seq}`, event);
      }
    } finally {
      release();
    }
  }),

  /**
   * "He leído los recursos, quiero continuar": a conversation paused by a crisis message opens again,
   * in careful mode. Idempotent.
   */
  acknowledgeSafety: authedProcedure
    .input(z.object({ conversationId: IdSchema }))
    .output(
      z.object({
        conversationId: z.string(),
        status: z.enum(['active', 'completed', 'flagged']),
        careful: z.boolean(),
      }),
    )
    .mutation(({ ctx, input }) => acknowledgeSafety(ctx.deps, ctx.auth.user, input.conversationId)),

  finishSession: authedProcedure
    .input(z.object({ conversationId: IdSchema }))
    .output(ConversationSchema)
    .mutation(({ ctx, input, signal }) => finishSession(ctx.deps, ctx.auth.user, input.conversationId, signal)),

  saveJournal: authedProcedure
    .input(
      z.object({
        conversationId: IdSchema,
        mood: z.string().trim().max(JOURNAL_MOOD_MAX_LENGTH).optional(),
        title: z.string().trim().max(JOURNAL_TITLE_MAX_LENGTH).optional(),
      }),
    )
    .output(
      z.object({
        entryId: z.string(),
        wordCount: z.number().int(),
        stepsEarned: z.number().int(),
        minWords: z.number().int(),
        /** Why the entry did not earn (too short, or too repetitive: decision 037); null when it earned or hit the daily limit. */
        stepsNote: z.string().nullable(),
      }),
    )
    .mutation(({ ctx, input }) => saveJournalFromConversation(ctx.deps, ctx.auth.user, input)),

  commitments: authedProcedure
    .output(
      z.array(
        z.object({
          id: z.string(),
          text: z.string(),
          status: z.enum(['open', 'done', 'dropped']),
          conversationId: z.string().nullable(),
          createdAt: z.date(),
          closedAt: z.date().nullable(),
        }),
      ),
    )
    .query(({ ctx }) => listCommitments(ctx.deps, ctx.auth.user)),

  setCommitmentStatus: authedProcedure
    .input(z.object({ id: IdSchema, status: z.enum(['open', 'done', 'dropped']) }))
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => setCommitmentStatus(ctx.deps, ctx.auth.user, input)),
});
