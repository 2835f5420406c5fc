import { claimSlot, parseClaim } from '../utils/reminders';

const KEY = 'ascenso.pausas.aviso';

function claimHere(at: number): boolean {
  try {
    return claimSlot(
      at,
      () => window.localStorage.getItem(KEY),
      (value) => window.localStorage.setItem(KEY, value),
    );
  } catch {
    return true; // no storage: this tab cannot coordinate, so it shows its reminder
  }
}

/** The latest reminder time a tab of this device claimed (0: none, or no storage). */
export function lastClaimedReminder(): number {
  try {
    return parseClaim(window.localStorage.getItem(KEY));
  } catch {
    return 0;
  }
}

/**
 * Claims the reminder due at `at` for this tab: true for exactly one of the open tabs. The check-and-write
 * runs under a Web Lock (`navigator.locks`, shared by the tabs of this origin) so two tabs firing at the same
 * moment cannot both see it unclaimed; without the API, the localStorage claim alone decides.
 */
export async function claimReminder(at: number): Promise<boolean> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks) {
    return navigator.locks.request('ascenso-pausas-aviso', () => claimHere(at));
  }
  return claimHere(at);
}
