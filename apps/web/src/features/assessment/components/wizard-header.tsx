import { SECTION_COUNT } from '@ascenso/domain/assessment';
import { Box, Container, HStack, Text } from '@chakra-ui/react';
import { Global } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { CheckIcon } from '#components/ui/icons';
import type { AutosaveStatus } from '../utils/autosave-scheduler';

/** The app header's height, which this header sticks below. */
const APP_HEADER = '4rem';

/**
 * While the wizard shows, the app's top toasts (such as "Sección incompleta") open below this header
 * instead of over its right-hand side, where "Guardando..." / "Guardado" is. Layout only: the toaster
 * is Chakra's as shipped, placed through its documented `data-scope`/`data-part` styling hooks.
 */
function ToastsBelow({ headerHeight }: { headerHeight: number }) {
  return (
    <Global
      styles={{
        '[data-scope="toast"][data-part="group"][data-placement^="top"]': {
          top: `calc(${APP_HEADER} + ${headerHeight}px + 0.5rem) !important`,
        },
      }}
    />
  );
}

/**
 * Sticky progress header (spec §2): "Paso N de 9", the percent of required questions answered and the
 * autosave indicator ("Guardando..." / "Guardado"). It sticks below the app header (4rem).
 */
export function WizardHeader({ step, percent, saveStatus }: { step: number; percent: number; saveStatus: AutosaveStatus }) {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(72);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setHeight(Math.ceil(element.getBoundingClientRect().height));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <Box
      ref={ref}
      data-testid="wizard-header"
      position="sticky"
      top="16"
      zIndex="docked"
      bg="rgba(251, 250, 247, 0.94)"
      backdropFilter="saturate(180%) blur(10px)"
      borderBottomWidth="1px"
      borderColor="border.soft"
    >
      <ToastsBelow headerHeight={height} />
      <Container maxW="3xl" py="3">
        <HStack justify="space-between" align="center" gap="3" mb="2">
          <HStack gap="3" align="baseline" flexWrap="wrap" rowGap="0">
            <Text fontWeight="700" color="heading" fontSize={{ base: 'sm', md: 'md' }}>
              Paso {step} de {SECTION_COUNT}
            </Text>
            <Text color="text.muted" fontSize="sm" fontVariantNumeric="tabular-nums">
              {percent}% completado
            </Text>
          </HStack>
          <SaveIndicator status={saveStatus} />
        </HStack>
        <Box
          role="progressbar"
          aria-label="Progreso de la evaluación"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}% completado`}
          h="2"
          bg="ink.100"
          borderRadius="full"
          overflow="hidden"
        >
          <Box h="full" w={`${percent}%`} bgGradient="to-r" gradientFrom="brand.500" gradientTo="brand.700" borderRadius="full" transition="width 300ms ease" />
        </Box>
      </Container>
    </Box>
  );
}

function SaveIndicator({ status }: { status: AutosaveStatus }) {
  return (
    <Text
      role="status"
      fontSize="sm"
      color={status === 'saved' ? 'brand.700' : 'text.muted'}
      display="inline-flex"
      alignItems="center"
      gap="1.5"
      minH="6"
      whiteSpace="nowrap"
    >
      {status === 'saving' ? 'Guardando...' : null}
      {status === 'saved' ? (
        <>
          <CheckIcon boxSize="4" aria-hidden="true" />
          Guardado
        </>
      ) : null}
    </Text>
  );
}
