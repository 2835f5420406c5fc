import type { Deps } from '../deps';

/** The demo accounts of the contract; seeded only outside production, into an empty database. */
export const DEMO_ACCOUNTS = [
  { email: 'demo@ascenso.local', password: 'Ascenso-demo-2026', firstName: 'Lucía', lastName: 'Martín', role: 'user' },
  { email: 'nuevo@ascenso.local', password: 'Ascenso-demo-2026', firstName: 'Mateo', lastName: 'Ruiz', role: 'user' },
  { email: 'admin@ascenso.local', password: 'Ascenso-admin-2026', firstName: 'Admin', lastName: null, role: 'admin' },
] as const;

/**
 * Seeds the demo accounts when no user exists yet. Returns whether it seeded.
 * (The assessment and activity history of Lucía and the admin arrive with those areas.)
 */
export async function seedDemoAccounts(deps: Deps): Promise<boolean> {
  if (deps.config.isProduction || deps.repos.users.count() > 0) return false;
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => deps.passwords.hash(account.password)));
  const now = deps.clock();
  deps.dbHandle.sqlite.transaction(() => {
    DEMO_ACCOUNTS.forEach((account, index) => {
      deps.repos.users.insert({
        id: crypto.randomUUID(),
        email: account.email,
        passwordHash: hashes[index] ?? '',
        firstName: account.firstName,
        lastName: account.lastName,
        role: account.role,
        timezone: 'Europe/Madrid',
        createdAt: now,
        updatedAt: now,
      });
    });
  })();
  deps.logger.info('seeded demo accounts', { emails: DEMO_ACCOUNTS.map((a) => a.email) });
  return true;
}
