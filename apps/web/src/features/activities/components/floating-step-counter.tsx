import { Box, HStack, IconButton, Link, Skeleton, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, useRef } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { aboveBottomBar } from '#components/ui/above-bottom-bar';
import { FootprintsIcon, MicIcon } from '#components/ui/icons';
import { notify } from '#components/ui/notify';
import { stepsLabel } from '#lib/steps/format-steps';
import { useStepStatsQuery } from '#lib/steps/use-step-stats';
import { useVoiceAvailability, type VoiceAvailability } from '#lib/voice-capability';
import { requestVoiceEntry } from '#lib/voice-entry';
import { useShowOnScrollUp } from '../hooks/use-show-on-scroll-up';
import { useTotalAnnouncement } from '../hooks/use-total-announcement';
import { isCounterHiddenOn } from '../utils/counter-visibility';
import { Tooltip } from '#components/ui/tooltip';

/**
 * Floating step counter (spec §2), bottom right, signed-in users only: the voice quick-entry button
 * (opens the recorder, features/voice, through lib/voice-entry.ts) and the total, which links to
 * /profile. Hidden on the assessment and chat screens, and while the user scrolls down.
 */
export function FloatingStepCounter() {
  const { pathname } = useLocation();
  if (isCounterHiddenOn(pathname)) return null;
  return <FloatingStepCounterPanel />;
}

function FloatingStepCounterPanel() {
  const shown = useShowOnScrollUp();
  const stats = useStepStatsQuery();
  const total = stats.data?.stats.totalSteps;
  const announcement = useTotalAnnouncement(total);

  return (
    <Box
      as="aside"
      aria-label="Tus pasos"
      data-testid="floating-step-counter"
      data-shown={shown}
      position="fixed"
      insetInlineEnd={{ base: '4', md: '6' }}
      // Layout (the first-hour review): above the phone's home indicator, and lifted by `--ascenso-bottom-bar` (the
      // height of a sticky action bar, when a screen has one); under the toasts (zIndex "docked" < "toast").
      // The page frame reserves COUNTER_CLEARANCE below every page (app/app-shell.tsx).
      bottom={{ base: aboveBottomBar('1rem'), md: aboveBottomBar('1.5rem') }}
      zIndex="docked"
      transform={shown ? 'translateY(0)' : 'translateY(calc(100% + 2rem))'}
      opacity={shown ? 1 : 0}
      visibility={shown ? 'visible' : 'hidden'}
      transition={
        shown ? 'transform 220ms ease-out, opacity 220ms ease-out, visibility 0s' : 'transform 220ms ease-in, opacity 220ms ease-in, visibility 0s linear 220ms'
      }
      _motionReduce={{ transition: 'none' }}
    >
      <HStack
        gap="1"
        p="1.5"
        bg="brand.900"
        color="white"
        borderRadius="full"
        // A light ring keeps the pill apart from dark content underneath it.
        boxShadow="0 0 0 2px rgba(251, 250, 247, 0.95), 0 2px 4px rgba(19, 24, 34, 0.08), 0 18px 40px -18px rgba(11, 40, 38, 0.45)"
        css={{
          '& :focus-visible': {
            outline: '3px solid',
            outlineColor: 'var(--chakra-colors-sun-300)',
            outlineOffset: '2px',
          },
        }}
      >
        <VoiceEntryButton />
        <Link
          asChild
          display="inline-flex"
          alignItems="center"
          gap="2"
          h="10"
          ps="3"
          pe="4"
          borderRadius="full"
          bg="whiteAlpha.100"
          color="white"
          fontWeight="700"
          textDecoration="none"
          whiteSpace="nowrap"
          _hover={{ bg: 'whiteAlpha.200', textDecoration: 'none' }}
        >
          <RouterLink to="/profile" aria-label={total === undefined ? 'Pasos (cargando), ver tu perfil' : `${stepsLabel(total)}, ver tu perfil`}>
            <FootprintsIcon boxSize="5" color="sun.300" aria-hidden="true" />
            {total === undefined ? (
              <>
                <Skeleton as="span" display="inline-block" h="4" w="10" borderRadius="sm" aria-hidden="true" />
                <Text as="span">pasos</Text>
              </>
            ) : (
              <Text as="span" fontVariantNumeric="tabular-nums">
                {stepsLabel(total)}
              </Text>
            )}
          </RouterLink>
        </Link>
      </HStack>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Box>
  );
}

/** The voice button's tooltip in each state (lib/voice-capability.ts); when available, its name. */
export const VOICE_BUTTON_HINTS: Record<VoiceAvailability, string> = {
  available: 'Entrada rápida por voz',
  unavailable: 'La entrada por voz no está disponible: este servidor no tiene un servicio de transcripción configurado',
  checking: 'Comprobando si la entrada por voz está disponible…',
  unknown: 'No se ha podido comprobar si la entrada por voz está disponible. Pulsa para volver a comprobarlo.',
};

/** A tap on the button without a transcription server: a finger gets no tooltip, so the reason comes as a notification. */
const UNAVAILABLE_NOTICE = {
  type: 'info',
  title: 'La entrada por voz no está disponible',
  description: 'Este servidor no tiene un servicio de transcripción configurado. Puedes escribir tu mensaje en el cuadro de Inicio.',
  closable: true,
} as const;

/**
 * "Entrada rápida por voz" (decision 030). The server's answer comes with the page (a first-screen
 * query), so the button knows before it is pressed. Without a transcription server, and while the
 * answer is not there yet, it opens nothing: it is aria-disabled rather than disabled, so it stays
 * focusable and its tooltip, which says why, can be reached by keyboard and by pointer (and stays open
 * when it is pressed). The reason is also its description for screen readers, and a notification for a
 * tap (touch shows no tooltips).
 */
function VoiceEntryButton() {
  const { availability, recheck } = useVoiceAvailability();
  const reasonId = useId();
  /** How the press now arriving began ('touch', 'mouse', 'pen'; '' for a key): a click event does not say so everywhere. */
  const pressedWith = useRef('');
  const available = availability === 'available';
  const hint = VOICE_BUTTON_HINTS[availability];
  return (
    <>
      <Tooltip content={hint} closeOnClick={available}>
        <IconButton
          aria-label="Entrada rápida por voz"
          variant="ghost"
          size="md"
          borderRadius="full"
          color="white"
          _hover={{ bg: 'whiteAlpha.200' }}
          _active={{ bg: 'whiteAlpha.300' }}
          // Dimmed glyph, full-strength focus ring (opacity on the button would fade the ring as well).
          _disabled={{ opacity: 1, color: 'whiteAlpha.600', cursor: 'not-allowed', bg: 'transparent' }}
          {...(available ? { 'aria-haspopup': 'dialog' as const } : { 'aria-disabled': true, 'aria-describedby': reasonId })}
          onPointerDown={(event) => {
            pressedWith.current = event.pointerType;
          }}
          onClick={() => {
            const pointer = pressedWith.current;
            pressedWith.current = '';
            if (available) requestVoiceEntry();
            else if (availability === 'unknown') recheck();
            else if (availability === 'unavailable' && (pointer === 'touch' || pointer === 'pen')) notify(UNAVAILABLE_NOTICE);
          }}
        >
          <MicIcon />
        </IconButton>
      </Tooltip>
      {available ? null : (
        <span id={reasonId} hidden>
          {hint}
        </span>
      )}
    </>
  );
}
