import { AssessmentResponsesSchema, PartialResponsesSchema } from '@ascenso/domain/assessment';
import { z } from 'zod';

export const AssessmentStatusSchema = z.object({
  completed: z.boolean(),
  completedAt: z.date().nullable(),
  inProgress: z.boolean(),
  currentSection: z.number().int().nullable(),
});

export const ProgressSchema = z.object({
  currentSection: z.number().int(),
  responses: PartialResponsesSchema,
  completedSections: z.array(z.number().int()),
  lastSavedAt: z.date(),
});

export const StoredAssessmentSchema = z.object({
  id: z.string(),
  createdAt: z.date(),
  responses: AssessmentResponsesSchema,
  version: z.string(),
});

/** A completion's answer: the stored assessment, the steps it earned and, when it earned none, why (decision 037). */
export const CompletedAssessmentSchema = StoredAssessmentSchema.extend({
  stepsEarned: z.number().int().min(0),
  stepsNote: z.string().nullable(),
});

export const HistoryEntrySchema = z.object({
  id: z.string(),
  createdAt: z.date(),
  version: z.string(),
  satisfactionRating: z.number().int(),
});
