import {
  ASSESSMENT_SECTIONS,
  ASSESSMENT_VERSION,
  AssessmentResponsesSchema,
  missingFields,
  percentComplete,
  type EnergyFactor,
  type FieldName,
  type MultiField,
  type PartialResponses,
} from '@ascenso/domain/assessment';
import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ArrowRightIcon } from '#components/ui/icons';
import { LoadingScreen } from '#components/ui/loading-screen';
import { toaster } from '#components/ui/toaster';
import { CONNECTION_ERROR_MESSAGE } from '#lib/error-messages';
import { useSignedInUser } from '#lib/session';
import { useDocumentTitle } from '#lib/use-document-title';
import { isNotFound } from '#lib/errors';
import { useCompleteAssessmentMutation, useWizardStartQueries } from '../api/assessment-queries';
import { useAutosave } from '../hooks/use-autosave';
import { decideWizardStart, type WizardStart } from '../utils/load-decision';
import {
  canGoBack,
  initialWizardState,
  isLastStep,
  progressPayload,
  responsesForSubmit,
  resumedWizardState,
  wizardReducer,
  type WizardState,
} from '../utils/wizard-state';
import { CompletionScreen } from './completion-screen';
import { MissingQuestions } from './missing-questions';
import { questionId } from './question-field';
import { ResumeDialog } from './resume-dialog';
import { SectionQuestions } from './section-questions';
import { SuccessScreen } from './success-screen';
import { WizardHeader } from './wizard-header';
import { WizardIntro } from './wizard-intro';
import { FocusHeading } from '#components/ui/focus-heading';

const INCOMPLETE_TOAST_ID = 'seccion-incompleta';

/**
 * The assessment wizard (/evaluacion, /assessment, and every path while the assessment is pending).
 * `?success=true` shows the "Excelente trabajo" screen instead.
 */
export function AssessmentWizardPage() {
  const [searchParams] = useSearchParams();
  const success = searchParams.get('success') === 'true';
  useDocumentTitle(success ? 'Excelente trabajo' : 'Evaluación');
  if (success) return <SuccessScreen />;
  return <WizardLoader />;
}

/** Loads the saved progress and the latest assessment, then decides where the wizard starts. */
function WizardLoader() {
  const { progress, latest } = useWizardStartQueries();
  const [now] = useState(() => new Date());

  const failed = [progress, latest].find((q) => q.isError && !isNotFound(q.error));
  if (failed) {
    return (
      <Container maxW="md" py="16" textAlign="center">
        <Stack gap="5" align="center">
          <Heading as="h1" size="xl" color="heading">
            No hemos podido cargar tu evaluación
          </Heading>
          <Text color="text.muted" role="alert">
            {CONNECTION_ERROR_MESSAGE}
          </Text>
          <Button
            colorPalette="brand"
            borderRadius="full"
            onClick={() => {
              void progress.refetch();
              void latest.refetch();
            }}
          >
            Reintentar
          </Button>
        </Stack>
      </Container>
    );
  }
  // Decide only on answers fetched now (a cached progress may be outdated).
  if (!progress.isFetchedAfterMount || !latest.isFetchedAfterMount) return <LoadingScreen minH="60dvh" />;

  const start = decideWizardStart({
    progress: progress.isError ? null : (progress.data ?? null),
    latestAssessment: latest.isError ? null : (latest.data ?? null),
    now,
  });
  return <WizardFlow start={start} />;
}

type Phase = 'intro' | 'dialog' | 'questions' | 'done';

function initialState(start: WizardStart): WizardState {
  return start.kind === 'resume' ? resumedWizardState(start.progress) : initialWizardState();
}

function WizardFlow({ start }: { start: WizardStart }) {
  const navigate = useNavigate();
  const user = useSignedInUser();
  const [phase, setPhase] = useState<Phase>(start.kind === 'resume' ? 'questions' : start.kind);
  const [state, dispatch] = useReducer(wizardReducer, start, initialState);
  const [attemptedStep, setAttemptedStep] = useState<number | null>(null);
  const autosave = useAutosave(state, phase === 'questions');
  const complete = useCompleteAssessmentMutation();
  /** The server's reason when the completion earned no steps (the same answers as last time: decision 037). */
  const [stepsNote, setStepsNote] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const section = ASSESSMENT_SECTIONS[state.step - 1]!;
  const missing = missingFields(state.step, state.responses);
  const sectionComplete = missing.length === 0;
  const last = isLastStep(state.step);

  // Focus management: every step change (and the first question screen) moves focus to the
  // section title, from the top of the page.
  useEffect(() => {
    if (phase !== 'questions') return;
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [phase, state.step]);

  const begin = () => {
    dispatch({ type: 'start' });
    setPhase('questions');
  };

  const startNew = () => {
    dispatch({ type: 'reset' });
    dispatch({ type: 'start' });
    setPhase('questions');
  };

  const cancelAndLeave = () => {
    dispatch({ type: 'reset' });
    void navigate('/', { replace: true });
  };

  const focusQuestion = useCallback((name: FieldName) => {
    const container = document.querySelector<HTMLElement>(`[data-question="${name}"]`);
    const target = container?.querySelector<HTMLElement>('input, textarea') ?? document.getElementById(questionId(name));
    container?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, []);

  const blockIncomplete = () => {
    setAttemptedStep(state.step);
    if (!toaster.isVisible(INCOMPLETE_TOAST_ID)) {
      toaster.create({
        id: INCOMPLETE_TOAST_ID,
        // The destructive variant: Chakra's warning colours miss AA contrast on the toast.
        type: 'error',
        title: 'Sección incompleta',
        description: 'Por favor completa todas las preguntas requeridas antes de continuar.',
        closable: true,
      });
    }
    const first = missing[0];
    if (first) focusQuestion(first);
  };

  const handleNext = () => {
    if (!sectionComplete) {
      blockIncomplete();
      return;
    }
    setAttemptedStep(null);
    dispatch({ type: 'next' });
  };

  const handleBack = () => {
    setAttemptedStep(null);
    dispatch({ type: 'back' });
  };

  const handleComplete = async () => {
    if (complete.isPending) return;
    if (!sectionComplete) {
      blockIncomplete();
      return;
    }
    const parsed = AssessmentResponsesSchema.safeParse(responsesForSubmit(state.responses));
    if (!parsed.success) {
      // The per-section rules passed, so this cannot normally happen; the server would refuse it too.
      showCompletionError();
      return;
    }
    // No autosave may land after the assessment is stored (it would recreate the progress).
    autosave.scheduler.cancel();
    await autosave.scheduler.settled();
    complete.mutate(
      { responses: parsed.data, version: ASSESSMENT_VERSION },
      {
        onSuccess: (result) => {
          setStepsNote(result.stepsNote);
          setPhase('done');
        },
        onError: (error) => {
          console.warn('[evaluación] No se pudo completar la evaluación', error);
          showCompletionError();
          // Keep what the user answered.
          autosave.scheduler.schedule(progressPayload(state));
        },
      },
    );
  };

  const handlers = {
    onAnswer: (field: FieldName, value: PartialResponses[FieldName]) => dispatch({ type: 'answer', field, value }),
    onToggle: (field: MultiField, value: string) => dispatch({ type: 'toggle', field, value }),
    onEnergy: (factor: EnergyFactor, score: number) => dispatch({ type: 'energy', factor, score }),
  };

  if (phase === 'done') return <CompletionScreen stepsNote={stepsNote} />;

  if (phase === 'intro' || phase === 'dialog') {
    return (
      <>
        <WizardIntro onStart={begin} />
        {start.kind === 'dialog' ? (
          <ResumeDialog
            open={phase === 'dialog'}
            assessmentCreatedAt={start.assessmentCreatedAt}
            timeZone={user.timezone}
            onCancel={cancelAndLeave}
            onContinue={startNew}
          />
        ) : null}
      </>
    );
  }

  const invalidFields = attemptedStep === state.step ? missing : [];

  return (
    <Box>
      <WizardHeader step={state.step} percent={percentComplete(state.responses)} saveStatus={autosave.status} />
      <Container maxW="3xl" py={{ base: '6', md: '10' }}>
        <Stack gap="6">
          <Box>
            <Text fontSize="sm" fontWeight="600" color="brand.700" textTransform="uppercase" letterSpacing="0.08em" mb="2">
              Evaluación Profesional Integral
            </Text>
            {/* Focus lands here programmatically on every step change (no outline, even a focus-visible one). */}
            <FocusHeading
              as="h1"
              ref={headingRef}
              fontSize={{ base: '2xl', md: '4xl' }}
              lineHeight="1.15"
              letterSpacing="-0.02em"
              _focusVisible={{ outline: 'none' }}
            >
              {section.title}
            </FocusHeading>
            <Text mt="2" color="ink.700" fontSize={{ base: 'md', md: 'lg' }}>
              {section.intro}
            </Text>
          </Box>

          <SectionQuestions key={state.step} section={section} responses={state.responses} invalidFields={invalidFields} {...handlers}>
            {(revealed) => (revealed && !sectionComplete ? <MissingQuestions step={state.step} missing={missing} onGoTo={focusQuestion} /> : null)}
          </SectionQuestions>

          <Stack as="nav" aria-label="Pasos de la evaluación" direction={{ base: 'column-reverse', sm: 'row' }} justify="space-between" gap="3" pt="2">
            <Button variant="outline" size="lg" borderRadius="full" onClick={handleBack} disabled={!canGoBack(state)}>
              Anterior
            </Button>
            {last ? (
              <Button
                colorPalette="brand"
                size="lg"
                borderRadius="full"
                aria-disabled={!sectionComplete || undefined}
                loading={complete.isPending}
                loadingText="Guardando..."
                onClick={() => void handleComplete()}
              >
                ¡Completar Evaluación!
              </Button>
            ) : (
              <Button colorPalette="brand" size="lg" borderRadius="full" aria-disabled={!sectionComplete || undefined} onClick={handleNext}>
                Siguiente
                <ArrowRightIcon />
              </Button>
            )}
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}

function showCompletionError() {
  toaster.create({
    type: 'error',
    title: 'Error',
    description: 'No se pudo completar la evaluación. Inténtalo de nuevo.',
    closable: true,
  });
}
