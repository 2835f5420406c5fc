import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ArrowRightIcon } from '#components/ui/icons';
import { useDocumentTitle } from '#lib/use-document-title';
import type { BreathingPatternView } from '../../api/practice-queries';
import { CatalogueGrid } from '../../components/catalogue-grid';
import { SurfaceCard, PageFrame } from '#components/ui/page-frame';
import { rhythmLabel } from '../utils/pacer';
import { patternSubtitle } from '../utils/pattern-text';
import { EvidenceBadge } from './evidence-badge';
import { PhaseStrip } from './phase-strip';

/** /breathing — the patterns with what each is for and how strong the evidence is. */
export function BreathingListPage() {
  useDocumentTitle('Respiración');

  return (
    <PageFrame
      title="Respiración"
      description="Unos minutos de respiración guiada cambian cómo llegas a lo siguiente. Elige según lo que necesitas ahora; te decimos qué dice la evidencia de cada técnica."
    >
      <CatalogueGrid
        select={(catalogue) => catalogue.breathing}
        itemKey={(pattern) => pattern.id}
        renderItem={(pattern) => <PatternCard pattern={pattern} />}
        twoColumnsFrom="md"
        gap="5"
        skeletonHeight="64"
      />
    </PageFrame>
  );
}

function PatternCard({ pattern }: { pattern: BreathingPatternView }) {
  const headingId = `patron-${pattern.id}`;
  return (
    <SurfaceCard as="li" display="flex" flexDirection="column" gap="4" aria-labelledby={headingId}>
      <Stack gap="2">
        <HStack justify="space-between" align="flex-start" gap="3">
          <Heading as="h2" id={headingId} fontSize="xl" color="heading" lineHeight="1.25">
            {pattern.shortName}
          </Heading>
          <EvidenceBadge level={pattern.evidence.level} />
        </HStack>
        <Text fontSize="sm" color="text.muted">
          {patternSubtitle(pattern)}
        </Text>
      </Stack>
      <Text color="ink.800">{pattern.purpose}</Text>
      <PhaseStrip phases={pattern.phases} label={`Ritmo ${rhythmLabel(pattern)}`} />
      <Box as="details" bg="canvas" borderRadius="lg" px="4" py="3" fontSize="sm" color="ink.800">
        <Box as="summary" cursor="pointer" fontWeight="600" color="brand.800" borderRadius="sm">
          Qué dice la evidencia
        </Box>
        <Text mt="2">{pattern.evidence.summary}</Text>
      </Box>
      <Box mt="auto" pt="1">
        <Button asChild colorPalette="brand" borderRadius="full">
          <RouterLink to={`/breathing/${encodeURIComponent(pattern.id)}`} aria-label={`Empezar ${pattern.shortName}`}>
            Empezar
            <ArrowRightIcon />
          </RouterLink>
        </Button>
      </Box>
    </SurfaceCard>
  );
}
