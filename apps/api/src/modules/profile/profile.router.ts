import { PreferencesSchema } from '@ascenso/domain/address-form';
import { PASSWORD_MAX_LENGTH, PublicUserSchema } from '@ascenso/domain/auth';
import { CoachNoteTextSchema, CommitmentTextSchema, ProfileUpdateInputSchema } from '@ascenso/domain/profile';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { authedProcedure, router } from '../../trpc/trpc';
import { deleteAccount } from '../auth/auth.service';
import { countExport } from './export-limit';
import {
  addNote,
  editCommitment,
  editNote,
  exportData,
  getPreferences,
  ledger,
  listNotes,
  removeCommitment,
  removeNote,
  stepsHistory,
  updateProfile,
  setPreferences,
} from './profile.service';

const IdSchema = z.string().min(1).max(64);

const NoteSchema = z.object({ id: z.string(), text: z.string(), createdAt: z.date(), updatedAt: z.date() });
/** `profile.delete`'s input (DELETE /api/profile). */
export const DeleteAccountInputSchema = z.object({
  confirm: z.literal(true, { message: 'Confirma que quieres eliminar tu cuenta' }),
  password: z.string().min(1, { message: 'Escribe tu contraseña' }).max(PASSWORD_MAX_LENGTH),
});
/** `profile.export`'s answer: every piece of the user's data, one JSON object (profile.service.ts `exportData`). */
export const ExportDocumentSchema = z.record(z.string(), z.unknown());
const SuccessSchema = z.object({ success: z.literal(true) });

/** Edit and delete for one kind of the member's own short texts (notes, commitments): by id, only their own. */
function ownTextProcedures(
  textSchema: z.ZodString,
  edit: (deps: Deps, userId: string, id: string, text: string) => Promise<{ success: true }>,
  remove: (deps: Deps, userId: string, id: string) => Promise<{ success: true }>,
) {
  return {
    edit: authedProcedure
      .input(z.object({ id: IdSchema, text: textSchema }))
      .output(SuccessSchema)
      .mutation(({ ctx, input }) => edit(ctx.deps, ctx.auth.user.id, input.id, input.text)),
    remove: authedProcedure
      .input(z.object({ id: IdSchema }))
      .output(SuccessSchema)
      .mutation(({ ctx, input }) => remove(ctx.deps, ctx.auth.user.id, input.id)),
  };
}
const noteProcedures = ownTextProcedures(CoachNoteTextSchema, editNote, removeNote);
const commitmentProcedures = ownTextProcedures(CommitmentTextSchema, editCommitment, removeCommitment);

export const profileRouter = router({
  update: authedProcedure
    .input(ProfileUpdateInputSchema)
    .output(PublicUserSchema)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.auth.user, input)),

  /** "¿Cómo quieres que te hable?" (femenino, masculino or neutro; neutro by default). */
  preferences: authedProcedure.output(PreferencesSchema).query(({ ctx }) => getPreferences(ctx.deps, ctx.auth.user.id)),
  setPreferences: authedProcedure
    .input(PreferencesSchema)
    .output(PreferencesSchema)
    .mutation(({ ctx, input }) => setPreferences(ctx.deps, ctx.auth.user.id, input)),

  ledger: authedProcedure
    .output(
      z.array(
        z.object({
          id: z.string(),
          kind: z.enum(['completion', 'adjustment']),
          at: z.date(),
          day: z.string(),
          activityKey: z.string().nullable(),
          label: z.string(),
          steps: z.number().int(),
          reason: z.string(),
        }),
      ),
    )
    .query(({ ctx }) => ledger(ctx.deps, ctx.auth.user.id)),

  stepsHistory: authedProcedure
    .output(z.array(z.object({ day: z.string(), steps: z.number().int() })))
    .query(({ ctx }) => stepsHistory(ctx.deps, ctx.auth.user)),

  notes: authedProcedure.output(z.array(NoteSchema)).query(({ ctx }) => listNotes(ctx.deps, ctx.auth.user.id)),
  addNote: authedProcedure
    .input(z.object({ text: CoachNoteTextSchema }))
    .output(NoteSchema)
    .mutation(({ ctx, input }) => addNote(ctx.deps, ctx.auth.user, input.text)),
  editNote: noteProcedures.edit,
  deleteNote: noteProcedures.remove,
  editCommitment: commitmentProcedures.edit,
  deleteCommitment: commitmentProcedures.remove,

  /** Every piece of the user's data as one JSON document. */
  export: authedProcedure.output(ExportDocumentSchema).query(async ({ ctx }) => {
    await countExport(ctx.deps, ctx.auth.user.id);
    return exportData(ctx.deps, ctx.auth.user.id);
  }),

  /** Deletes the account after checking the password; sessions end and sockets close. */
  delete: authedProcedure
    .input(DeleteAccountInputSchema)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await deleteAccount(ctx.deps, ctx.auth.user.id, input.password, { ip: ctx.ip });
      ctx.clearSessionCookie();
      return null;
    }),
});
