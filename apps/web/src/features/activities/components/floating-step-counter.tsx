import { Box, HStack, IconButton, Link, Skeleton, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router';
import { FootprintsIcon, MicIcon } from '../../../components/ui/icons';
import { stepsLabel } from '../../../lib/steps/format-steps';
import { useStepStatsQuery } from '../../../lib/steps/use-step-stats';
import { requestVoiceEntry } from '../../../lib/voice-entry';
import { useShowOnScrollUp } from '../hooks/use-show-on-scroll-up';
import { useTotalAnnouncement } from '../hooks/use-total-announcement';
import { isCounterHiddenOn } from '../utils/counter-visibility';
import { Tooltip } from '../../../components/ui/tooltip';

/**
 * Floating step counter (spec §2), bottom right, signed-in users only: the voice quick-entry button
 * (opens the recorder, features/voice, through lib/voice-entry.ts) and the total, which links to /profile. Hidden on the assessment
 * and chat screens, and while the user scrolls down.
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
      // Layout (issue 16): above the phone's home indicator, and lifted by `--ascenso-bottom-bar` (the
      // height of a sticky action bar, when a screen has one); under the toasts (zIndex "docked" < "toast").
      // The page frame reserves COUNTER_CLEARANCE below every page (app/app-shell.tsx).
      bottom={{
        base: 'calc(1rem + var(--ascenso-bottom-bar, 0px) + env(safe-area-inset-bottom, 0px))',
        md: 'calc(1.5rem + var(--ascenso-bottom-bar, 0px) + env(safe-area-inset-bottom, 0px))',
      }}
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
        <Tooltip content="Entrada rápida por voz">
          <IconButton
            aria-label="Entrada rápida por voz"
            variant="ghost"
            size="md"
            borderRadius="full"
            color="white"
            _hover={{ bg: 'whiteAlpha.200' }}
            _active={{ bg: 'whiteAlpha.300' }}
            aria-haspopup="dialog"
            onClick={requestVoiceEntry}
          >
            <MicIcon />
          </IconButton>
        </Tooltip>
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
