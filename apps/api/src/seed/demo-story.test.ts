import type { CoachProvider } from '@ascenso/ai/provider';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import { seedDemoAccounts } from './demo-accounts';
import { LUCIA_CHATS, LUCIA_JOURNAL, LUCIA_NOTES } from './demo-story';

type Row = Record<string, unknown>;

describe("Lucía's demo story agrees with her ledger", () => {
  it('backs every journaling, consulta_rapida and sesion_completa row with its entry, chat or session', async () => {
    const t = createTestApp({ env: { NODE_ENV: 'development' } });
    expect(await seedDemoAccounts(t.deps)).toBe(true);
    const lucia = await t.deps.repos.users.findByEmail('demo@ascenso.local');
    const userId = lucia?.id ?? '';
    const all = async <T = Row>(sql: string, ...args: unknown[]) => (await t.sql(sql, ...args)) as T[];
    const one = async <T = Row>(sql: string, ...args: unknown[]) => ((await t.sql(sql, ...args)) as T[])[0];

    const rows = await all<{ id: string; activity_key: string; day: string }>(
      "select id, activity_key, day from activity_completions where user_id = ? and activity_key in ('journaling', 'sesion_completa', 'consulta_rapida') order by completed_at",
      userId,
    );
    expect(rows.filter((r) => r.activity_key === 'journaling')).toHaveLength(LUCIA_JOURNAL.length);
    expect(rows.filter((r) => r.activity_key === 'consulta_rapida')).toHaveLength(LUCIA_CHATS.length);
    expect(rows.filter((r) => r.activity_key === 'sesion_completa')).toHaveLength(1);

    for (const row of rows) {
      const evidence = await one<{ source: string; ref: string; user_id: string }>(
        'select source, ref, user_id from step_evidence where completion_id = ?',
        row.id,
      );
      expect(evidence, `evidence for ${row.activity_key} ${row.id}`).toBeDefined();
      expect(evidence?.user_id).toBe(userId);
      if (row.activity_key === 'journaling') {
        expect(evidence?.source).toBe('journal');
        const entry = await one<{ user_id: string; word_count: number }>('select user_id, word_count from journal_entries where id = ?', evidence?.ref);
        expect(entry?.user_id).toBe(userId);
        expect(entry?.word_count).toBeGreaterThanOrEqual(50);
      } else {
        expect(evidence?.source).toBe(row.activity_key === 'sesion_completa' ? 'session' : 'chat');
        const conversation = await one<{ user_id: string; kind: string; status: string; summary: string | null }>(
          'select user_id, kind, status, summary from conversations where id = ?',
          evidence?.ref,
        );
        expect(conversation?.user_id).toBe(userId);
        const messages = await all<{ role: string; content: string }>(
          'select role, content from messages where conversation_id = ? order by created_at',
          evidence?.ref,
        );
        expect(messages.filter((m) => m.role === 'user').length).toBeGreaterThanOrEqual(3);
        // Every user message has the coach's answer after it, never empty, never quoting the user.
        messages.forEach((m, i) => {
          if (m.role === 'user') expect(messages[i + 1]?.role).toBe('assistant');
          if (m.role === 'assistant') {
            expect(m.content.trim().length).toBeGreaterThan(20);
            expect(m.content).not.toMatch(/[«»]/);
          }
        });
        if (row.activity_key === 'sesion_completa') {
          expect(conversation).toMatchObject({ kind: 'session', status: 'completed' });
          expect(conversation?.summary?.length ?? 0).toBeGreaterThan(20);
          const commitments = await all<{ text: string; status: string }>('select text, status from commitments where conversation_id = ?', evidence?.ref);
          expect(commitments.map((c) => c.text)).toEqual([
            'Explicar a Marta el criterio de calidad el lunes',
            'acordar un único punto de control el miércoles',
            'no revisar nada después de las 20:00',
          ]);
        } else {
          expect(conversation?.kind).toBe('chat');
        }
      }
    }

    // What her screens show agrees: the journal lists the entries, the session list the finished session,
    // the coach's memory the notes (which talk about the same delegation as the session).
    const login = await t.request('/api/auth/login', {
      body: { email: 'demo@ascenso.local', password: 'Ascenso-demo-2026' },
    });
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
    const caller = t.callerFor(cookie);
    const journal = await caller.journaling.list();
    expect(journal.map((e) => e.title).sort()).toEqual(LUCIA_JOURNAL.map((e) => e.title).sort());
    const sessions = await caller.coaching.conversations({ kind: 'session' });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      status: 'completed',
      title: expect.stringMatching(/delegar la revisión semanal/i),
    });
    const chats = await caller.coaching.conversations({ kind: 'chat' });
    expect(chats).toHaveLength(LUCIA_CHATS.length);
    expect((await caller.profile.notes()).map((n) => n.text).sort()).toEqual([...LUCIA_NOTES].sort());
    expect((await caller.coaching.commitments()).filter((c) => c.status === 'open')).toHaveLength(3);
  });

  it('never calls a configured model: the story is written by the offline coach', async () => {
    let calls = 0;
    const refuse = () => {
      calls += 1;
      throw new Error('no model call while seeding');
    };
    const provider: CoachProvider = {
      kind: 'openai-compatible',
      model: 'counting',
      complete: async () => refuse(),
      stream: () => refuse(),
      completeJson: async () => refuse(),
      health: async () => ({ ok: true, provider: 'counting' }),
    };
    const t = createTestApp({ env: { NODE_ENV: 'development' }, coachProvider: provider });
    expect(await seedDemoAccounts(t.deps)).toBe(true);
    expect(calls).toBe(0);
    const lucia = await t.deps.repos.users.findByEmail('demo@ascenso.local');
    expect((await t.deps.repos.coaching.listConversations(lucia?.id ?? '', 'session', 10))[0]?.status).toBe('completed');
  });
});
