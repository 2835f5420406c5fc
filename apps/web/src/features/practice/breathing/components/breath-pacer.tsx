import { Box, Center, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { elapsedMs, type Stopwatch } from '#lib/practice/stopwatch';
import { PACER_MIN_SCALE, pacerAt, type PacerView } from '../utils/pacer';
import type { BreathPhase } from '@ascenso/domain/breathing';

const SIZE = { base: '64', md: '80' };

/**
 * The visual pacer: a circle that grows on the inhale, rests on the hold and shrinks on the exhale,
 * drawn every frame from the practised time (so it is always in sync with `phaseAt`). With reduced
 * motion it stays still and shows a large numeric countdown instead.
 */
export function BreathPacer({
  phases,
  watch,
  running,
  paused,
  reducedMotion,
  view,
  countdown,
}: {
  phases: readonly BreathPhase[];
  watch: Stopwatch | null;
  running: boolean;
  paused: boolean;
  reducedMotion: boolean;
  view: PacerView | null;
  /** Seconds of "Prepárate" before the practice starts, or null. */
  countdown: number | null;
}) {
  const circleRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const circle = circleRef.current;
    if (!circle) return;
    if (reducedMotion || !watch) {
      circle.style.transform = `scale(${reducedMotion ? 0.8 : PACER_MIN_SCALE})`;
      return;
    }
    let frame = 0;
    const draw = () => {
      const scale = pacerAt({ phases }, elapsedMs(watch, Date.now()) / 1000).scale;
      circle.style.transform = `scale(${scale.toFixed(4)})`;
      if (running) frame = window.requestAnimationFrame(draw);
    };
    draw();
    return () => window.cancelAnimationFrame(frame);
  }, [phases, watch, running, reducedMotion]);

  const word = countdown !== null ? 'Prepárate' : paused ? 'En pausa' : (view?.word ?? '');
  const number = countdown ?? view?.countdown ?? null;

  return (
    <Center position="relative" w={SIZE} h={SIZE} mx="auto" data-testid="pacer" data-reduced-motion={reducedMotion ? 'true' : 'false'}>
      {/* Outer ring: full lungs. */}
      <Box position="absolute" inset="0" borderRadius="full" borderWidth="2px" borderColor="brand.200" borderStyle="dashed" aria-hidden="true" />
      <Box
        ref={circleRef}
        position="absolute"
        inset="0"
        borderRadius="full"
        bgGradient="to-br"
        gradientFrom="brand.500"
        gradientTo="brand.800"
        boxShadow="0 20px 60px -20px rgba(29, 117, 107, 0.55)"
        opacity={paused ? 0.55 : 1}
        transformOrigin="center"
        willChange="transform"
        aria-hidden="true"
      />
      {/* Kept inside the smallest circle, so the words always sit on the dark fill. */}
      <Box position="relative" textAlign="center" color="white" maxW="48%" textShadow="0 1px 2px rgba(11, 40, 38, 0.45)">
        <Text fontSize={{ base: 'lg', md: '2xl' }} fontWeight="700" lineHeight="1.15" aria-hidden="true">
          {word}
        </Text>
        {number !== null && (reducedMotion || countdown !== null || !paused) ? (
          <Text
            fontSize={reducedMotion || countdown !== null ? { base: '6xl', md: '7xl' } : { base: '3xl', md: '4xl' }}
            fontWeight="800"
            lineHeight="1"
            mt="1"
            fontVariantNumeric="tabular-nums"
            aria-hidden="true"
          >
            {number}
          </Text>
        ) : null}
      </Box>
    </Center>
  );
}
