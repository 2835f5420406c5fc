import { experiencePhrase } from '@ascenso/domain/assessment-phrases';
import type { CoachingProfile, Labelled } from '@ascenso/domain/assessment-profile';
import { capitalise, inlineFreeText } from '@ascenso/domain/spanish-text';
import { Badge, Box, Container, Grid, Heading, HStack, List, Stack, Text, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ArrowRightIcon } from '#components/ui/icons';
import { useSignedInUser } from '#lib/session';
import { useDocumentTitle } from '#lib/use-document-title';
import { useAssessmentHistoryQuery, useAssessmentProfileQuery } from '../api/assessment-queries';
import { useRecordResultsOpened } from '../hooks/use-record-results-opened';
import { formatLongDate } from '../utils/format';
import { profileEnergyBars } from '../utils/profile-energy';
import { EnergyChart } from './energy-chart';
import { PageStatus } from './page-error';
import { SurfaceCard } from '#components/ui/page-frame';
import { ButtonLink } from '#components/ui/button-link';
import { RouteHeading } from '#components/ui/route-heading';

/** /assessment/results — "Tu perfil": what the assessment says about you, and your past assessments. */
export function AssessmentResultsPage() {
  useDocumentTitle('Resultados de tu evaluación');
  const profile = useAssessmentProfileQuery();
  const history = useAssessmentHistoryQuery();

  if (!profile.isSuccess) return <PageStatus title="Tu perfil" query={profile} />;
  const latest = history.data?.[0];
  return <ResultsView profile={profile.data} completedAt={latest?.createdAt ?? null} history={history} />;
}

type HistoryQuery = ReturnType<typeof useAssessmentHistoryQuery>;

function ResultsView({ profile, completedAt, history }: { profile: CoachingProfile; completedAt: Date | null; history: HistoryQuery }) {
  const user = useSignedInUser();
  // On screen: Home's «resultados listos» line has done its job.
  useRecordResultsOpened();
  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <Stack gap="4" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'flex-end' }}>
          <Box>
            <Text fontSize="sm" fontWeight="600" color="brand.700" textTransform="uppercase" letterSpacing="0.08em" mb="2">
              Resultados de tu evaluación
            </Text>
            {/* Takes focus after an in-app navigation (from the header's menu, Home's line or «¡Felicidades!»). */}
            <RouteHeading fontSize={{ base: '3xl', md: '4xl' }} letterSpacing="-0.02em">
              Tu perfil
            </RouteHeading>
            {completedAt ? (
              <Text color="text.muted" mt="1">
                Evaluación del {formatLongDate(completedAt, user.timezone)}
              </Text>
            ) : null}
          </Box>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <ButtonLink to="/assessment-eval" colorPalette="brand">
              Ver tu evaluación
              <ArrowRightIcon />
            </ButtonLink>
            <ButtonLink to="/assessment" variant="outline">
              Repetir la evaluación
            </ButtonLink>
          </Stack>
        </Stack>

        <Card title="Tu contexto" id="contexto">
          <Text fontSize={{ base: 'lg', md: 'xl' }} fontWeight="600" color="heading">
            {profile.role} · {profile.industry}
          </Text>
          <Wrap gap="2" mt="3">
            <Chip>{profile.seniority.label}</Chip>
            {/* "9 años" reads "9 años de experiencia"; an answer that is not a length of time ("Poca") is shown as written. */}
            <Chip>{capitalise(experiencePhrase(profile.experience) ?? `Experiencia: ${inlineFreeText(profile.experience)}`)}</Chip>
            <Chip>{profile.companySize.label}</Chip>
            <Chip>{profile.workLocation.label}</Chip>
            <Chip>{profile.lifeStage.label}</Chip>
          </Wrap>
        </Card>

        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap={{ base: '6', md: '8' }} alignItems="start">
          <Card title="Lo que te da y te quita energía" id="energia">
            <Text color="text.muted" fontSize="sm" mb="4">
              De 1 (te agota) a 5 (te da energía), desde el punto neutro (3).
            </Text>
            <EnergyChart bars={profileEnergyBars(profile.energy)} />
          </Card>
          <Card title="Tu satisfacción profesional" id="satisfaccion">
            <Satisfaction rating={profile.satisfaction.rating} reason={profile.satisfaction.reason} />
          </Card>
        </Grid>

        <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }} gap={{ base: '6', md: '8' }}>
          <Card title="Tus fortalezas" id="fortalezas">
            <Tags items={profile.strengths} tone="brand" />
          </Card>
          <Card title="Áreas de desarrollo" id="desarrollo">
            <Tags items={profile.developmentAreas} tone="sun" />
          </Card>
          <Card title="Tus objetivos" id="objetivos">
            <List.Root gap="2" ps="5">
              {profile.goals.map((goal) => (
                <List.Item key={goal.value}>{goal.label}</List.Item>
              ))}
            </List.Root>
            {profile.longTermVision ? (
              <Text mt="4" color="text.muted" fontSize="sm">
                A cinco años: «{profile.longTermVision}»
              </Text>
            ) : null}
          </Card>
          <Card title="Cómo te acompaña tu coach" id="estilo">
            <Stack as="dl" gap="3">
              <Box>
                <Text as="dt" fontSize="sm" color="text.muted">
                  Estilo de coaching
                </Text>
                <Text as="dd" fontWeight="600" color="heading">
                  {profile.preferredStyle.label}
                </Text>
              </Box>
              <Box>
                <Text as="dt" fontSize="sm" color="text.muted">
                  Estilo de comunicación
                </Text>
                <Text as="dd" fontWeight="600" color="heading">
                  {profile.communicationStyle.label}
                </Text>
              </Box>
            </Stack>
          </Card>
        </Grid>

        <Card title="Tus evaluaciones" id="historial">
          <History history={history} timeZone={user.timezone} />
        </Card>
      </Stack>
    </Container>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  const headingId = `resultados-${id}`;
  return (
    <SurfaceCard as="section" aria-labelledby={headingId} px={{ base: '5', md: '7' }} py={{ base: '5', md: '6' }}>
      <Heading as="h2" id={headingId} fontSize="lg" color="heading" mb="4">
        {title}
      </Heading>
      {children}
    </SurfaceCard>
  );
}

function Chip({ children }: { children: ReactNode }) {
  return (
    <Badge size="lg" variant="subtle" bg="ink.100" color="ink.800" borderRadius="full" px="3" fontWeight="500">
      {children}
    </Badge>
  );
}

function Tags({ items, tone }: { items: readonly Labelled[]; tone: 'brand' | 'sun' }) {
  return (
    <Wrap as="ul" gap="2" listStyleType="none">
      {items.map((item) => (
        <Box
          as="li"
          key={item.value}
          px="3"
          py="1.5"
          borderRadius="full"
          fontWeight="600"
          fontSize="sm"
          bg={tone === 'brand' ? 'brand.50' : 'sun.50'}
          color={tone === 'brand' ? 'brand.800' : 'sun.900'}
          borderWidth="1px"
          borderColor={tone === 'brand' ? 'brand.200' : 'sun.200'}
        >
          {item.label}
        </Box>
      ))}
    </Wrap>
  );
}

function Satisfaction({ rating, reason }: { rating: number; reason: string }) {
  return (
    <Stack gap="4">
      <HStack align="baseline" gap="1">
        <Text fontSize="5xl" fontWeight="700" lineHeight="1" color="heading" fontVariantNumeric="tabular-nums">
          {rating}
        </Text>
        <Text fontSize="xl" color="text.muted">
          /10
        </Text>
        <Text srOnly>{`Satisfacción: ${rating} de 10`}</Text>
      </HStack>
      <HStack gap="1" aria-hidden="true">
        {Array.from({ length: 10 }, (_, i) => (
          <Box key={i} flex="1" h="3" borderRadius="sm" bg={i < rating ? (rating <= 4 ? 'sun.500' : 'brand.500') : 'ink.100'} />
        ))}
      </HStack>
      {reason ? <Text color="ink.700">«{reason}»</Text> : null}
    </Stack>
  );
}

function History({ history, timeZone }: { history: HistoryQuery; timeZone: string }) {
  if (history.isPending) return <Text color="text.muted">Cargando...</Text>;
  if (history.isError) return <Text color="text.muted">No hemos podido cargar tu historial.</Text>;
  if (history.data.length === 0) return <Text color="text.muted">Todavía no hay evaluaciones guardadas.</Text>;
  return (
    <List.Root as="ol" gap="0" listStyle="none">
      {history.data.map((entry, index) => (
        <List.Item
          key={entry.id}
          display="flex"
          flexWrap="wrap"
          justifyContent="space-between"
          alignItems="center"
          columnGap="3"
          rowGap="1"
          py="3"
          borderTopWidth={index === 0 ? '0' : '1px'}
          borderColor="border.soft"
        >
          <HStack gap="3" flexWrap="wrap">
            <Text fontWeight="600" color="heading">
              {formatLongDate(entry.createdAt, timeZone)}
            </Text>
            {index === 0 ? (
              <Badge colorPalette="brand" variant="subtle" borderRadius="full">
                La más reciente
              </Badge>
            ) : null}
          </HStack>
          <Text color="text.muted" whiteSpace="nowrap">
            Satisfacción {entry.satisfactionRating}/10
          </Text>
        </List.Item>
      ))}
    </List.Root>
  );
}
