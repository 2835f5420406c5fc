import { z } from 'zod';
import { AddressFormSchema } from './address-form';
import { FirstNameSchema, NameSchema, TIMEZONE_MAX_LENGTH } from './auth';

/** What the coach remembers, as the profile page edits it (lengths after trimming). */
export const COACH_NOTE_MIN_LENGTH = 1;
export const COACH_NOTE_MAX_LENGTH = 300;
export const COMMITMENT_MIN_LENGTH = 3;
export const COMMITMENT_MAX_LENGTH = 200;

export const CoachNoteTextSchema = z
  .string()
  .trim()
  .min(COACH_NOTE_MIN_LENGTH, { message: 'Escribe la nota' })
  .max(COACH_NOTE_MAX_LENGTH, { message: `Máximo ${COACH_NOTE_MAX_LENGTH} caracteres` });

export const CommitmentTextSchema = z
  .string()
  .trim()
  .min(COMMITMENT_MIN_LENGTH, { message: `Escribe al menos ${COMMITMENT_MIN_LENGTH} caracteres` })
  .max(COMMITMENT_MAX_LENGTH, { message: `Máximo ${COMMITMENT_MAX_LENGTH} caracteres` });

/** "Tus datos" (`profile.update`). */
export const ProfileUpdateInputSchema = z.object({
  firstName: FirstNameSchema,
  lastName: NameSchema.nullish(),
  timezone: z.string().trim().min(1).max(TIMEZONE_MAX_LENGTH),
  addressForm: AddressFormSchema.optional(),
});
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInputSchema>;
