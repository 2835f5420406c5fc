import type { AssessmentEvaluation, Recommendation } from '@ascenso/domain/assessment-evaluation';
import { Badge, Box, Container, Grid, Heading, HStack, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ActivityIcon } from '#components/ui/activity-icon';
import { CARD_SURFACE } from '#components/ui/card-surface';
import { ArrowRightIcon, SparklesIcon, TimerIcon } from '#components/ui/icons';
import { useSignedInUser } from '#lib/session';
import { useDocumentTitle } from '#lib/use-document-title';
import { useAssessmentEvaluationQuery, useCoachEvaluationQuery } from '../api/assessment-queries';
import { AREA_DETAILS, areaHref } from '../utils/areas';
import { formatLongDate } from '../utils/format';
import { PageStatus } from './page-error';
import { GradientPanel } from '#components/ui/gradient-panel';
import { Eyebrow } from '#components/ui/text-styles';
import { ButtonLink } from '#components/ui/button-link';

/**
 * /assessment-eval — the rule-based reading of the assessment (headline, summary, sections,
 * recommendations, first step) and, when an AI server is configured, "La lectura de tu coach".
 */
export function AssessmentEvaluationPage() {
  useDocumentTitle('Tu evaluación');
  const evaluation = useAssessmentEvaluationQuery();
  const user = useSignedInUser();

  if (!evaluation.isSuccess) return <PageStatus title="Tu evaluación" query={evaluation} />;
  const data = evaluation.data;

  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }}>
      <Stack gap={{ base: '8', md: '10' }}>
        <GradientPanel as="header" px={{ base: '5', md: '10' }} py={{ base: '7', md: '10' }}>
          <Eyebrow fontWeight="600" mb="3">
            Tu evaluación · {formatLongDate(data.completedAt, user.timezone)}
          </Eyebrow>
          <Heading as="h1" fontSize={{ base: '2xl', md: '4xl' }} lineHeight="1.15" letterSpacing="-0.02em" color="heading">
            {data.headline}
          </Heading>
          <Text mt="4" fontSize={{ base: 'md', md: 'lg' }} color="ink.700" lineHeight="1.6">
            {data.summary}
          </Text>
          <FirstStep text={data.firstStep} />
        </GradientPanel>

        <EvaluationSections evaluation={data} headingLevel="h2" />

        <Box as="section" aria-labelledby="recomendaciones">
          <Heading as="h2" id="recomendaciones" fontSize={{ base: 'xl', md: '2xl' }} color="heading" mb="2">
            Recomendaciones para ti
          </Heading>
          <Text color="text.muted" mb="5">
            Prácticas concretas, ajustadas al tiempo que tienes cada día.
          </Text>
          <Grid as="ul" listStyleType="none" templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            {data.recommendations.map((recommendation) => (
              <RecommendationCard key={recommendation.id} recommendation={recommendation} />
            ))}
          </Grid>
        </Box>

        <CoachReading />

        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <ButtonLink to="/assessment/results" variant="outline">
            Ver tu perfil
          </ButtonLink>
          <ButtonLink to="/" variant="ghost">
            Volver al inicio
          </ButtonLink>
        </Stack>
      </Stack>
    </Container>
  );
}

function FirstStep({ text }: { text: string }) {
  return (
    <HStack mt="6" gap="3" align="flex-start" bg="surface" borderRadius="xl" borderWidth="1px" borderColor="sun.200" px="4" py="3">
      <SparklesIcon boxSize="5" color="sun.700" mt="0.5" aria-hidden="true" />
      <Box>
        <Text fontSize="sm" fontWeight="700" color="sun.900">
          Tu primer paso
        </Text>
        <Text color="text">{text}</Text>
      </Box>
    </HStack>
  );
}

function EvaluationSections({ evaluation, headingLevel }: { evaluation: AssessmentEvaluation; headingLevel: 'h2' | 'h3' }) {
  return (
    <Stack gap="6">
      {evaluation.sections.map((section) => (
        <Box as="section" key={section.id} aria-labelledby={`${headingLevel}-${section.id}`}>
          <Heading as={headingLevel} id={`${headingLevel}-${section.id}`} fontSize={headingLevel === 'h2' ? 'xl' : 'lg'} color="heading" mb="2">
            {section.title}
          </Heading>
          <Text color="ink.800" fontSize={{ base: 'md', md: 'lg' }} lineHeight="1.7" maxW="65ch">
            {section.body}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

function RecommendationCard({ recommendation }: { recommendation: Recommendation }) {
  const area = AREA_DETAILS[recommendation.area];
  const href = areaHref(recommendation.area);
  const body = (
    <>
      <HStack justify="space-between" mb="3" gap="3">
        <HStack gap="2" color="brand.700">
          <ActivityIcon name={area.icon} boxSize="5" />
          <Text fontSize="sm" fontWeight="600">
            {area.label}
          </Text>
        </HStack>
        <Badge variant="subtle" bg="ink.100" color="ink.800" borderRadius="full" gap="1">
          <TimerIcon boxSize="3.5" aria-hidden="true" />
          {recommendation.minutes} min
        </Badge>
      </HStack>
      <Heading as="h3" fontSize="md" color="heading" mb="1">
        {href ? (
          <LinkOverlay asChild>
            <RouterLink to={href}>{recommendation.title}</RouterLink>
          </LinkOverlay>
        ) : (
          recommendation.title
        )}
      </Heading>
      <Text color="text.muted" fontSize="sm">
        {recommendation.detail}
      </Text>
      {href ? (
        <HStack mt="3" gap="1" color="brand.700" fontSize="sm" fontWeight="600" aria-hidden="true">
          <span>Ir a {area.label}</span>
          <ArrowRightIcon boxSize="4" />
        </HStack>
      ) : null}
    </>
  );
  const cardProps = {
    ...CARD_SURFACE,
    px: '5',
    py: '5',
    h: 'full',
  } as const;
  return (
    <Box as="li">
      {href ? (
        <LinkBox {...cardProps} transition="border-color 120ms ease" _hover={{ borderColor: 'brand.300' }}>
          {body}
        </LinkBox>
      ) : (
        <Box {...cardProps}>{body}</Box>
      )}
    </Box>
  );
}

/** "La lectura de tu coach": only when the coach (AI server) wrote one; otherwise nothing at all. */
function CoachReading() {
  const coach = useCoachEvaluationQuery();
  if (!coach.data) return null;
  const reading = coach.data;
  return (
    <Box
      as="section"
      aria-labelledby="lectura-coach"
      bg="brand.950"
      color="hero.text"
      borderRadius="card"
      px={{ base: '5', md: '10' }}
      py={{ base: '7', md: '9' }}
    >
      <HStack gap="2" mb="3" color="sun.300">
        <SparklesIcon boxSize="5" aria-hidden="true" />
        <Heading as="h2" id="lectura-coach" fontSize="lg" color="sun.200">
          La lectura de tu coach
        </Heading>
      </HStack>
      <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="700" color="white" lineHeight="1.25">
        {reading.headline}
      </Text>
      <Text mt="3" color="hero.text" lineHeight="1.7">
        {reading.summary}
      </Text>
      <Stack gap="4" mt="6">
        {reading.sections.map((section) => (
          <Box key={section.id}>
            <Heading as="h3" fontSize="md" color="white" mb="1">
              {section.title}
            </Heading>
            <Text color="hero.text" lineHeight="1.7">
              {section.body}
            </Text>
          </Box>
        ))}
      </Stack>
      {reading.firstStep ? (
        <Text mt="6" color="white" fontWeight="600">
          Tu primer paso:{' '}
          <Text as="span" fontWeight="400" color="hero.text">
            {reading.firstStep}
          </Text>
        </Text>
      ) : null}
    </Box>
  );
}
