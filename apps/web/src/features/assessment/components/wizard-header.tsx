import { SECTION_COUNT } from '@ascenso/domain/assessment';
import { Box, Container, HStack, Text } from '@chakra-ui/react';
import { CheckIcon } from '../../../components/ui/icons';
import type { AutosaveStatus } from '../utils/autosave-scheduler';

/**
 * Sticky progress header (spec §2): "Paso N de 9", the percent of required questions answered and the
 * autosave indicator ("Guardando..." / "Guardado"). It sticks below the app header (4rem).
 */
export function WizardHeader({ step, percent, saveStatus }: { step: number; percent: number; saveStatus: AutosaveStatus }) {
  return (
    <Box
      position="sticky"
      top="16"
      zIndex="docked"
      bg="rgba(251, 250, 247, 0.94)"
      backdropFilter="saturate(180%) blur(10px)"
      borderBottomWidth="1px"
      borderColor="border.soft"
    >
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
          <Box
            h="full"
            w={`${percent}%`}
            bgGradient="to-r"
            gradientFrom="brand.500"
            gradientTo="brand.700"
            borderRadius="full"
            transition="width 300ms ease"
          />
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
