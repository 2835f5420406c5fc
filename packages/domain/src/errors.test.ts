import { describe, expect, it } from 'vitest';
import { DomainError, isDomainError } from './errors';

describe('DomainError', () => {
  it('carries a code and optional details', () => {
    const error = new DomainError('VALIDATION', 'bad', { fields: ['email'] });
    expect(isDomainError(error)).toBe(true);
    expect(error.code).toBe('VALIDATION');
    expect(error.details).toEqual({ fields: ['email'] });
    expect(isDomainError(new Error('x'))).toBe(false);
  });
});
