import { formatDateTime } from '@ascenso/domain/date-format';
import { Box, Button, HStack, Heading, Skeleton, Spinner, Stack, Text } from '@chakra-ui/react';
import { CARD_SURFACE } from '#components/ui/card-surface';
import { CalendarCheckIcon, SparklesIcon } from '#components/ui/icons';
import { useSignedInUser } from '#lib/session';
import { useDailyPlan } from '../hooks/use-daily-plan';
import { PlanContent } from './plan-content';

/** Home's "Tu plan de hoy" card (spec §2, §4, §8). */
export function DailyPlanCard() {
  const user = useSignedInUser();
  const { view, generateNow, regeneratePlan, regenerating, regenerateError } = useDailyPlan();
  const ready = view.state === 'ready';
  const careful = view.state === 'ready' ? view.careful : null;

  return (
    <Box
      as="section"
      aria-labelledby="plan-de-hoy"
      aria-busy={view.state === 'loading' || view.state === 'generating' || regenerating}
      {...CARD_SURFACE}
      p={{ base: '5', md: '7' }}
    >
      <HStack justify="space-between" align="flex-start" gap="3" mb="4" flexWrap="wrap">
        <HStack gap="2.5">
          <Box as="span" display="inline-flex" p="2" borderRadius="lg" bg="sun.100" color="sun.800" aria-hidden="true">
            <CalendarCheckIcon boxSize="5" />
          </Box>
          <Heading as="h2" id="plan-de-hoy" fontSize={{ base: 'lg', md: 'xl' }} color="heading">
            {careful ? 'Hoy, cuídate' : ready ? 'Tu plan de hoy sugerido' : 'Tu plan de hoy'}
          </Heading>
        </HStack>
        {ready && !careful ? (
          <Button size="sm" variant="ghost" colorPalette="brand" borderRadius="full" onClick={regeneratePlan} loading={regenerating} loadingText="Generando...">
            <SparklesIcon />
            Generar otro plan
          </Button>
        ) : null}
      </HStack>

      {view.state === 'loading' ? (
        <Stack gap="3">
          <Skeleton h="5" w="80%" borderRadius="md" />
          <Skeleton h="14" borderRadius="xl" />
          <Skeleton h="14" borderRadius="xl" />
          <Text srOnly role="status">
            Cargando tu plan...
          </Text>
        </Stack>
      ) : view.state === 'generating' ? (
        <HStack gap="3" py="4" role="status" aria-live="polite">
          <Spinner size="sm" color="brand.600" aria-hidden="true" />
          <Text color="text.muted">Tu coach está preparando tu plan…</Text>
        </HStack>
      ) : view.state === 'empty' ? (
        <Stack gap="4" align="flex-start" py="2">
          <Text color="text.muted">No tienes un plan personalizado para hoy</Text>
          <Button colorPalette="brand" borderRadius="full" onClick={generateNow}>
            <SparklesIcon />
            Generar Plan Personalizado
          </Button>
        </Stack>
      ) : (
        <>
          {view.careful ? (
            // Careful mode: the helplines first (decision 032); the plan below has nothing to achieve.
            <Box mb="4" px="4" py="3" borderRadius="lg" bg="brand.50" borderWidth="1px" borderColor="brand.200" data-testid="plan-cuidado">
              <Text fontWeight="700" color="brand.900" mb="1">
                Lo primero, tú
              </Text>
              <Text color="ink.800">{view.careful.reminder}</Text>
            </Box>
          ) : null}
          <PlanContent html={view.content} completed={view.completedToday} />
          {view.fallback ? (
            <Text mt="4" fontSize="sm" color="sun.900" bg="sun.50" borderRadius="lg" px="3" py="2" data-testid="plan-sin-ia">
              Plan preparado sin IA porque el modelo no respondió. Puedes pedir otro más tarde con «Generar otro plan».
            </Text>
          ) : null}
          {view.careful ? (
            <Text mt="4" fontSize="xs" color="text.muted">
              Estos días tu plan es más tranquilo: solo prácticas suaves, sin metas.
            </Text>
          ) : (
            <Text mt="4" fontSize="xs" color="text.muted">
              Preparado {view.fallback ? 'sin IA' : 'por tu coach'} a las {formatDateTime(view.generatedAt, user.timezone, 'time')} a partir de tu evaluación y
              tu actividad.
            </Text>
          )}
        </>
      )}
      {regenerateError ? (
        <Text role="alert" mt="3" fontSize="sm" color="fg.error">
          {regenerateError}
        </Text>
      ) : null}
    </Box>
  );
}
