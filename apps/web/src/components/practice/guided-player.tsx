import { Box, Button, HStack, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { clockTime, spokenDuration } from '#lib/format-time';
import { SkipForwardIcon } from '../ui/icons';
import { SessionControls } from './session-outcome';

/**
 * The guided player of a class or a break: what to do now (name and one line), a big countdown, what
 * comes next, the overall progress, and pause / skip / finish. The item is announced when it changes;
 * the countdown is not.
 */
export function GuidedPlayer({
  name,
  instruction,
  isRest = false,
  remaining,
  itemSeconds,
  progress,
  positionLabel,
  totalRemaining,
  nextLabel,
  session,
  onSkip,
  onFinish,
  headingLevel = 'h2',
}: {
  name: string;
  instruction: string;
  isRest?: boolean;
  remaining: number;
  itemSeconds: number;
  progress: number;
  positionLabel: string;
  totalRemaining: number;
  nextLabel: string | null;
  /** The practice session: its phase (paused, saving), its pause and resume. */
  session: { phase: string; pause: () => void; resume: () => void };
  onSkip: () => void;
  /** "Terminar": records the practice (the guided sequence's finish, which reports what was skipped). */
  onFinish: () => void;
  headingLevel?: 'h2' | 'h3';
}) {
  const controls = useRef<HTMLDivElement>(null);
  const paused = session.phase === 'paused';
  const saving = session.phase === 'saving';
  useEffect(() => {
    controls.current?.querySelector('button')?.focus();
  }, []);
  const countdown = Math.max(0, Math.ceil(remaining - 1e-9));
  const itemShare = itemSeconds > 0 ? 1 - remaining / itemSeconds : 1;

  return (
    <Stack gap="6" align="stretch">
      <Box>
        <HStack justify="space-between" fontSize="sm" color="ink.700" mb="2" fontVariantNumeric="tabular-nums">
          <Text fontWeight="600">{positionLabel}</Text>
          <Text>
            <Box as="span" aria-hidden="true">
              Quedan {clockTime(totalRemaining)}
            </Box>
            <Box as="span" srOnly>
              Quedan {spokenDuration(totalRemaining)}
            </Box>
          </Text>
        </HStack>
        <Progress.Root value={Math.round(progress * 100)} size="sm" colorPalette="brand" borderRadius="full" aria-label="Progreso">
          <Progress.Track borderRadius="full" bg="ink.100">
            <Progress.Range borderRadius="full" />
          </Progress.Track>
        </Progress.Root>
      </Box>

      <Box
        textAlign="center"
        bg={isRest ? 'sun.50' : 'brand.50'}
        borderRadius="card"
        borderWidth="1px"
        borderColor={isRest ? 'sun.200' : 'brand.100'}
        px={{ base: '5', md: '8' }}
        py={{ base: '7', md: '10' }}
      >
        <Box srOnly aria-live="polite" aria-atomic="true">
          {paused ? 'En pausa' : instruction ? `${name}. ${instruction}` : name}
        </Box>
        <Text fontSize="sm" fontWeight="700" textTransform="uppercase" letterSpacing="0.08em" color={isRest ? 'sun.800' : 'brand.700'}>
          {paused ? 'En pausa' : isRest ? 'Descanso' : 'Ahora'}
        </Text>
        <Heading as={headingLevel} fontSize={{ base: '2xl', md: '4xl' }} color="heading" mt="2" lineHeight="1.15">
          {name}
        </Heading>
        {instruction ? (
          <Text mt="2" fontSize={{ base: 'md', md: 'xl' }} color="ink.800">
            {instruction}
          </Text>
        ) : null}
        <Text
          mt="5"
          fontSize={{ base: '6xl', md: '8xl' }}
          fontWeight="800"
          lineHeight="1"
          color={isRest ? 'sun.900' : 'brand.800'}
          fontVariantNumeric="tabular-nums"
          aria-hidden="true"
        >
          {countdown >= 60 ? clockTime(countdown) : countdown}
        </Text>
        <Box h="1.5" mt="5" mx="auto" maxW="xs" borderRadius="full" bg="whiteAlpha.700" overflow="hidden" aria-hidden="true">
          <Box h="full" w={`${Math.min(100, itemShare * 100)}%`} bg={isRest ? 'sun.500' : 'brand.500'} borderRadius="full" />
        </Box>
      </Box>

      <Text textAlign="center" color="ink.700" minH="6">
        {nextLabel ? (
          <>
            <Box as="span" fontWeight="600">
              A continuación:
            </Box>{' '}
            {nextLabel}
          </>
        ) : (
          'Último tramo: ¡ya casi está!'
        )}
      </Text>

      <Box ref={controls}>
        <SessionControls
          paused={paused}
          saving={saving}
          onPause={session.pause}
          onResume={session.resume}
          onFinish={onFinish}
          extra={
            <Button variant="outline" size="lg" borderRadius="full" onClick={onSkip} disabled={saving}>
              <SkipForwardIcon />
              Saltar
            </Button>
          }
        />
      </Box>
    </Stack>
  );
}
