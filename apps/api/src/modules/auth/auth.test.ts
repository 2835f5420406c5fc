import { describe, expect, it } from 'vitest';
import { SESSION_POLICY } from '@ascenso/domain/session-policy';
import { createTestApp, TEST_ORIGIN } from '../../testing/test-app';

const DAY = 24 * 60 * 60 * 1000;
type Envelope = {
  error: { code: string; message: string; requestId: string; details?: { fieldErrors?: Record<string, string[]> } };
};

describe('POST /api/auth/register', () => {
  it('creates the account, returns 201 with the user and a session cookie', async () => {
    const t = createTestApp();
    const response = await t.request('/api/auth/register', {
      body: {
        email: ' Ana@Ejemplo.ES ',
        password: 'una frase bastante larga',
        firstName: 'Ana',
        timezone: 'America/Mexico_City',
      },
    });
    expect(response.status).toBe(201);
    const user = await response.json();
    expect(user).toEqual({
      id: expect.any(String),
      firstName: 'Ana',
      lastName: null,
      email: 'ana@ejemplo.es',
      role: 'user',
      timezone: 'America/Mexico_City',
      // Not yet: the welcome mail's link confirms it.
      emailVerified: false,
    });
    const cookie = response.headers.getSetCookie()[0] ?? '';
    expect(cookie).toMatch(/^session=[a-z2-7]{32}\.[a-z2-7]{32}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=\d+$/);
    expect(cookie).not.toContain('Secure');

    const me = await t.request('/api/auth/user', { cookie: t.sessionCookie(response) });
    expect(me.status).toBe(200);
    // The contract's shape exactly (tRPC's auth.me also carries addressForm; the REST user does not).
    expect(await me.json()).toEqual(user);
  });

  it('defaults the timezone to Europe/Madrid', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const me = (await (await t.request('/api/auth/user', { cookie })).json()) as { timezone: string };
    expect(me.timezone).toBe('Europe/Madrid');
  });

  it('refuses a taken e-mail with 409 and writes nothing', async () => {
    const t = createTestApp();
    await t.registerUser({ email: 'ana@ejemplo.es' });
    const response = await t.request('/api/auth/register', {
      body: { email: 'ANA@ejemplo.es', password: 'otra frase bastante larga', firstName: 'Otra' },
    });
    expect(response.status).toBe(409);
    const body = (await response.json()) as Envelope;
    expect(body.error.code).toBe('EMAIL_TAKEN');
    expect(await t.deps.repos.users.count()).toBe(1);
  });

  it.each([
    [{ email: 'no-es-correo', password: 'una frase bastante larga', firstName: 'Ana' }, ['email']],
    [{ email: 'a@b.es', password: 'corta', firstName: 'Ana' }, ['password']],
    [{ email: 'a@b.es', password: 'password123', firstName: 'Ana' }, ['password']],
    [{ email: 'a@b.es', password: 'x'.repeat(129), firstName: 'Ana' }, ['password']],
    [{ email: 'a@b.es', password: 'una frase bastante larga', firstName: '  ' }, ['firstName']],
    [{ email: 'a@b.es', password: 'una frase bastante larga', firstName: 'Ana', timezone: 'Luna/Base' }, ['timezone']],
    [{}, ['email', 'password', 'firstName']],
  ])('400 with the offending fields for %j', async (body, fields) => {
    const t = createTestApp();
    const response = await t.request('/api/auth/register', { body });
    expect(response.status).toBe(400);
    const envelope = (await response.json()) as Envelope;
    expect(envelope.error.code).toBe('VALIDATION');
    expect(Object.keys(envelope.error.details?.fieldErrors ?? {})).toEqual(expect.arrayContaining(fields));
    expect(await t.deps.repos.users.count()).toBe(0);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in, issuing a new session token on every sign-in, storing only a hash of the secret', async () => {
    const t = createTestApp();
    const { user, password } = await t.registerUser({ email: 'ana@ejemplo.es' });
    const first = await t.request('/api/auth/login', { body: { email: 'ana@ejemplo.es', password } });
    const second = await t.request('/api/auth/login', { body: { email: 'ANA@ejemplo.es', password } });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ id: user.id, firstName: 'Ana' });
    const a = t.sessionCookie(first);
    const b = t.sessionCookie(second);
    expect(a).not.toBe(b);

    const [id, secret] = a.replace('session=', '').split('.');
    const [row] = (await t.sql('select * from sessions where id = ?', id)) as Array<{ secret_hash: Buffer }>;
    if (!row) throw new Error('no session row');
    expect(row.secret_hash).toBeInstanceOf(Buffer);
    expect(row.secret_hash.length).toBe(32);
    expect(row.secret_hash.toString('utf8')).not.toContain(secret);
    const dump = JSON.stringify(await t.sql('select * from sessions'));
    expect(dump).not.toContain(secret);
  });

  it('replaces a session the browser already had (no session fixation)', async () => {
    const t = createTestApp();
    const { cookie, password, user } = await t.registerUser({ email: 'ana@ejemplo.es' });
    const response = await t.request('/api/auth/login', { cookie, body: { email: user.email, password } });
    expect(response.status).toBe(200);
    expect((await t.request('/api/auth/user', { cookie })).status).toBe(401);
    expect((await t.request('/api/auth/user', { cookie: t.sessionCookie(response) })).status).toBe(200);
  });

  it('answers a wrong e-mail and a wrong password identically', async () => {
    const t = createTestApp();
    await t.registerUser({ email: 'ana@ejemplo.es' });
    const wrongPassword = await t.request('/api/auth/login', {
      body: { email: 'ana@ejemplo.es', password: 'no es esta' },
    });
    const wrongEmail = await t.request('/api/auth/login', {
      body: { email: 'nadie@ejemplo.es', password: 'no es esta' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongEmail.status).toBe(401);
    const strip = (e: Envelope) => ({ ...e.error, requestId: undefined });
    expect(strip((await wrongPassword.json()) as Envelope)).toEqual(strip((await wrongEmail.json()) as Envelope));
    expect(wrongPassword.headers.getSetCookie()).toEqual(wrongEmail.headers.getSetCookie());
  });

  it('ten failures from one address do not lock the account out for its owner elsewhere', async () => {
    const t = createTestApp();
    const { password } = await t.registerUser({ email: 'ana@ejemplo.es' });
    for (let i = 0; i < 10; i += 1) {
      expect(
        (
          await t.request('/api/auth/login', {
            ip: '198.51.100.1',
            body: { email: 'ana@ejemplo.es', password: 'mala' },
          })
        ).status,
      ).toBe(401);
    }
    const sameAddress = await t.request('/api/auth/login', {
      ip: '198.51.100.1',
      body: { email: 'ana@ejemplo.es', password },
    });
    expect(sameAddress.status).toBe(429);
    const elsewhere = await t.request('/api/auth/login', {
      ip: '198.51.100.99',
      body: { email: 'ana@ejemplo.es', password },
    });
    expect(elsewhere.status).toBe(200);
  });

  it('refuses more failures per account than AUTH_LOGIN_MAX_PER_ACCOUNT across addresses with 429, even with the right password', async () => {
    const t = createTestApp({ env: { AUTH_LOGIN_MAX_PER_ACCOUNT: '12' } });
    const { password } = await t.registerUser({ email: 'ana@ejemplo.es' });
    for (let i = 0; i < 12; i += 1) {
      const response = await t.request('/api/auth/login', {
        ip: `198.51.100.${i}`,
        body: { email: 'ana@ejemplo.es', password: 'mala' },
      });
      expect(response.status).toBe(401);
    }
    const blocked = await t.request('/api/auth/login', {
      ip: '198.51.100.99',
      body: { email: 'ana@ejemplo.es', password },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBe(24 * 60 * 60);
    expect(((await blocked.json()) as Envelope).error.code).toBe('RATE_LIMITED');

    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    const later = await t.request('/api/auth/login', {
      ip: '198.51.100.99',
      body: { email: 'ana@ejemplo.es', password },
    });
    expect(later.status).toBe(200);
  });

  it('limits an IPv6 client by its /64: changing address inside it does not buy more guesses', async () => {
    const t = createTestApp();
    const { password } = await t.registerUser({ email: 'ana@ejemplo.es' });
    for (let i = 1; i <= 10; i += 1) {
      expect(
        (
          await t.request('/api/auth/login', {
            ip: `2001:db8:1:2::${i.toString(16)}`,
            body: { email: 'ana@ejemplo.es', password: 'mala' },
          })
        ).status,
      ).toBe(401);
    }
    expect((await t.request('/api/auth/login', { ip: '2001:db8:1:2:ffff::99', body: { email: 'ana@ejemplo.es', password } })).status).toBe(429);
    expect((await t.request('/api/auth/login', { ip: '2001:db8:1:3::1', body: { email: 'ana@ejemplo.es', password } })).status).toBe(200);
  });

  it('a window slides: the eleventh try from an address is allowed 15 minutes after the first, not before', async () => {
    const t = createTestApp();
    const { password } = await t.registerUser({ email: 'ana@ejemplo.es' });
    for (let i = 0; i < 10; i += 1) {
      await t.request('/api/auth/login', { ip: '192.0.2.9', body: { email: 'ana@ejemplo.es', password: 'mala' } });
      t.clock.advance(60 * 1000);
    }
    const early = await t.request('/api/auth/login', { ip: '192.0.2.9', body: { email: 'ana@ejemplo.es', password } });
    expect(early.status).toBe(429);
    expect(Number(early.headers.get('retry-after'))).toBe(5 * 60);
    t.clock.advance(5 * 60 * 1000);
    expect((await t.request('/api/auth/login', { ip: '192.0.2.9', body: { email: 'ana@ejemplo.es', password } })).status).toBe(200);
  });

  it('refuses more than 10 failures per address, whatever the account', async () => {
    const t = createTestApp();
    const { password, user } = await t.registerUser({ email: 'ana@ejemplo.es' });
    for (let i = 0; i < 10; i += 1) {
      await t.request('/api/auth/login', { ip: '192.0.2.1', body: { email: `x${i}@ejemplo.es`, password: 'mala' } });
    }
    const fromSameIp = await t.request('/api/auth/login', { ip: '192.0.2.1', body: { email: user.email, password } });
    expect(fromSameIp.status).toBe(429);
    const fromElsewhere = await t.request('/api/auth/login', {
      ip: '192.0.2.2',
      body: { email: user.email, password },
    });
    expect(fromElsewhere.status).toBe(200);
  });
});

describe('sessions', () => {
  it('logout deletes the session server-side and clears the cookie', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const response = await t.request('/api/auth/logout', { method: 'POST', cookie });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie()[0]).toMatch(/^session=; .*Max-Age=0/);
    expect((await t.request('/api/auth/user', { cookie })).status).toBe(401);
    expect(await t.sql('select id from sessions')).toEqual([]);
  });

  it('POST /api/logout ends the session and sends the browser home (303)', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const response = await t.request('/api/logout', { method: 'POST', cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
    expect((await t.request('/api/auth/user', { cookie })).status).toBe(401);
  });

  it('GET or HEAD /api/logout (a cross-site link or image) is refused with 405 and signs nobody out; a cross-site POST gets 403', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    for (const method of ['GET', 'HEAD']) {
      const response = await t.request('/api/logout', { method, cookie });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      if (method === 'GET') {
        const body = (await response.json()) as { error: { code: string; message: string } };
        expect(body.error.code).toBe('METHOD_NOT_SUPPORTED');
        expect(body.error.message).toContain('Cerrar sesión');
      }
    }
    const crossSite = await t.request('/api/logout', { method: 'POST', cookie, origin: 'https://otro-sitio.example' });
    expect(crossSite.status).toBe(403);
    expect((await t.request('/api/auth/user', { cookie })).status).toBe(200);
  });

  it('ends a session after the inactivity timeout', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    t.clock.advance(SESSION_POLICY.inactivityTimeoutMs - 1000);
    expect((await t.request('/api/auth/user', { cookie })).status).toBe(200);
    t.clock.advance(SESSION_POLICY.inactivityTimeoutMs);
    const expired = await t.request('/api/auth/user', { cookie });
    expect(expired.status).toBe(401);
    expect(expired.headers.getSetCookie()[0]).toMatch(/Max-Age=0/);
  });

  it('ends an active session at its absolute lifetime and re-issues the cookie as it slides', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    let refreshed = 0;
    for (let day = 1; day < 30; day += 1) {
      t.clock.advance(DAY);
      const response = await t.request('/api/auth/user', { cookie });
      expect(response.status).toBe(200);
      if (response.headers.getSetCookie().length > 0) refreshed += 1;
    }
    expect(refreshed).toBe(29);
    t.clock.advance(DAY);
    expect((await t.request('/api/auth/user', { cookie })).status).toBe(401);
  });

  it('treats a forged or malformed cookie as a visitor', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const [id] = cookie.replace('session=', '').split('.');
    for (const bad of [`session=${id}.${'a'.repeat(32)}`, 'session=garbage', `session=${id}`, 'session=']) {
      expect((await t.request('/api/auth/user', { cookie: bad })).status).toBe(401);
    }
  });

  it('makes the cookie __Host- and Secure in production, with HSTS', async () => {
    const t = createTestApp({ env: { NODE_ENV: 'production' } });
    const response = await t.request('/api/auth/register', {
      body: { email: 'p@ejemplo.es', password: 'una frase bastante larga', firstName: 'Pia' },
    });
    expect(response.headers.getSetCookie()[0]).toMatch(/^__Host-session=.*; Secure$/);
    expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000');
    const me = await t.request('/api/auth/user', { cookie: t.sessionCookie(response) });
    expect(me.status).toBe(200);
  });
});

describe('GET /api/login', () => {
  it.each([
    ['/api/login', '/acceso'],
    ['/api/login?next=/profile', '/acceso?next=%2Fprofile'],
    ['/api/login?next=https://evil.example', '/acceso?next=%2F'],
    ['/api/login?next=//evil.example', '/acceso?next=%2F'],
  ])('%s → 302 %s', async (path, location) => {
    const t = createTestApp();
    const response = await t.request(path);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(location);
  });
});

describe('typed procedures through the tRPC HTTP endpoint', () => {
  it('auth.me is null for a visitor and the user once signed in', async () => {
    const t = createTestApp();
    const visitor = await t.request('/api/trpc/auth.me');
    expect(visitor.status).toBe(200);
    expect(await visitor.json()).toEqual({ result: { data: { json: null } } });
    const { cookie, user } = await t.registerUser();
    const signedIn = await t.request('/api/trpc/auth.me', { cookie });
    expect(((await signedIn.json()) as { result: { data: { json: { id: string } } } }).result.data.json.id).toBe(user.id);
  });

  it('maps domain errors to HTTP status and exposes domainCode', async () => {
    const t = createTestApp();
    const response = await t.request('/api/trpc/auth.login', { body: { json: { email: 'x@y.es', password: 'mala' } } });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { json: { data: { domainCode: string; stack?: string } } } };
    expect(body.error.json.data.domainCode).toBe('INVALID_CREDENTIALS');
    expect(body.error.json.data.stack).toBeUndefined();
  });

  it('returns Spanish field errors for invalid input', async () => {
    const t = createTestApp();
    const response = await t.request('/api/trpc/auth.register', {
      body: { json: { email: 'x', password: '1', firstName: '' } },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: { json: { data: { domainCode: string; fieldErrors: Record<string, string[]> } } };
    };
    expect(body.error.json.data.domainCode).toBe('VALIDATION');
    expect(body.error.json.data.fieldErrors.email).toEqual(['Escribe un correo válido']);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const t = createTestApp();
    const response = await t.request('/api/trpc/auth.login', {
      rawBody: '{"json":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
  });
});

describe('request hardening', () => {
  it.each([
    ['no Origin', null],
    ['a foreign Origin', 'https://evil.example'],
    ['a look-alike Origin', 'http://localhost:3000.evil.example'],
    ['the null Origin', 'null'],
  ])('refuses a state-changing request with %s (403), REST and tRPC alike', async (_label, origin) => {
    const t = createTestApp();
    const rest = await t.request('/api/auth/register', {
      origin,
      body: { email: 'a@b.es', password: 'una frase bastante larga', firstName: 'A' },
    });
    expect(rest.status).toBe(403);
    expect(((await rest.json()) as Envelope).error.code).toBe('FORBIDDEN_ORIGIN');
    const trpc = await t.request('/api/trpc/auth.logout', { origin, body: { json: null } });
    expect(trpc.status).toBe(403);
    expect(await t.deps.repos.users.count()).toBe(0);
  });

  it('accepts every origin of a comma-separated APP_ORIGIN', async () => {
    const t = createTestApp({ env: { APP_ORIGIN: `${TEST_ORIGIN}, https://app.ascenso.es` } });
    const response = await t.request('/api/auth/logout', { method: 'POST', origin: 'https://app.ascenso.es' });
    expect(response.status).toBe(204);
  });

  it.each([
    ['malformed JSON', '{"email":', 'application/json'],
    ['a non-JSON body', 'email=a@b.es', 'application/x-www-form-urlencoded'],
    ['a JSON array', '[1,2]', 'application/json'],
  ])('answers %s with 400 in the envelope', async (_label, rawBody, type) => {
    const t = createTestApp();
    const response = await t.request('/api/auth/login', { rawBody, headers: { 'content-type': type } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Envelope;
    expect(body.error.code).toBe('VALIDATION');
    expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('refuses an oversized body with 413', async () => {
    const t = createTestApp();
    const response = await t.request('/api/auth/login', { body: { email: 'a@b.es', password: 'x'.repeat(300_000) } });
    expect(response.status).toBe(413);
    expect(((await response.json()) as Envelope).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const t = createTestApp();
    const response = await t.request('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(((await response.json()) as Envelope).error.code).toBe('NOT_FOUND');
  });

  it('sends the security headers on every response', async () => {
    const t = createTestApp();
    const response = await t.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, database: true });
    const csp = response.headers.get('content-security-policy') ?? '';
    for (const directive of ["default-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});
