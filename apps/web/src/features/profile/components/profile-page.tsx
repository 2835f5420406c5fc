import { Badge, Box, Button, Circle, Container, Flex, Grid, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ACTIVITY_KEYS } from '@ascenso/domain/activities';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ActivityIcon } from '#components/ui/activity-icon';
import { CheckIcon, FootprintsIcon } from '#components/ui/icons';
import { PageHeading, PillLink, PillNav } from '#components/ui/page-heading';
import { errorMessage } from '#lib/error-messages';
import { useSignedInUser } from '#lib/session';
import type { ActivityProgress } from '#lib/steps/stats-cache';
import { formatSteps, stepsLabel } from '#lib/steps/format-steps';
import { useStepStatsQuery } from '#lib/steps/use-step-stats';
import { useDocumentTitle } from '#lib/use-document-title';
import { useHashTarget } from '#lib/use-hash-target';
import { allowancePercent, formatLocalDay, inCatalogueOrder, todayCountLabel } from '#lib/format';
import { AccountCard } from './account-card';
import { AddressFormCard } from './address-form-card';
import { AssessmentSummaryCard } from './assessment-summary-card';
import { CoachMemoryCard } from './coach-memory-card';
import { DataRightsCard } from './data-rights-card';
import { LedgerCard } from './ledger-card';
import { ProfileCard } from './profile-card';
import { InsetBox } from '#components/ui/section-card';
import { SecurityCard } from './security-card';
import { StepsHistoryCard } from './steps-history-card';

const SECTIONS = [
  { id: 'perfil-datos', label: 'Tus datos' },
  { id: 'perfil-historial-grafico', label: 'Pasos' },
  { id: 'perfil-evaluacion', label: 'Evaluación' },
  { id: 'perfil-coach', label: 'Tu coach' },
  { id: 'perfil-seguridad', label: 'Seguridad' },
  { id: 'perfil-cuenta', label: 'Tu cuenta' },
] as const;

/**
 * /profile — "Tu perfil": account details (editable), step totals, the 30-day chart, today's progress
 * per activity, the ledger, the assessment summary, what the coach knows, security and data rights.
 */
const CARD_SHAPE = { borderRadius: 'card', p: { base: '5', md: '7' } } as const;

/**
 * `calendarSection`: the work hours and calendar feed cards (features/calendar); `sharesSection`: sharing with a coach or
 * therapist (features/shares). Both composed in by app/profile-route.tsx.
 */
export function ProfilePage({ calendarSection, sharesSection }: { calendarSection?: ReactNode; sharesSection?: ReactNode } = {}) {
  useDocumentTitle('Tu perfil');
  // `/profile#<section heading id>` (the header menu's «Compartir»): that section, scrolled to and focused.
  useHashTarget();
  const user = useSignedInUser();
  const stats = useStepStatsQuery();

  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <Box>
          <PageHeading title="Tu perfil" description="Tus datos, tus pasos y lo que tu coach sabe de ti." />
          <PillNav label="Secciones del perfil" mt="4">
            {SECTIONS.map((section) => (
              <PillLink
                key={section.id}
                href={`#${section.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  const heading = document.getElementById(section.id);
                  heading?.scrollIntoView({ block: 'start' });
                  heading?.focus({ preventScroll: true });
                }}
              >
                {section.label}
              </PillLink>
            ))}
          </PillNav>
        </Box>

        <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 1.1fr) minmax(0, 1fr)' }} gap={{ base: '4', md: '6' }}>
          <AccountCard user={user} />

          <Flex as="section" aria-labelledby="perfil-pasos" direction="column" bg="brand.900" color="hero.text" boxShadow="raised" {...CARD_SHAPE}>
            <HStack gap="2" mb="4">
              <FootprintsIcon boxSize="5" color="sun.300" aria-hidden="true" />
              <Heading as="h2" id="perfil-pasos" fontSize="lg" color="white">
                Tus pasos
              </Heading>
            </HStack>
            {stats.data ? (
              <Box as="dl" display="grid" gridTemplateColumns="1fr 1fr" gap="4">
                <StepFigure label="Total" value={stats.data.stats.totalSteps} />
                <StepFigure label="Hoy" value={stats.data.stats.todaySteps} />
              </Box>
            ) : stats.isError ? (
              <Stack gap="3" align="flex-start">
                <Text role="alert" color="hero.text">
                  No hemos podido cargar tus pasos. {errorMessage(stats.error)}
                </Text>
                <Button size="sm" variant="solid" colorPalette="sun" borderRadius="full" onClick={() => void stats.refetch()}>
                  Reintentar
                </Button>
              </Stack>
            ) : (
              <Box display="grid" gridTemplateColumns="1fr 1fr" gap="4" aria-busy="true">
                <Skeleton h="16" borderRadius="lg" />
                <Skeleton h="16" borderRadius="lg" />
                <Text srOnly>Cargando tus pasos...</Text>
              </Box>
            )}
            <Text mt={{ base: '4', md: 'auto' }} pt={{ md: '4' }} fontSize="sm" color="hero.muted">
              Completa actividades de bienestar para sumar pasos. «Hoy» se cuenta según tu zona horaria.
            </Text>
            <Button asChild mt="4" size="sm" variant="solid" colorPalette="sun" borderRadius="full" alignSelf="flex-start">
              <RouterLink to="/semana">Ver tu semana</RouterLink>
            </Button>
          </Flex>
        </Grid>

        <StepsHistoryCard />

        <ProfileCard
          id="perfil-hoy"
          title="Tu progreso de hoy"
          description={
            <>
              {stats.data && formatLocalDay(stats.data.stats.day) ? `${capitalise(formatLocalDay(stats.data.stats.day) ?? '')}. ` : ''}
              Cada actividad suma pasos hasta su límite diario; después queda registrada, sin pasos extra.
            </>
          }
        >
          {stats.data ? (
            <Box as="ul" listStyleType="none" display="grid" gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="3">
              {inCatalogueOrder(stats.data.stats.byActivity, ACTIVITY_KEYS).map((activity) => (
                <ActivityRow key={activity.activityKey} activity={activity} />
              ))}
            </Box>
          ) : stats.isError ? (
            <Text color="text.muted">Cuando podamos cargar tus pasos verás aquí cada actividad.</Text>
          ) : (
            <Stack gap="3" aria-hidden="true">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} h="16" borderRadius="lg" />
              ))}
            </Stack>
          )}
        </ProfileCard>

        <LedgerCard timeZone={user.timezone} />
        <AssessmentSummaryCard />
        <AddressFormCard />
        {calendarSection}
        {sharesSection}
        <CoachMemoryCard timeZone={user.timezone} />
        <SecurityCard />
        <DataRightsCard />
      </Stack>
    </Container>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function StepFigure({ label, value }: { label: string; value: number }) {
  return (
    <Box bg="whiteAlpha.100" borderRadius="lg" px="4" py="3">
      <Text as="dt" fontSize="sm" fontWeight="600" color="hero.muted">
        {label}
      </Text>
      <Box as="dd">
        <Text as="span" display="block" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="800" color="white" lineHeight="1.2" fontVariantNumeric="tabular-nums">
          {formatSteps(value)}
        </Text>
        <Text as="span" fontSize="sm" color="hero.muted">
          {value === 1 ? 'paso' : 'pasos'}
        </Text>
      </Box>
    </Box>
  );
}

/** An activity whose daily limit is reached is drawn in the sun colours. */
const FULL_ROW = { borderColor: 'sun.200', bg: 'sun.50' } as const;

function ActivityRow({ activity }: { activity: ActivityProgress }) {
  const full = activity.remaining === 0;
  const percent = allowancePercent(activity.todayCount, activity.dailyLimit);
  return (
    <InsetBox as="li" display="flex" gap="3" alignItems="flex-start" {...(full ? FULL_ROW : null)}>
      <Circle size="10" flexShrink={0} bg={full ? 'sun.100' : 'brand.50'} color={full ? 'sun.800' : 'brand.700'}>
        <ActivityIcon name={activity.icon} boxSize="5" />
      </Circle>
      <Box flex="1" minW="0">
        <HStack justify="space-between" align="flex-start" gap="2" wrap="wrap">
          <Text fontWeight="600" color="heading" lineHeight="1.35">
            {activity.name}
          </Text>
          {full ? (
            <Badge colorPalette="sun" variant="solid" bg="sun.800" color="white" borderRadius="full" px="2" gap="1">
              <CheckIcon boxSize="3" aria-hidden="true" />
              Límite alcanzado
            </Badge>
          ) : null}
        </HStack>
        <Box mt="2" h="1.5" borderRadius="full" bg={full ? 'sun.100' : 'ink.100'} overflow="hidden" aria-hidden="true">
          <Box h="full" w={`${percent}%`} borderRadius="full" bg={full ? 'sun.600' : 'brand.500'} />
        </Box>
        <HStack mt="1.5" justify="space-between" gap="2" wrap="wrap" fontSize="sm">
          <Text color="ink.700">{todayCountLabel(activity.todayCount, activity.dailyLimit)}</Text>
          <Text color={activity.todaySteps > 0 ? 'brand.700' : 'text.muted'} fontWeight={activity.todaySteps > 0 ? '700' : '400'}>
            {activity.todaySteps > 0 ? `+${stepsLabel(activity.todaySteps)} hoy` : 'Sin pasos hoy'}
          </Text>
        </HStack>
      </Box>
    </InsetBox>
  );
}
