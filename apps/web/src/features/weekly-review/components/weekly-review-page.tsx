import { REVIEW_AREAS, REVIEW_AREA_LABELS } from '@ascenso/domain/weekly-review';
import { Badge, Box, Button, Grid, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { BarChart } from '#components/charts/bar-chart';
import { WarmPanel } from '#components/ui/gradient-panel';
import { ArrowLeftIcon, ArrowRightIcon, SparklesIcon } from '#components/ui/icons';
import { LoadErrorCard } from '#components/ui/load-error-card';
import { PageFrame, SurfaceCard } from '#components/ui/page-frame';
import { SAFETY_BOX, SAFETY_COLORS, SafetyResourceList } from '#components/ui/safety-resources';
import { InsetBox, SectionCard } from '#components/ui/section-card';
import { longDay } from '#lib/chart';
import { readDomainError } from '#lib/errors';
import { formatSteps, stepsLabel } from '#lib/steps/format-steps';
import { useDocumentTitle } from '#lib/use-document-title';
import { useWeeklyReview, type WeeklyReview } from '../api/weekly-review-queries';
import { AREA_COLORS, activeDaysLabel, stepsByAreaAndDay, timesLabel, weekRange, weekdayName, weekdayShort } from '../utils/week-format';

const CARD = { p: { base: '5', md: '7' } } as const;

/**
 * /semana — "Tu semana": one ISO week (?semana=YYYY-Www, default the current one) with its active days,
 * steps per day and area (a chart with a table), mood words, commitments, three highlights and the
 * coach's reflection. No streaks: days are counted, never strung together.
 */
export function WeeklyReviewPage() {
  useDocumentTitle('Tu semana');
  const [params] = useSearchParams();
  const requested = params.get('semana') ?? undefined;
  const review = useWeeklyReview(requested);
  const data = review.data;
  // A week the API refuses (format, a week the year lacks, the future): its Spanish reason, no retry.
  const refusedWeek = review.isError ? readDomainError(review.error).fieldErrors.week?.[0] : undefined;

  return (
    <PageFrame
      title="Tu semana"
      description={data ? `Semana ${weekRange(data.from, data.to)}.` : 'Lo que hiciste, cómo te sentiste y lo que salió bien.'}
      back={{ to: '/', label: 'Inicio' }}
      maxW="5xl"
    >
      {data ? <WeekNav review={data} /> : null}
      {data ? (
        <WeekContent review={data} />
      ) : review.isError ? (
        <Stack gap="4">
          {refusedWeek ? (
            <SurfaceCard role="alert">
              <Text>{refusedWeek}</Text>
            </SurfaceCard>
          ) : (
            <LoadErrorCard error={review.error} onRetry={() => void review.refetch()} />
          )}
          {requested ? (
            <Button asChild variant="outline" borderRadius="full" alignSelf="flex-start">
              <RouterLink to="/semana">Ver esta semana</RouterLink>
            </Button>
          ) : null}
        </Stack>
      ) : (
        <Stack gap="4" aria-busy="true">
          <Text srOnly role="status">
            Cargando tu semana...
          </Text>
          <Skeleton h="12" borderRadius="card" />
          <Skeleton h="64" borderRadius="card" />
          <Skeleton h="40" borderRadius="card" />
        </Stack>
      )}
    </PageFrame>
  );
}

function WeekNav({ review }: { review: WeeklyReview }) {
  return (
    <Box as="nav" aria-label="Cambiar de semana" mb="6">
      <HStack as="ul" listStyleType="none" gap="2" flexWrap="wrap">
        {review.previousWeek ? (
          <li>
            <Button asChild variant="outline" borderRadius="full" size="sm">
              <RouterLink to={`/semana?semana=${review.previousWeek}`}>
                <ArrowLeftIcon />
                Semana anterior
              </RouterLink>
            </Button>
          </li>
        ) : null}
        {!review.isCurrentWeek ? (
          <li>
            <Button asChild variant="ghost" colorPalette="brand" borderRadius="full" size="sm">
              <RouterLink to="/semana">Esta semana</RouterLink>
            </Button>
          </li>
        ) : null}
        <li>
          {review.nextWeek ? (
            <Button asChild variant="outline" borderRadius="full" size="sm">
              <RouterLink to={`/semana?semana=${review.nextWeek}`}>
                Semana siguiente
                <ArrowRightIcon />
              </RouterLink>
            </Button>
          ) : (
            <Button variant="outline" borderRadius="full" size="sm" disabled aria-describedby="semana-actual-nota">
              Semana siguiente
              <ArrowRightIcon />
            </Button>
          )}
        </li>
      </HStack>
      {review.nextWeek ? null : (
        <Text id="semana-actual-nota" mt="2" fontSize="sm" color="text.muted">
          Estás viendo la semana en curso.
        </Text>
      )}
    </Box>
  );
}

export function WeekContent({ review }: { review: WeeklyReview }) {
  return (
    <Stack gap={{ base: '5', md: '7' }}>
      <Reflection review={review} />
      <Highlights review={review} />
      <Days review={review} />
      <StepsChart review={review} />
      <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap={{ base: '5', md: '6' }}>
        <Moods review={review} />
        <Commitments review={review} />
      </Grid>
    </Stack>
  );
}

function Reflection({ review }: { review: WeeklyReview }) {
  const { reflection } = review;
  if (reflection.source === 'careful') {
    return (
      <Box as="section" aria-labelledby="semana-reflexion" borderRadius="card" {...SAFETY_BOX} {...CARD}>
        <Heading as="h2" id="semana-reflexion" fontSize="lg" color={SAFETY_COLORS.ink}>
          Unas palabras de tu coach
        </Heading>
        <Text mt="3" color={SAFETY_COLORS.text} fontSize={{ base: 'md', md: 'lg' }} whiteSpace="pre-line">
          {reflection.text}
        </Text>
        <SafetyResourceList resources={reflection.resources} />
      </Box>
    );
  }
  return (
    <WarmPanel aria-labelledby="semana-reflexion" {...CARD}>
      <HStack gap="2">
        <SparklesIcon color="brand.700" boxSize="5" aria-hidden="true" />
        <Heading as="h2" id="semana-reflexion" fontSize="lg" color="heading">
          La reflexión de tu coach
        </Heading>
      </HStack>
      <Text mt="3" fontSize={{ base: 'lg', md: 'xl' }} fontWeight="500" color="heading" lineHeight="1.4" data-testid="semana-reflexion-texto">
        {reflection.text}
      </Text>
      <Text mt="2" fontSize="sm" color="text.muted">
        {reflection.source === 'ai'
          ? 'Escrita por tu coach con IA a partir de tus números de la semana (nunca del texto de tu diario).'
          : 'Escrita por tu coach guiado, sin IA.'}
      </Text>
    </WarmPanel>
  );
}

function Highlights({ review }: { review: WeeklyReview }) {
  return (
    <SectionCard id="semana-bien" title="Lo que salió bien" {...CARD}>
      {review.highlights.length > 0 ? (
        <Stack as="ol" gap="2" listStyleType="none" m="0" p="0">
          {review.highlights.map((highlight) => (
            <InsetBox as="li" key={highlight.kind} display="flex" gap="3" alignItems="flex-start">
              <Box as="span" w="2" h="2" mt="2" borderRadius="full" bg="brand.600" flexShrink={0} aria-hidden="true" />
              <Text>{highlight.text}</Text>
            </InsetBox>
          ))}
        </Stack>
      ) : null}
      {review.highlights.length < 3 ? (
        <Text mt={review.highlights.length > 0 ? '3' : '0'} color="text.muted">
          {review.highlights.length === 0
            ? 'Esta semana no hay nada registrado, y no pasa nada: cada semana empieza de cero, sin cuentas pendientes.'
            : 'Esta semana hubo poco que contar, y también vale: lo que hiciste cuenta.'}
        </Text>
      ) : null}
    </SectionCard>
  );
}

function Days({ review }: { review: WeeklyReview }) {
  return (
    <SectionCard id="semana-dias" title="Tus días" description={activeDaysLabel(review.activeDays)} {...CARD}>
      <Grid
        as="ul"
        listStyleType="none"
        m="0"
        p="0"
        templateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }}
        gap="3"
      >
        {review.days.map((day) => {
          const active = day.activities.length > 0;
          return (
            <InsetBox as="li" key={day.day} bg={active ? 'brand.50' : 'canvas'} borderColor={active ? 'brand.200' : 'border.soft'}>
              <HStack justify="space-between" align="baseline" gap="2">
                <Text fontWeight="600" color="heading" textTransform="capitalize">
                  {weekdayName(day.day)}
                </Text>
                <Text fontSize="sm" color="text.muted" fontVariantNumeric="tabular-nums">
                  {stepsLabel(day.steps)}
                </Text>
              </HStack>
              {active ? (
                <Stack as="ul" listStyleType="none" m="0" mt="2" p="0" gap="1" aria-label={`Actividades del ${longDay(day.day)}`}>
                  {day.activities.map((activity) => (
                    <Text as="li" key={activity.key} fontSize="sm">
                      {activity.name} · {timesLabel(activity.completions)}
                    </Text>
                  ))}
                </Stack>
              ) : (
                <Text mt="2" fontSize="sm" color="text.muted">
                  Día de descanso
                </Text>
              )}
            </InsetBox>
          );
        })}
      </Grid>
    </SectionCard>
  );
}

function StepsChart({ review }: { review: WeeklyReview }) {
  const byArea = stepsByAreaAndDay(review.days);
  const withSteps = review.areas.filter((a) => a.steps > 0);
  const summary =
    review.totalSteps === 0
      ? 'Gráfico de pasos por día: ningún paso esta semana.'
      : `Gráfico de pasos por día y área: ${stepsLabel(review.totalSteps)} en la semana; ${withSteps.map((a) => `${a.label}, ${stepsLabel(a.steps)}`).join('; ')}.`;
  return (
    <SectionCard
      id="semana-pasos"
      title="Pasos por día y por área"
      description={`${stepsLabel(review.totalSteps)} esta semana. Cada color es un área.`}
      {...CARD}
    >
      <Box as="dl" display="grid" gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }} gap="3" mb="5">
        {review.areas.map((area) => (
          <InsetBox key={area.area}>
            <HStack as="dt" gap="1.5" fontSize="sm" color="text.muted">
              <Box as="span" w="3" h="3" borderRadius="sm" bg={AREA_COLORS[area.area]} aria-hidden="true" />
              {area.label}
            </HStack>
            <Text as="dd" fontWeight="700" color="heading" fontVariantNumeric="tabular-nums">
              {stepsLabel(area.steps)}
            </Text>
          </InsetBox>
        ))}
      </Box>
      <BarChart
        title="Pasos por día y área de la semana"
        summary={summary}
        categories={review.days.map((d) => d.day)}
        categoryLabel={weekdayShort}
        categoryLongLabel={longDay}
        categoryHeader="Día"
        series={REVIEW_AREAS.map((area) => ({ key: area, label: REVIEW_AREA_LABELS[area], color: AREA_COLORS[area], values: byArea[area] }))}
        formatValue={formatSteps}
        labelEvery={1}
        emptyMax={1000}
      />
    </SectionCard>
  );
}

function Moods({ review }: { review: WeeklyReview }) {
  return (
    <SectionCard id="semana-animo" title="Cómo te sentiste" description="Las palabras de ánimo de tu diario esta semana." {...CARD}>
      {review.moods.length > 0 ? (
        <HStack as="ul" listStyleType="none" m="0" p="0" gap="2" flexWrap="wrap">
          {review.moods.map((mood) => (
            <Badge as="li" key={mood.mood} size="lg" variant="subtle" colorPalette="brand" borderRadius="full" px="3">
              {mood.mood}
              <Text as="span" fontWeight="400">
                {` · ${timesLabel(mood.count)}`}
              </Text>
            </Badge>
          ))}
        </HStack>
      ) : (
        <Text color="text.muted">
          Esta semana no hay entradas en tu diario.{' '}
          <RouterLink to="/journaling?nueva" style={{ textDecoration: 'underline' }}>
            Escribir unas líneas
          </RouterLink>
        </Text>
      )}
    </SectionCard>
  );
}

const BUCKETS = [
  { key: 'kept', title: 'Cumplidos', empty: 'Ninguno esta semana.' },
  { key: 'open', title: 'Abiertos', empty: 'No tienes compromisos abiertos.' },
  { key: 'dropped', title: 'Descartados', empty: 'Ninguno esta semana.' },
] as const;

function Commitments({ review }: { review: WeeklyReview }) {
  return (
    <SectionCard id="semana-compromisos" title="Tus compromisos" description="Los que cerraste esta semana y los que seguían abiertos al acabarla." {...CARD}>
      <Stack gap="4">
        {BUCKETS.map((bucket) => {
          const items = review.commitments[bucket.key];
          return (
            <Box key={bucket.key}>
              <Heading as="h3" fontSize="md" color="heading">
                {bucket.title} <Badge colorPalette={bucket.key === 'kept' ? 'brand' : 'gray'}>{items.length}</Badge>
              </Heading>
              {items.length > 0 ? (
                <Stack as="ul" m="0" mt="1" pl="5" gap="1">
                  {items.map((item) => (
                    <Text as="li" key={item.id} fontSize="sm">
                      {item.text}
                    </Text>
                  ))}
                </Stack>
              ) : (
                <Text mt="1" fontSize="sm" color="text.muted">
                  {bucket.empty}
                </Text>
              )}
            </Box>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
