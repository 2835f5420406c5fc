import { COACH_NOTE_MAX_LENGTH, COMMITMENT_MAX_LENGTH, COMMITMENT_MIN_LENGTH, CoachNoteTextSchema, CommitmentTextSchema } from '@ascenso/domain/profile';
import { describe, expect, it } from 'vitest';
import { checkMemberText } from './member-text';

describe('checkMemberText (notes and commitments, checked with their domain schemas)', () => {
  it.each([
    ['a note', CoachNoteTextSchema, '  Prefiero las mañanas.  ', { text: 'Prefiero las mañanas.', error: null }],
    ['an empty note', CoachNoteTextSchema, '   ', { text: null, error: 'Escribe la nota' }],
    ['a note at the maximum', CoachNoteTextSchema, 'a'.repeat(COACH_NOTE_MAX_LENGTH), { text: 'a'.repeat(COACH_NOTE_MAX_LENGTH), error: null }],
    [
      'a note one past the maximum',
      CoachNoteTextSchema,
      'a'.repeat(COACH_NOTE_MAX_LENGTH + 1),
      { text: null, error: `Máximo ${COACH_NOTE_MAX_LENGTH} caracteres` },
    ],
    ['a commitment at the minimum', CommitmentTextSchema, ` ${'a'.repeat(COMMITMENT_MIN_LENGTH)} `, { text: 'a'.repeat(COMMITMENT_MIN_LENGTH), error: null }],
    [
      'a commitment one short',
      CommitmentTextSchema,
      'a'.repeat(COMMITMENT_MIN_LENGTH - 1),
      { text: null, error: `Escribe al menos ${COMMITMENT_MIN_LENGTH} caracteres` },
    ],
    [
      'a commitment one past the maximum',
      CommitmentTextSchema,
      'a'.repeat(COMMITMENT_MAX_LENGTH + 1),
      { text: null, error: `Máximo ${COMMITMENT_MAX_LENGTH} caracteres` },
    ],
  ])('%s', (_name, schema, value, expected) => {
    expect(checkMemberText(schema, value)).toEqual(expected);
  });
});
