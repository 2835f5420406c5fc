import { Box, Circle, Grid, HStack, Heading, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LinkTile, TileLink } from '#components/ui/link-tile';
import { stepsLabel } from '#lib/steps/format-steps';
import { useTRPC } from '#lib/trpc';
import { useDocumentTitle } from '#lib/use-document-title';
import type { ActiveBreakView } from '../../api/practice-queries';
import { CatalogueGrid } from '../../components/catalogue-grid';
import { PageFrame } from '#components/ui/page-frame';
import { shortDuration, spokenDuration } from '#lib/format-time';
import { BreakIcon } from './break-icon';
import { ReminderSettingsCard } from './reminder-settings';

/** /active-breaks — "Pausas activas": pick a body area; optional reminders during the working day. */
export function ActiveBreaksPage() {
  useDocumentTitle('Pausas activas');
  const trpc = useTRPC();
  const activities = useQuery(trpc.activities.catalogue.queryOptions());
  const steps = activities.data?.find((a) => a.key === 'active_break');

  return (
    <PageFrame
      title="Pausas activas"
      description="Uno o dos minutos para mover lo que más se resiente de tu jornada. Un movimiento cada vez, con su cuenta atrás."
    >
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1.6fr) minmax(0, 1fr)' }} gap={{ base: '6', md: '8' }} alignItems="start">
        <Box as="section" aria-labelledby="zonas">
          <HStack justify="space-between" align="baseline" flexWrap="wrap" gap="2" mb="3">
            <Heading as="h2" id="zonas" fontSize={{ base: 'xl', md: '2xl' }} color="heading">
              ¿Qué quieres mover?
            </Heading>
            {steps ? (
              <Text fontSize="sm" color="text.muted">
                Cada pausa suma {stepsLabel(steps.baseSteps)}, hasta {steps.dailyLimit} al día
              </Text>
            ) : null}
          </HStack>
          <CatalogueGrid
            select={(catalogue) => catalogue.activeBreaks}
            itemKey={(activeBreak) => activeBreak.tag}
            renderItem={(activeBreak) => <BreakTile activeBreak={activeBreak} />}
            twoColumnsFrom="sm"
            gap="4"
            skeletonHeight="32"
          />
        </Box>
        <ReminderSettingsCard />
      </Grid>
    </PageFrame>
  );
}

function BreakTile({ activeBreak }: { activeBreak: ActiveBreakView }) {
  return (
    <LinkTile>
      <HStack gap="3" align="flex-start">
        <Circle size="11" bg="brand.50" color="brand.700" flexShrink={0}>
          <BreakIcon tag={activeBreak.tag} boxSize="5" />
        </Circle>
        <Box minW="0">
          <Heading as="h3" fontSize="lg" color="heading">
            <TileLink to={`/active-breaks/${encodeURIComponent(activeBreak.tag)}`}>{activeBreak.title}</TileLink>
          </Heading>
          <Text mt="1" fontSize="sm" color="text.muted">
            {activeBreak.description}
          </Text>
          <Text mt="2" fontSize="sm" color="ink.700" fontWeight="600">
            <Box as="span" aria-hidden="true">
              {shortDuration(activeBreak.seconds)} · {activeBreak.moves.length} movimientos
            </Box>
            <Box as="span" srOnly>
              {spokenDuration(activeBreak.seconds)}, {activeBreak.moves.length} movimientos
            </Box>
          </Text>
        </Box>
      </HStack>
    </LinkTile>
  );
}
