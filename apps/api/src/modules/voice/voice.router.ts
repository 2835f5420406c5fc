import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/trpc';
import { voiceCapability } from './voice.service';

export const VoiceCapabilitySchema = z.object({ available: z.boolean(), maxSeconds: z.number().int(), maxBytes: z.number().int() });

/**
 * `voice.capability`: whether this server can transcribe (decision 030). A first-screen query
 * (packages/domain/src/bootstrap.ts), so the step counter knows before its voice button is pressed
 * without a request of its own; `GET /api/voice` is its REST shim. The recording itself goes to
 * `POST /api/voice/transcribe` (multipart, REST only).
 */
export const voiceRouter = router({
  capability: authedProcedure.output(VoiceCapabilitySchema).query(({ ctx }) => voiceCapability(ctx.deps)),
});
