import { Box, Button, Center, Stack, Text, VStack } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, type MouseEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ArrowRightIcon } from '#components/ui/icons';
import { useInvalidateAssessment, usePrefetchResultsNotice } from '../api/assessment-queries';
import { COMPLETION_REDIRECT_MS } from '../utils/timing';
import { FocusHeading } from '#components/ui/focus-heading';

/**
 * "¡Felicidades!" (spec §4): after 6 s the assessment, status and progress queries are refreshed
 * and the user lands on Home. A button skips the wait; «Ver tus resultados» leads to the results at
 * once, and the countdown then leads nowhere. `stepsNote`: why this completion earned no steps (the same answers
 * as the last assessment), shown under the message.
 */
export function CompletionScreen({ stepsNote = null }: { stepsNote?: string | null }) {
  const navigate = useNavigate();
  const invalidate = useInvalidateAssessment();
  const prefetchResultsNotice = usePrefetchResultsNotice();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const finished = useRef(false);

  const finish = useCallback(() => {
    if (finished.current) return;
    finished.current = true;
    void navigate('/', { replace: true });
    void invalidate();
    // Home's «resultados listos» line arrives with the status that opens Home: no line popping in after.
    void prefetchResultsNotice();
  }, [invalidate, navigate, prefetchResultsNotice]);

  // The link navigates by itself (a real link, which can also be opened in a new tab). Followed here, it
  // stops the countdown and refreshes the status, so the full route table (and the results page) opens.
  const toResults = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    finished.current = true;
    void invalidate();
  };

  useEffect(() => {
    headingRef.current?.focus();
    const timer = setTimeout(finish, COMPLETION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [finish]);

  return (
    <Center as="section" aria-labelledby="felicidades" minH="70dvh" px="6" py="12">
      <VStack gap="6" maxW="lg" textAlign="center">
        <CelebrationArt />
        <FocusHeading as="h1" id="felicidades" ref={headingRef} fontSize={{ base: '4xl', md: '5xl' }} letterSpacing="-0.03em">
          ¡Felicidades!
        </FocusHeading>
        <Text fontSize={{ base: 'lg', md: 'xl' }} color="ink.700" lineHeight="1.5">
          Has completado tu Evaluación Profesional Integral. Tu coach ya puede personalizar tus conversaciones, tu plan diario y tus recomendaciones.
        </Text>
        {stepsNote ? (
          <Text color="ink.700" data-testid="nota-pasos">
            {stepsNote}
          </Text>
        ) : null}
        <Text color="text.muted" role="status">
          Te llevamos al inicio en unos segundos…
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align="center">
          <Button onClick={finish} colorPalette="brand" size="lg" borderRadius="full">
            Ir al inicio ahora
            <ArrowRightIcon />
          </Button>
          <Button asChild variant="outline" size="lg" borderRadius="full">
            <RouterLink to="/assessment/results" replace onClick={toResults}>
              Ver tus resultados
            </RouterLink>
          </Button>
        </Stack>
      </VStack>
    </Center>
  );
}

function CelebrationArt() {
  return (
    <Box aria-hidden="true" animation="scale-in 500ms ease-out" _motionReduce={{ animation: 'none' }}>
      <svg width="150" height="96" viewBox="0 0 150 96" fill="none" focusable="false">
        <circle cx="75" cy="40" r="22" fill="#fcd7ab" />
        <circle cx="75" cy="40" r="36" fill="#fcd7ab" opacity="0.35" />
        <path d="M4 92 52 44l22 22 18-16 54 42z" fill="#a9e2d6" />
        <path d="M34 92 74 58l16 12 14-8 42 30z" fill="#43ad9d" />
        <path d="m75 8 2.4 6.6L84 17l-6.6 2.4L75 26l-2.4-6.6L66 17l6.6-2.4z" fill="#ee8433" />
        <circle cx="28" cy="22" r="3" fill="#43ad9d" />
        <circle cx="124" cy="18" r="3.5" fill="#f4a05a" />
        <circle cx="134" cy="44" r="2.5" fill="#289183" />
        <circle cx="16" cy="50" r="2.5" fill="#f4a05a" />
      </svg>
    </Box>
  );
}
