import { Badge, Box, Button, Grid, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { FitnessBand, FitnessLevel } from '@ascenso/domain/fitness';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { stepsLabel } from '#lib/steps/format-steps';
import { useTRPC } from '#lib/trpc';
import { useDocumentTitle } from '#lib/use-document-title';
import { usePracticeCatalogue, type FitnessClassView } from '../../api/practice-queries';
import { ChoiceChips } from '#components/ui/choice-chips';
import { LoadErrorCard } from '#components/ui/load-error-card';
import { SurfaceCard, PageFrame } from '#components/ui/page-frame';
import { ClockIcon } from '#components/ui/icons';
import { spokenDuration } from '#lib/format-time';
import { BAND_LABELS, BAND_ORDER, LEVEL_LABELS, NO_FILTERS, equipmentLabel, equipmentOptions, filterClasses, type ClassFilters } from '../utils/class-player';
import { ClassDialog } from './class-dialog';

const BAND_KEYS: Record<FitnessBand, string> = {
  corta: 'fitness_class_short',
  media: 'fitness_class_medium',
  larga: 'fitness_class_long',
};

type Option = { value: string; label: string };

/** The three filters: URL parameter, legend and field; the first option (NO_FILTERS) keeps every class. */
const FILTERS: { param: string; legend: string; field: keyof ClassFilters; options: (classes: FitnessClassView[]) => Option[] }[] = [
  {
    param: 'duracion',
    legend: 'Duración',
    field: 'band',
    options: () => [{ value: 'todas', label: 'Todas' }, ...BAND_ORDER.map((b) => ({ value: b, label: BAND_LABELS[b] }))],
  },
  {
    param: 'nivel',
    legend: 'Nivel',
    field: 'level',
    options: () => [{ value: 'todos', label: 'Todos' }, ...(Object.keys(LEVEL_LABELS) as FitnessLevel[]).map((l) => ({ value: l, label: LEVEL_LABELS[l] }))],
  },
  {
    param: 'material',
    legend: 'Material',
    field: 'equipment',
    options: (classes) => [
      { value: 'todo', label: 'Da igual' },
      { value: 'ninguno', label: 'Sin material' },
      ...equipmentOptions(classes).map((e) => ({ value: e, label: equipmentLabel([e]) })),
    ],
  },
];

/** /fitness — guided classes by length, level and equipment; a class plays in a dialog (?clase=id). */
export function FitnessPage() {
  useDocumentTitle('Fitness');
  const catalogue = usePracticeCatalogue();
  const trpc = useTRPC();
  const activities = useQuery(trpc.activities.catalogue.queryOptions());
  const [params, setParams] = useSearchParams();
  // Local state answers the click at once; the URL keeps the filters for sharing and going back.
  const [filters, setFilters] = useState<ClassFilters>(() => ({
    ...NO_FILTERS,
    ...Object.fromEntries(FILTERS.flatMap((f) => (params.get(f.param) ? [[f.field, params.get(f.param)]] : []))),
  }));
  const classes = catalogue.data?.fitness ?? [];
  const shown = filterClasses(classes, filters);
  const openId = params.get('clase');
  const open = classes.find((c) => c.id === openId) ?? null;

  const setFilter = ({ param, field }: (typeof FILTERS)[number], value: string) => {
    setFilters((current) => ({ ...current, [field]: value }));
    const next = new URLSearchParams(params);
    if (value === NO_FILTERS[field]) next.delete(param);
    else next.set(param, value);
    setParams(next, { replace: true });
  };
  const openClass = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('clase', id);
    setParams(next);
  };
  const closeClass = () => {
    const next = new URLSearchParams(params);
    next.delete('clase');
    setParams(next);
  };
  const stepsFor = (band: FitnessBand) => activities.data?.find((a) => a.key === BAND_KEYS[band])?.baseSteps;

  return (
    <PageFrame
      title="Fitness"
      description="Clases guiadas para moverte en casa o en la oficina: cada ejercicio con su instrucción y su cuenta atrás. Elige cuánto tiempo tienes."
    >
      <Stack gap={{ base: '6', md: '8' }}>
        <SurfaceCard as="section" aria-label="Filtros" p={{ base: '4', md: '5' }}>
          <Grid templateColumns={{ base: '1fr', lg: 'repeat(3, auto)' }} gap={{ base: '4', lg: '8' }} justifyContent="start">
            {FILTERS.map((filter) => (
              <ChoiceChips
                key={filter.param}
                name={filter.param}
                legend={filter.legend}
                options={filter.options(classes)}
                value={filters[filter.field]}
                onChange={(v) => setFilter(filter, v)}
              />
            ))}
          </Grid>
        </SurfaceCard>

        {catalogue.isPending ? <Skeleton h="64" borderRadius="card" /> : null}
        {catalogue.isError ? <LoadErrorCard error={catalogue.error} onRetry={() => void catalogue.refetch()} /> : null}

        {catalogue.data ? (
          <Box aria-live="polite">
            {shown.length === 0 ? (
              <SurfaceCard>
                <Text fontWeight="600" color="heading">
                  Ninguna clase con esos filtros.
                </Text>
                <Button
                  mt="3"
                  borderRadius="full"
                  variant="outline"
                  onClick={() => {
                    setFilters(NO_FILTERS);
                    setParams({}, { replace: true });
                  }}
                >
                  Quitar filtros
                </Button>
              </SurfaceCard>
            ) : (
              <Stack gap={{ base: '7', md: '9' }}>
                {BAND_ORDER.map((band) => {
                  const inBand = shown.filter((c) => c.band === band);
                  if (inBand.length === 0) return null;
                  const steps = stepsFor(band);
                  return (
                    <Box as="section" key={band} aria-labelledby={`banda-${band}`}>
                      <HStack justify="space-between" align="baseline" flexWrap="wrap" gap="2" mb="3">
                        <Heading as="h2" id={`banda-${band}`} fontSize={{ base: 'xl', md: '2xl' }} color="heading">
                          {BAND_LABELS[band]}
                        </Heading>
                        {steps ? (
                          <Text fontSize="sm" color="text.muted">
                            Cada clase suma {stepsLabel(steps)}
                          </Text>
                        ) : null}
                      </HStack>
                      <Grid as="ul" role="list" listStyleType="none" templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
                        {inBand.map((c) => (
                          <ClassCard key={c.id} fitnessClass={c} onOpen={() => openClass(c.id)} />
                        ))}
                      </Grid>
                    </Box>
                  );
                })}
              </Stack>
            )}
          </Box>
        ) : null}
      </Stack>
      {open ? <ClassDialog key={open.id} fitnessClass={open} onClose={closeClass} /> : null}
    </PageFrame>
  );
}

function ClassCard({ fitnessClass, onOpen }: { fitnessClass: FitnessClassView; onOpen: () => void }) {
  const works = fitnessClass.exercises.filter((e) => e.kind === 'work').length;
  return (
    <SurfaceCard as="li" p="5" display="flex" flexDirection="column" gap="3">
      <HStack gap="2" flexWrap="wrap">
        <Badge colorPalette="brand" variant="subtle" borderRadius="full" px="2.5">
          {LEVEL_LABELS[fitnessClass.level]}
        </Badge>
        <Badge bg="ink.100" color="ink.800" borderRadius="full" px="2.5">
          {equipmentLabel(fitnessClass.equipment)}
        </Badge>
        <Badge bg="sun.50" color="sun.900" borderRadius="full" px="2.5">
          {fitnessClass.focus}
        </Badge>
      </HStack>
      <Heading as="h3" fontSize="lg" color="heading">
        {fitnessClass.title}
      </Heading>
      <Text color="text.muted" fontSize="sm">
        {fitnessClass.description}
      </Text>
      <HStack gap="1.5" color="ink.700" fontSize="sm">
        <ClockIcon boxSize="4" />
        <Text>
          <Box as="span" aria-hidden="true">
            {fitnessClass.minutes} min
          </Box>
          <Box as="span" srOnly>
            {spokenDuration(fitnessClass.seconds)}
          </Box>
          {` · ${works} ejercicios`}
        </Text>
      </HStack>
      <Box mt="auto" pt="1">
        <Button colorPalette="brand" borderRadius="full" onClick={onOpen} aria-label={`Empezar clase: ${fitnessClass.title}`}>
          Empezar clase
        </Button>
      </Box>
    </SurfaceCard>
  );
}
