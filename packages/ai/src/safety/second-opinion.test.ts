import { describe, expect, it } from 'vitest';
import { createOfflineProvider } from '../offline-provider';
import { fakeModelProvider, useFakeOpenAIServer } from '../testing/fake-model';
import { RISK_CATEGORIES } from './categories';
import { askSecondOpinion, CrisisOpinionSchema, SECOND_OPINION_MAX_CHARACTERS, secondOpinionMessages } from './second-opinion';

describe('askSecondOpinion (decision 036)', () => {
  const fake = useFakeOpenAIServer();

  it('asks with the crisis_screen JSON schema, whose families are exactly the catalogue', async () => {
    fake.screenRequests.length = 0;
    fake.screenReply({ kind: 'opinion', crisis: false });
    expect(await askSecondOpinion(fakeModelProvider(fake), 'Hoy ha sido un día largo.')).toMatchObject({ families: [] });
    const body = fake.screenRequests[0]?.body as {
      response_format: { type: string; json_schema: { name: string; strict: boolean; schema: { properties: { families: { items: { enum: string[] } } } } } };
      messages: Array<{ role: string; content: string }>;
    };
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema).toMatchObject({ name: 'crisis_screen', strict: true });
    expect(body.response_format.json_schema.schema.properties.families.items.enum).toEqual([...RISK_CATEGORIES]);
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(body.messages[1]?.content).toContain('Hoy ha sido un día largo.');
  });

  it('returns the families most urgent first, and "crisis" with none named as immediate danger', async () => {
    fake.screenReply({ kind: 'opinion', crisis: true, families: ['self_harm', 'overdose_poisoning'] });
    expect((await askSecondOpinion(fakeModelProvider(fake), 'x'))?.families).toEqual(['overdose_poisoning', 'self_harm']);
    fake.screenReply({ kind: 'opinion', crisis: true, families: [] });
    expect((await askSecondOpinion(fakeModelProvider(fake), 'x'))?.families).toEqual(['immediate_danger']);
    // Families next to crisis=false are not a route.
    fake.screenReply({ kind: 'opinion', crisis: false, families: ['self_harm'] });
    expect((await askSecondOpinion(fakeModelProvider(fake), 'x'))?.families).toEqual([]);
  });

  it('refuses a family outside the catalogue or an answer off the schema (the caller treats it as no opinion)', async () => {
    fake.screenReply({ kind: 'content', text: '{"crisis":true,"families":["<script>"]}' });
    await expect(askSecondOpinion(fakeModelProvider(fake), 'x')).rejects.toThrow();
    fake.screenReply({ kind: 'content', text: 'sí, es una crisis' });
    await expect(askSecondOpinion(fakeModelProvider(fake), 'x')).rejects.toThrow();
    expect(CrisisOpinionSchema.safeParse({ crisis: true, families: ['otra'] }).success).toBe(false);
  });

  it('is not asked of the offline coach', async () => {
    expect(await askSecondOpinion(createOfflineProvider(), 'x')).toBeNull();
  });

  it('sends the end of a very long message, where a buried crisis still reaches it', () => {
    const long = `${'Reunión, correo, informe. '.repeat(400)}Y esta noche me lo tomo todo.`;
    const sent = secondOpinionMessages(long)[1]?.content ?? '';
    expect(sent).toContain('esta noche me lo tomo todo');
    expect(sent.length).toBeLessThan(SECOND_OPINION_MAX_CHARACTERS + 100);
  });
});
