import { z } from 'zod';
import { ENERGY_FACTORS } from './assessment-options';
import { optionLabel, type AssessmentResponses, type EnergyFactor, type FieldName } from './assessment';

const LabelledSchema = z.object({ value: z.string(), label: z.string() });
export type Labelled = z.infer<typeof LabelledSchema>;
const EnergyReadingSchema = z.object({
  factor: z.enum(ENERGY_FACTORS.values),
  label: z.string(),
  score: z.number().int(),
});
export type EnergyReading = z.infer<typeof EnergyReadingSchema>;

/** What the coach knows from the assessment: a typed, display-ready digest. */
export const CoachingProfileSchema = z.object({
  role: z.string(),
  industry: z.string(),
  experience: z.string(),
  seniority: LabelledSchema,
  companySize: LabelledSchema,
  workLocation: LabelledSchema,
  lifeStage: LabelledSchema,
  timeAvailability: LabelledSchema.extend({ minutesPerDay: z.number().int() }),
  goals: z.array(LabelledSchema),
  longTermVision: z.string(),
  successDefinition: z.string(),
  leadershipTypes: z.array(LabelledSchema),
  fears: z.array(LabelledSchema),
  challenges: z.array(LabelledSchema),
  biggestChallenge: z.string(),
  relationshipIssues: z.array(LabelledSchema),
  skillGaps: z.array(LabelledSchema),
  workStyle: z.array(LabelledSchema),
  communicationStyle: LabelledSchema,
  motivationFactors: z.array(LabelledSchema),
  stressResponse: LabelledSchema,
  energy: z.object({
    drains: z.array(EnergyReadingSchema),
    boosters: z.array(EnergyReadingSchema),
    neutral: z.array(EnergyReadingSchema),
  }),
  strengths: z.array(LabelledSchema),
  developmentAreas: z.array(LabelledSchema),
  pastSuccesses: z.string(),
  preferredStyle: LabelledSchema,
  supportNeeds: z.array(LabelledSchema),
  satisfaction: z.object({ rating: z.number().int(), reason: z.string() }),
  quickWins: z.array(LabelledSchema),
});
export type CoachingProfile = z.infer<typeof CoachingProfileSchema>;

/** A realistic daily budget for each availability band, used to size the plan. */
export const MINUTES_PER_DAY: Record<string, number> = {
  'muy-limitado': 8,
  limitado: 15,
  moderado: 30,
  flexible: 45,
  abundante: 60,
};

const one = (field: FieldName, value: string): Labelled => ({ value, label: optionLabel(field, value) });
const many = (field: FieldName, values: readonly string[]): Labelled[] => values.map((v) => one(field, v));

export function deriveCoachingProfile(r: AssessmentResponses): CoachingProfile {
  const readings: EnergyReading[] = ENERGY_FACTORS.list
    .map((f) => ({ factor: f.value as EnergyFactor, label: f.label, score: r.energyFactors[f.value as EnergyFactor] }))
    .filter((e) => e.score > 0);
  const byScore = (a: EnergyReading, b: EnergyReading) => a.score - b.score;
  const quickWins = many('quickWins', r.quickWins).map((w) =>
    w.value === 'otro' && r.quickWinsOther?.trim() ? { value: 'otro', label: r.quickWinsOther.trim() } : w,
  );
  return {
    role: r.role,
    industry: r.industry,
    experience: r.experience,
    seniority: one('reportingStructure', r.reportingStructure),
    companySize: one('companySize', r.companySize),
    workLocation: one('workLocation', r.workLocation),
    lifeStage: one('lifeStage', r.lifeStage),
    timeAvailability: {
      ...one('timeAvailability', r.timeAvailability),
      minutesPerDay: MINUTES_PER_DAY[r.timeAvailability] ?? 15,
    },
    goals: many('shortTermGoals', r.shortTermGoals),
    longTermVision: r.longTermVision,
    successDefinition: r.successDefinition,
    leadershipTypes: many('leadershipTypes', r.leadershipTypes),
    fears: many('fearsAndLimitations', r.fearsAndLimitations),
    challenges: many('currentChallenges', r.currentChallenges),
    biggestChallenge: r.biggestChallenge,
    relationshipIssues: many('workRelationshipIssues', r.workRelationshipIssues),
    skillGaps: many('skillGaps', r.skillGaps),
    workStyle: many('workStyle', r.workStyle),
    communicationStyle: one('communicationStyle', r.communicationStyle),
    motivationFactors: many('motivationFactors', r.motivationFactors),
    stressResponse: one('stressResponse', r.stressResponse),
    energy: {
      drains: readings.filter((e) => e.score <= 2).sort(byScore),
      boosters: readings.filter((e) => e.score >= 4).sort((a, b) => b.score - a.score),
      neutral: readings.filter((e) => e.score === 3),
    },
    strengths: many('topStrengths', r.topStrengths),
    developmentAreas: many('developmentAreas', r.developmentAreas),
    pastSuccesses: r.pastSuccesses,
    preferredStyle: one('coachingStyle', r.coachingStyle),
    supportNeeds: many('supportNeeds', r.supportNeeds),
    satisfaction: { rating: r.satisfactionRating, reason: r.satisfactionReason },
    quickWins,
  };
}
