import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('applies the contract defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      isProduction: false,
      port: 3000,
      host: '127.0.0.1',
      databasePath: './data/app.db',
      allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
    });
    expect(config.ai).toEqual({ apiKey: undefined, baseURL: undefined, model: undefined });
  });

  it('ships the realtime caps of docs/ARCHITECTURE.md "Realtime" (every abuse test sets its own; these are what production runs)', () => {
    expect(loadConfig({}).realtime).toEqual({
      socketsPerUser: 10,
      socketsPerAddress: 50,
      connectionsPerMinute: 60,
      subscriptionsPerSocket: 20,
      messagesPer10s: 100,
      maxPayloadBytes: 64 * 1024,
      callsPerMessage: 20,
      callsInFlight: 8,
      maxUnreadBytes: 1024 * 1024,
    });
  });

  it('ships the per-user storage quotas of decision 013 (abuse tests set their own; these are what production runs)', () => {
    expect(loadConfig({}).quotas).toEqual({
      journalEntriesPerDay: 30,
      conversationsPerDay: 50,
      notesPerDay: 100,
      messagesPerDay: 300,
      messagesPerConversation: 200,
      assessmentsPerDay: 10,
    });
  });

  it('derives the default origin from PORT and accepts a comma-separated list', () => {
    expect(loadConfig({ PORT: '4000' }).allowedOrigins).toEqual(['http://localhost:4000', 'http://127.0.0.1:4000']);
    expect(loadConfig({ APP_ORIGIN: 'https://a.es/, http://localhost:5173' }).allowedOrigins).toEqual(['https://a.es', 'http://localhost:5173']);
    // The first one is the public address absolute links are built on.
    expect(loadConfig({ APP_ORIGIN: 'https://a.es/, http://localhost:5173' }).publicOrigin).toBe('https://a.es');
    expect(loadConfig({ PORT: '4000' }).publicOrigin).toBe('http://localhost:4000');
  });

  it('accepts both loopback spellings by default outside production, only localhost in production', () => {
    for (const NODE_ENV of ['development', 'test']) {
      expect(loadConfig({ NODE_ENV, PORT: '3100' }).allowedOrigins).toEqual(['http://localhost:3100', 'http://127.0.0.1:3100']);
    }
    expect(loadConfig({ NODE_ENV: 'production', PORT: '3100' }).allowedOrigins).toEqual(['http://localhost:3100']);
    // An explicit APP_ORIGIN is taken as given, in every environment.
    expect(loadConfig({ NODE_ENV: 'development', APP_ORIGIN: 'http://localhost:5173' }).allowedOrigins).toEqual(['http://localhost:5173']);
  });

  it('takes REDIS_URL (redis:// or rediss://) and INSTANCES, one in-process instance by default', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: undefined, instances: 1 });
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', INSTANCES: '3' })).toMatchObject({ redisUrl: 'redis://127.0.0.1:6379', instances: 3 });
    expect(loadConfig({ REDIS_URL: 'rediss://user:secreto@cache.ejemplo.es:6380/2' }).redisUrl).toBe('rediss://user:secreto@cache.ejemplo.es:6380/2');
  });

  it('takes DATABASE_URL (postgres:// or postgresql://); unset, the SQLite file stays the database', () => {
    expect(loadConfig({})).toMatchObject({ databaseUrl: undefined, databasePath: './data/app.db' });
    expect(loadConfig({ DATABASE_URL: 'postgres://ascenso:secreto@db.ejemplo.es:5432/ascenso' }).databaseUrl).toBe(
      'postgres://ascenso:secreto@db.ejemplo.es:5432/ascenso',
    );
    expect(loadConfig({}).databasePoolMax).toBe(10);
    expect(loadConfig({ DATABASE_POOL_MAX: '40' }).databasePoolMax).toBe(40);
    expect(loadConfig({ DATABASE_URL: 'postgresql://127.0.0.1/ascenso?sslmode=require' }).databaseUrl).toBe('postgresql://127.0.0.1/ascenso?sslmode=require');
    // PostgreSQL and several instances still need Redis for what they share.
    expect(() => loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/ascenso', INSTANCES: '2' })).toThrow(/^INSTANCES=2 necesita REDIS_URL/);
    expect(loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/ascenso', INSTANCES: '2', REDIS_URL: 'redis://127.0.0.1:6379' }).instances).toBe(2);
  });

  it('takes TRUST_PROXY, the proxies in front of the API: none by default', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('takes DRAIN_TIMEOUT_MS, the stop budget: 8 s by default, a whole number of ms up to 10 minutes', () => {
    expect(loadConfig({}).drainTimeoutMs).toBe(8_000);
    expect(loadConfig({ DRAIN_TIMEOUT_MS: '0' }).drainTimeoutMs).toBe(0);
    expect(loadConfig({ DRAIN_TIMEOUT_MS: '30000' }).drainTimeoutMs).toBe(30_000);
    for (const bad of ['-1', '1.5', 'ocho', '600001']) expect(() => loadConfig({ DRAIN_TIMEOUT_MS: bad }), bad).toThrow(/DRAIN_TIMEOUT_MS/);
  });

  it('takes DRAIN_IDLE_GRACE_MS: 0 for one instance, 3 s behind a proxy (longer than nginx keeps an idle pooled connection)', () => {
    expect(loadConfig({}).drainIdleGraceMs).toBe(0);
    expect(loadConfig({ INSTANCES: '2', REDIS_URL: 'redis://127.0.0.1:6379' }).drainIdleGraceMs).toBe(3_000);
    expect(loadConfig({ INSTANCES: '2', REDIS_URL: 'redis://127.0.0.1:6379', DRAIN_IDLE_GRACE_MS: '5000' }).drainIdleGraceMs).toBe(5_000);
    expect(loadConfig({ DRAIN_IDLE_GRACE_MS: '0' }).drainIdleGraceMs).toBe(0);
    for (const bad of ['-1', '2.5', 'tres']) expect(() => loadConfig({ DRAIN_IDLE_GRACE_MS: bad }), bad).toThrow(/DRAIN_IDLE_GRACE_MS/);
  });

  it('refuses more than one instance without Redis, saying why', () => {
    expect(() => loadConfig({ INSTANCES: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ INSTANCES: '2' })).toThrow(/^INSTANCES=2 necesita REDIS_URL: .*no se comparten entre instancias$/);
    expect(loadConfig({ INSTANCES: '2', REDIS_URL: 'redis://127.0.0.1:6379' }).instances).toBe(2);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ OPENAI_API_KEY: '', PORT: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ OPENAI_BASE_URL: 'not a url' }, /OPENAI_BASE_URL/],
    [{ APP_ORIGIN: 'ftp://x.es' }, /APP_ORIGIN/],
    [{ APP_ORIGIN: 'nope' }, /APP_ORIGIN/],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, /REDIS_URL: debe ser una URL redis:\/\/ o rediss:\/\//],
    [{ REDIS_URL: '127.0.0.1:6379' }, /REDIS_URL/],
    [{ REDIS_URL: 'redis://' }, /REDIS_URL/],
    [{ DATABASE_URL: 'mysql://127.0.0.1/ascenso' }, /DATABASE_URL: debe ser una URL postgres:\/\/ o postgresql:\/\//],
    [{ DATABASE_URL: './data/app.db' }, /DATABASE_URL/],
    [{ DATABASE_URL: 'postgres://' }, /DATABASE_URL/],
    [{ DATABASE_POOL_MAX: '0' }, /DATABASE_POOL_MAX/],
    [{ DATABASE_POOL_MAX: 'diez' }, /DATABASE_POOL_MAX/],
    [{ INSTANCES: '0' }, /INSTANCES/],
    [{ INSTANCES: 'dos' }, /INSTANCES/],
    [{ INSTANCES: '1.5' }, /INSTANCES/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '-1' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '11' }, /TRUST_PROXY/],
  ])('refuses %j naming the variable', (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(pattern);
  });
});
