import Database from 'better-sqlite3';

/**
 * Since steps need evidence (decision 014), `POST /api/activity-log` awards only against evidence the
 * server holds. Benches that drive that path write unused evidence rows straight into the database file
 * first, as if each user had finished that many activities (created now: claimable for 24 hours).
 */
export function grantEvidence(file: string, grants: Array<{ userId: string; activityKey: string; count: number }>): number {
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare("insert into step_evidence (id, user_id, activity_key, source, ref, created_at) values (?, ?, ?, 'practice', ?, ?)");
  let written = 0;
  db.transaction(() => {
    const now = Date.now();
    for (const grant of grants) {
      for (let i = 0; i < grant.count; i += 1) {
        insert.run(crypto.randomUUID(), grant.userId, grant.activityKey, crypto.randomUUID(), now);
        written += 1;
      }
    }
  })();
  db.close();
  return written;
}
