import {
  Badge,
  Box,
  Button,
  Circle,
  Container,
  Grid,
  Heading,
  HStack,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ACTIVITY_KEYS } from '@ascenso/domain/activities';
import { useState, type ReactNode } from 'react';
import { ActivityIcon } from '../../../components/ui/activity-icon';
import { CheckIcon, FootprintsIcon } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/error-messages';
import { useSignedInUser } from '../../../lib/session';
import type { ActivityProgress } from '../../../lib/steps/stats-cache';
import { formatSteps, stepsLabel } from '../../../lib/steps/format-steps';
import { useStepStatsQuery } from '../../../lib/steps/use-step-stats';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { allowancePercent, formatLocalDay, inCatalogueOrder, timeZoneName, todayCountLabel } from '../utils/profile-format';

/** /profile — "Tu perfil": account details, step totals and today's progress per activity. */
export function ProfilePage() {
  useDocumentTitle('Tu perfil');
  const user = useSignedInUser();
  const stats = useStepStatsQuery();
  const [now] = useState(() => new Date());
  const zoneName = timeZoneName(user.timezone, now);

  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <Box>
          <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} letterSpacing="-0.02em" color="heading">
            Tu perfil
          </Heading>
          <Text mt="2" color="text.muted" fontSize={{ base: 'md', md: 'lg' }}>
            Tus datos y los pasos que llevas sumados.
          </Text>
        </Box>

        <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 1.1fr) minmax(0, 1fr)' }} gap={{ base: '4', md: '6' }}>
          <Card labelledBy="perfil-datos">
            <Heading as="h2" id="perfil-datos" fontSize="lg" color="heading" mb="4">
              Tus datos
            </Heading>
            <Box as="dl" display="grid" gap="3">
              <Field label="Nombre" value={user.firstName} />
              <Field label="Apellidos" value={user.lastName?.trim() ? user.lastName : null} />
              <Field label="Correo electrónico" value={user.email} breakAll />
              <Field label="Zona horaria" value={zoneName ? `${user.timezone} (${zoneName})` : user.timezone} />
            </Box>
          </Card>

          <Box
            as="section"
            aria-labelledby="perfil-pasos"
            borderRadius="card"
            bg="brand.900"
            color="hero.text"
            p={{ base: '5', md: '7' }}
            boxShadow="raised"
            display="flex"
            flexDirection="column"
          >
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
          </Box>
        </Grid>

        <Card labelledBy="perfil-hoy">
          <Stack gap="1" mb="5">
            <Heading as="h2" id="perfil-hoy" fontSize="lg" color="heading">
              Tu progreso de hoy
            </Heading>
            <Text color="text.muted" fontSize="sm">
              {stats.data && formatLocalDay(stats.data.stats.day)
                ? `${capitalise(formatLocalDay(stats.data.stats.day) ?? '')}. `
                : ''}
              Cada actividad suma pasos hasta su límite diario; después queda registrada, sin pasos extra.
            </Text>
          </Stack>
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
        </Card>
      </Stack>
    </Container>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function Card({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <Box
      as="section"
      aria-labelledby={labelledBy}
      bg="surface"
      borderRadius="card"
      borderWidth="1px"
      borderColor="border.soft"
      boxShadow="card"
      p={{ base: '5', md: '7' }}
    >
      {children}
    </Box>
  );
}

function Field({ label, value, breakAll = false }: { label: string; value: string | null; breakAll?: boolean }) {
  return (
    <Box display="grid" gridTemplateColumns={{ base: '1fr', sm: '10rem 1fr' }} gap={{ base: '0', sm: '3' }}>
      <Text as="dt" color="text.muted" fontSize="sm" fontWeight="600">
        {label}
      </Text>
      <Text as="dd" color={value ? 'text' : 'text.muted'} overflowWrap={breakAll ? 'anywhere' : undefined}>
        {value ?? 'Sin indicar'}
      </Text>
    </Box>
  );
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

function ActivityRow({ activity }: { activity: ActivityProgress }) {
  const full = activity.remaining === 0;
  const percent = allowancePercent(activity.todayCount, activity.dailyLimit);
  return (
    <Box
      as="li"
      display="flex"
      gap="3"
      alignItems="flex-start"
      p="3"
      borderRadius="lg"
      borderWidth="1px"
      borderColor={full ? 'sun.200' : 'border.soft'}
      bg={full ? 'sun.50' : 'canvas'}
    >
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
    </Box>
  );
}
