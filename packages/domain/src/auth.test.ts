import { describe, expect, it } from 'vitest';
import { EmailSchema, LoginInputSchema, NewPasswordSchema, RegisterInputSchema, greetingName, isValidTimezone, safeNextPath } from './auth';

describe('NewPasswordSchema', () => {
  it.each([
    ['short', false],
    ['1234567', false],
    ['password', false],
    ['Contraseña123', false],
    ['12345678', false],
    ['x'.repeat(129), false],
    ['caballo-grapa-bateria', true],
    ['otoño en Soria', true],
    ['x'.repeat(128), true],
  ])('%s → accepted: %s', (password, ok) => {
    expect(NewPasswordSchema.safeParse(password).success).toBe(ok);
  });

  it('has no composition rules: all lower-case letters are fine', () => {
    expect(NewPasswordSchema.safeParse('luzdemontaña').success).toBe(true);
  });
});

describe('EmailSchema', () => {
  it('normalises case and whitespace', () => {
    expect(EmailSchema.parse('  Lucia@Ascenso.LOCAL ')).toBe('lucia@ascenso.local');
  });
  it.each(['', 'no-at-sign', 'a@', '@b.com'])('refuses %j', (value) => {
    expect(EmailSchema.safeParse(value).success).toBe(false);
  });
});

describe('RegisterInputSchema', () => {
  it('accepts a minimal registration', () => {
    const parsed = RegisterInputSchema.parse({ email: 'a@b.es', password: 'una frase larga', firstName: ' Ana ' });
    expect(parsed.firstName).toBe('Ana');
    expect(parsed.timezone).toBeUndefined();
  });
  it('refuses a blank first name and an unknown timezone', () => {
    const result = RegisterInputSchema.safeParse({
      email: 'a@b.es',
      password: 'una frase larga',
      firstName: '   ',
      timezone: 'Mars/Olympus',
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['firstName', 'timezone']));
  });
});

describe('LoginInputSchema', () => {
  it('does not apply the new-password policy at sign-in', () => {
    expect(LoginInputSchema.safeParse({ email: 'x@y.es', password: '123' }).success).toBe(true);
  });
});

describe('isValidTimezone', () => {
  it.each([
    ['Europe/Madrid', true],
    ['America/Mexico_City', true],
    ['Atlantic/Canary', true],
    ['UTC', true],
    ['Europe/Atlantis', false],
    ['', false],
  ])('%s → %s', (tz, ok) => expect(isValidTimezone(tz)).toBe(ok));
});

describe('greetingName', () => {
  it.each([
    ['Lucía', 'Lucía'],
    ['  Mateo ', 'Mateo'],
    ['', 'coach'],
    [null, 'coach'],
    [undefined, 'coach'],
  ])('%j → %s', (input, expected) => expect(greetingName(input)).toBe(expected));
});

describe('safeNextPath', () => {
  it.each([
    ['/profile', '/profile'],
    ['/coaching/chat?x=1', '/coaching/chat?x=1'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
  ])('%j → %s', (input, expected) => expect(safeNextPath(input)).toBe(expected));
});
