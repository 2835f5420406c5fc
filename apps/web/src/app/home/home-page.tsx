import { greetingName } from '@ascenso/domain/display';
import { Box, Container, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSignedInUser } from '#lib/session';
import { useDocumentTitle } from '#lib/use-document-title';
import { GradientPanel } from '#components/ui/gradient-panel';
import { RouteHeading } from '#components/ui/route-heading';
import { useCoachingProfileQuery } from '../../features/coaching/api/coaching-api';
import { WellbeingGrid } from '#components/ui/wellbeing-grid';
import { TodayAudioCard } from '../../features/meditations/components/today-audio-card';
import { DailyPlanCard } from '../../features/daily-plan/components/daily-plan-card';
import { formatToday } from './format-today';
import { HomeMessageBox } from '../../features/coaching/components/home-message-box';
import { ResultsReadyLine } from '../../features/assessment/components/results-ready-line';
import { CalendarCheckIcon } from '#components/ui/icons';
import { LinkTile, TileLink } from '#components/ui/link-tile';

/**
 * Home (spec §2): greets the user by first name, asks what they want to work on today (the message
 * box starts a chat with the coach) and shows today's plan.
 */
export function HomePage() {
  useDocumentTitle('Ascenso');
  const user = useSignedInUser();
  const [today] = useState(() => formatToday(new Date(), user.timezone));
  // Spec §2/§7: Home fetches the coaching profile (fresh 10 min, no retry) without using it; it warms
  // the cache for the coach screens. A missing assessment (NOT_FOUND) is simply ignored.
  useCoachingProfileQuery();

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <GradientPanel as="section" aria-labelledby="saludo" gradientVia="#f4f8f3" px={{ base: '6', md: '12' }} py={{ base: '8', md: '14' }}>
          <HomeDecoration />
          <Box position="relative" maxW="xl">
            <Text fontSize="sm" fontWeight="600" color="brand.700" textTransform="uppercase" letterSpacing="0.08em" mb="3">
              {today}
            </Text>
            <RouteHeading id="saludo" fontSize={{ base: '3xl', md: '5xl' }} lineHeight="1.1" letterSpacing="-0.03em">
              Hola, {greetingName(user.firstName)}
            </RouteHeading>
            <Text mt="4" fontSize={{ base: 'lg', md: '2xl' }} color="ink.700" lineHeight="1.4">
              ¿En qué quieres trabajar hoy?
            </Text>
          </Box>
          <Box position="relative" maxW="3xl">
            <HomeMessageBox />
          </Box>
        </GradientPanel>
        {/* After the assessment, until its results have been opened once: the way to them. */}
        <ResultsReadyLine />
        {/* Spec §2: below the message box, today's Audio Ascenso, today's plan, then the activity grid. */}
        <TodayAudioCard />
        <DailyPlanCard />
        <WeekLink />
        <WellbeingGrid />
      </Stack>
    </Container>
  );
}

/** The way to "Tu semana" (decision 027): one card-wide link. */
function WeekLink() {
  return (
    <Box as="ul" listStyleType="none" m="0" p="0">
      <LinkTile display="flex" alignItems="center" gap="4">
        <CalendarCheckIcon boxSize="6" color="brand.700" aria-hidden="true" flexShrink={0} />
        <Box>
          <Text fontWeight="700" color="heading" fontSize="lg">
            <TileLink to="/semana">Tu semana</TileLink>
          </Text>
          <Text color="text.muted" fontSize="sm">
            Tus días, tus pasos por área, cómo te sentiste y lo que salió bien.
          </Text>
        </Box>
      </LinkTile>
    </Box>
  );
}

function HomeDecoration() {
  return (
    <Box
      position="absolute"
      right={{ base: '-80px', md: '-20px' }}
      bottom="-10px"
      w={{ base: '260px', md: '380px' }}
      opacity={{ base: 0.35, md: 1 }}
      aria-hidden="true"
      pointerEvents="none"
    >
      <svg viewBox="0 0 380 200" width="100%" focusable="false">
        <circle cx="270" cy="62" r="30" fill="#fcd7ab" />
        <circle cx="270" cy="62" r="52" fill="#fcd7ab" opacity="0.35" />
        <path d="M0 200 120 88l60 52 70-80 130 140z" fill="#a9e2d6" />
        <path d="M60 200 170 120l50 40 60-50 100 90z" fill="#73cbbb" opacity="0.8" />
      </svg>
    </Box>
  );
}
