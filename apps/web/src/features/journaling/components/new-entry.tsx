import { Box, Button, Checkbox, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { JOURNAL_BODY_MAX_LENGTH, JOURNAL_MOODS, JOURNAL_MOOD_MAX_LENGTH, JOURNAL_TITLE_MAX_LENGTH, countWords } from '@ascenso/domain/journal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { toaster } from '#components/ui/toaster';
import { errorMessage } from '#lib/error-messages';
import { useSignedInUser } from '#lib/session';
import { useTRPC } from '#lib/trpc';
import { SurfaceCard } from '#components/ui/page-frame';
import { ChoiceChips } from '#components/ui/choice-chips';
import { readStored, writeStored } from '#lib/use-stored-state';
import { useStepFeedback } from '#lib/steps/use-step-feedback';
import { useJournalPrompt } from '../api/journal-queries';
import type { SafetyView } from '#components/ui/safety-resources';
import { JournalSafetyNote } from './journal-safety-note';
import { moodLabel, suggestedTitle, wordProgress } from '../utils/journal-format';
import { FocusHeading } from '#components/ui/focus-heading';
import { WARM_BOX } from '#components/ui/warm-notice';

interface Draft {
  mood: string;
  otherMood: string;
  title: string;
  body: string;
  usePrompt: boolean;
}

const EMPTY: Draft = { mood: '', otherMood: '', title: '', body: '', usePrompt: true };
const OTHER = 'otra';

function isDraft(value: unknown): value is Draft {
  const v = value as Partial<Draft> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.mood === 'string' &&
    typeof v.otherMood === 'string' &&
    typeof v.title === 'string' &&
    typeof v.body === 'string' &&
    typeof v.usePrompt === 'boolean'
  );
}

/**
 * A new journal entry: name the feeling first (a mood or your own words), then today's question and
 * the text, with a live count towards the 50 words that earn steps. The draft is kept on this device
 * until it is saved.
 */
export function NewEntry({ onDone }: { onDone: () => void }) {
  const user = useSignedInUser();
  const draftKey = `ascenso.diario.borrador.${user.id}`;
  const [draft, setDraft] = useState<Draft>(() => readStored(draftKey, EMPTY, isDraft));
  const [step, setStep] = useState<'mood' | 'write'>(() => (draft.body.trim() && moodOf(draft) ? 'write' : 'mood'));
  const [moodError, setMoodError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  /** The saved entry's helplines, when the risk screen flagged it (shown before going back). */
  const [savedSafety, setSavedSafety] = useState<SafetyView | null>(null);
  const prompt = useJournalPrompt();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useStepFeedback();
  const create = useMutation(trpc.journaling.create.mutationOptions());
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const countId = useId();

  const update = (patch: Partial<Draft>) => {
    setDraft((current) => {
      const next = { ...current, ...patch };
      writeStored(draftKey, next);
      return next;
    });
  };

  const mood = moodOf(draft);
  const words = countWords(draft.body);
  const progress = wordProgress(words, prompt.data?.minWords);

  useEffect(() => {
    stepHeading.current?.focus();
  }, [step]);

  const continueToWrite = () => {
    if (!mood) {
      setMoodError('Elige cómo te sientes o escríbelo con tus palabras.');
      return;
    }
    setMoodError(null);
    setStep('write');
  };

  const save = () => {
    if (!draft.body.trim()) {
      setSaveError('Escribe algo antes de guardar la entrada.');
      return;
    }
    setSaveError(null);
    create.mutate(
      {
        mood,
        body: draft.body.trim(),
        title: draft.title.trim() || suggestedTitle(draft.body),
        ...(draft.usePrompt && prompt.data ? { prompt: prompt.data.prompt } : {}),
      },
      {
        onSuccess: (result) => {
          try {
            window.localStorage.removeItem(draftKey);
          } catch {
            // Nothing to clean.
          }
          void queryClient.invalidateQueries({ queryKey: trpc.journaling.list.queryKey() });
          if (result.activityId) feedback.fromJournal(result);
          else {
            toaster.create({
              type: 'info',
              title: 'Entrada guardada',
              description: result.stepsNote ?? `Con ${result.minWords} palabras o más, una entrada suma pasos.`,
              closable: true,
            });
          }
          if (result.safety) setSavedSafety(result.safety);
          else onDone();
        },
        onError: (error) => setSaveError(errorMessage(error, 'journal-save')),
      },
    );
  };

  if (savedSafety) return <JournalSafetyNote safety={savedSafety} onDone={onDone} />;

  if (step === 'mood') {
    return (
      <StepCard id="paso-animo" step={1} title="¿Cómo te sientes ahora?" headingRef={stepHeading}>
        <Text mt="1" color="text.muted">
          Ponerle nombre a lo que sientes ya es un primer paso.
        </Text>
        <Stack gap="5" mt="5">
          <ChoiceChips
            name="animo"
            legend="Tu estado de ánimo"
            hideLegend
            options={[...JOURNAL_MOODS.map((m) => ({ value: m as string, label: moodLabel(m) })), { value: OTHER, label: 'Otra cosa' }]}
            value={draft.mood || null}
            onChange={(value) => {
              setMoodError(null);
              update({ mood: value });
            }}
          />
          {draft.mood === OTHER ? (
            <Field.Root invalid={Boolean(moodError)} maxW="sm">
              <Field.Label>Dilo con tus palabras</Field.Label>
              <Input
                value={draft.otherMood}
                onChange={(event) => update({ otherMood: event.currentTarget.value })}
                maxLength={JOURNAL_MOOD_MAX_LENGTH}
                placeholder="Por ejemplo: nervios, ilusión..."
                autoFocus
              />
            </Field.Root>
          ) : null}
          {moodError ? (
            <Text role="alert" color="fg.error" fontSize="sm">
              {moodError}
            </Text>
          ) : null}
          <HStack gap="3" flexWrap="wrap">
            <Button colorPalette="brand" borderRadius="full" onClick={continueToWrite}>
              Continuar
            </Button>
            <Button variant="ghost" borderRadius="full" onClick={onDone}>
              Cancelar
            </Button>
          </HStack>
        </Stack>
      </StepCard>
    );
  }

  return (
    <StepCard id="paso-escribir" step={2} title="Escribe" headingRef={stepHeading}>
      <HStack mt="2" gap="2" flexWrap="wrap">
        <Text color="ink.800">
          Te sientes: <strong>{moodLabel(mood)}</strong>
        </Text>
        <Button variant="plain" size="sm" color="brand.700" textDecoration="underline" px="1" onClick={() => setStep('mood')}>
          Cambiar
        </Button>
      </HStack>

      <Stack gap="5" mt="5">
        {prompt.data ? (
          <Box {...WARM_BOX} borderRadius="xl" p="4">
            <Text fontSize="sm" fontWeight="700" color="sun.900">
              La pregunta de hoy
            </Text>
            <Text mt="1" fontSize="lg" color="heading" fontWeight="600">
              {prompt.data.prompt}
            </Text>
            <Checkbox.Root mt="3" checked={draft.usePrompt} onCheckedChange={(d) => update({ usePrompt: d.checked === true })} colorPalette="brand">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label fontSize="sm">Responder a esta pregunta</Checkbox.Label>
            </Checkbox.Root>
          </Box>
        ) : null}

        <Field.Root>
          <Field.Label>
            Título{' '}
            <Text as="span" color="text.muted" fontWeight="400">
              (opcional)
            </Text>
          </Field.Label>
          <Input value={draft.title} onChange={(event) => update({ title: event.currentTarget.value })} maxLength={JOURNAL_TITLE_MAX_LENGTH} />
        </Field.Root>

        <Field.Root invalid={Boolean(saveError)}>
          <Field.Label>Tu entrada</Field.Label>
          <Textarea
            value={draft.body}
            onChange={(event) => update({ body: event.currentTarget.value })}
            autoresize
            minH="56"
            maxLength={JOURNAL_BODY_MAX_LENGTH}
            lineHeight="1.7"
            fontSize="md"
            aria-describedby={countId}
            placeholder="Escribe sin filtros. Nadie más lo lee."
          />
          <Box id={countId} w="full">
            <Box h="1.5" borderRadius="full" bg="ink.100" overflow="hidden" mt="1" aria-hidden="true">
              <Box h="full" w={`${progress.share * 100}%`} bg={progress.reached ? 'brand.600' : 'sun.500'} borderRadius="full" transition="width 0.2s" />
            </Box>
            <Text mt="1.5" fontSize="sm" color={progress.reached ? 'brand.800' : 'ink.700'} fontWeight={progress.reached ? '600' : '400'}>
              {progress.label}
            </Text>
          </Box>
          {/* Announced once, when the entry starts earning steps. */}
          <Box srOnly aria-live="polite">
            {progress.reached ? 'Ya tienes las palabras necesarias: esta entrada suma pasos.' : ''}
          </Box>
        </Field.Root>

        {saveError ? (
          <Text role="alert" color="fg.error">
            {saveError}
          </Text>
        ) : null}

        <HStack gap="3" flexWrap="wrap">
          <Button colorPalette="brand" borderRadius="full" size="lg" onClick={save} loading={create.isPending} loadingText="Guardando...">
            Guardar entrada
          </Button>
          <Button variant="ghost" borderRadius="full" size="lg" onClick={onDone} disabled={create.isPending}>
            Cancelar
          </Button>
        </HStack>
        <Text fontSize="xs" color="text.muted">
          Tu borrador se guarda en este dispositivo mientras escribes.
        </Text>
      </Stack>
    </StepCard>
  );
}

/** One of the two steps: "Paso N de 2" over its h2 (focused when the step shows), then the step. */
function StepCard({
  id,
  step,
  title,
  headingRef,
  children,
}: {
  id: string;
  step: 1 | 2;
  title: string;
  headingRef: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <SurfaceCard as="section" aria-labelledby={id}>
      <Text fontSize="sm" color="text.muted" mb="1">
        {`Paso ${step} de 2`}
      </Text>
      <FocusHeading as="h2" id={id} ref={headingRef} fontSize={{ base: 'xl', md: '2xl' }}>
        {title}
      </FocusHeading>
      {children}
    </SurfaceCard>
  );
}

function moodOf(draft: Draft): string {
  return (draft.mood === OTHER ? draft.otherMood : draft.mood).trim();
}
