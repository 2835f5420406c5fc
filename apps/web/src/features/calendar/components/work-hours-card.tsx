import { Box, Button, chakra, Grid, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { describeWorkDays, WEEKDAY_NAMES, WorkHoursSchema, type WorkHours } from '@ascenso/domain/work-hours';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '#components/forms/form-alert';
import { SectionCard } from '#components/ui/section-card';
import { toaster } from '#components/ui/toaster';
import { RetryAlert } from '#components/ui/retry-alert';
import { errorMessage } from '#lib/error-messages';
import { readDomainError } from '#lib/errors';
import { useSaveWorkHours, useWorkHoursQuery } from '#lib/work-hours-queries';

const CARD_SHAPE = { borderRadius: 'card', p: { base: '5', md: '7' } } as const;

/** "Tu jornada": work hours and days, stored on the profile; the break reminders and the calendar use them. */
export function WorkHoursCard() {
  const query = useWorkHoursQuery();
  return (
    <SectionCard
      id="perfil-jornada"
      title="Tu jornada"
      description="Los recordatorios de pausas solo llegan dentro de tu jornada, y tu plan aparece en el calendario dentro de ella."
      {...CARD_SHAPE}
    >
      {query.isPending ? (
        <Skeleton h="24" borderRadius="lg" aria-hidden="true" />
      ) : query.isError ? (
        <RetryAlert what="No hemos podido cargar tu jornada." query={query} />
      ) : (
        <WorkHoursForm initial={query.data} />
      )}
    </SectionCard>
  );
}

function WorkHoursForm({ initial }: { initial: WorkHours }) {
  const save = useSaveWorkHours();
  const [draft, setDraft] = useState<WorkHours>(initial);
  const [problems, setProblems] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = WorkHoursSchema.safeParse(draft);
    if (!parsed.success) {
      setProblems([...new Set(parsed.error.issues.map((issue) => issue.message))]);
      return;
    }
    setProblems([]);
    save.mutate(parsed.data, {
      onSuccess: (saved) =>
        toaster.create({
          type: 'success',
          title: 'Jornada guardada',
          description: `De ${saved.start} a ${saved.end}, ${describeWorkDays(saved.days)}.`,
          closable: true,
        }),
      onError: (e) => {
        const fields = Object.values(readDomainError(e).fieldErrors).flat();
        setError(fields.length > 0 ? fields.join(' ') : errorMessage(e));
      },
    });
  };

  const toggleDay = (day: number, on: boolean) =>
    setDraft((d) => ({ ...d, days: on ? [...d.days.filter((x) => x !== day), day].sort((a, b) => a - b) : d.days.filter((x) => x !== day) }));

  return (
    <chakra.form onSubmit={submit} noValidate>
      <Stack gap="4">
        <FormAlert message={error} />
        <Grid templateColumns="repeat(2, minmax(0, 1fr))" gap="3" maxW="sm">
          <TimeField label="Empieza" value={draft.start} onChange={(start) => setDraft((d) => ({ ...d, start }))} invalid={problems.length > 0} />
          <TimeField label="Termina" value={draft.end} onChange={(end) => setDraft((d) => ({ ...d, end }))} invalid={problems.length > 0} />
        </Grid>
        <chakra.fieldset border="0" p="0" m="0" minW="0">
          <chakra.legend fontWeight="600" color="heading" fontSize="sm" mb="2" p="0">
            Días de trabajo
          </chakra.legend>
          <HStack gap="2" flexWrap="wrap">
            {WEEKDAY_NAMES.map((name, i) => {
              const day = i + 1;
              const checked = draft.days.includes(day);
              return (
                <chakra.label
                  key={name}
                  display="inline-flex"
                  alignItems="center"
                  gap="2"
                  px="3"
                  minH="10"
                  borderRadius="full"
                  borderWidth="1px"
                  borderColor={checked ? 'brand.600' : 'border.soft'}
                  bg={checked ? 'brand.50' : 'surface'}
                  fontSize="sm"
                  color="ink.800"
                  cursor="pointer"
                  _focusWithin={{ outline: '2px solid', outlineColor: 'brand.600', outlineOffset: '2px' }}
                >
                  <chakra.input type="checkbox" checked={checked} onChange={(event) => toggleDay(day, event.currentTarget.checked)} accentColor="brand.700" />
                  {name.charAt(0).toUpperCase() + name.slice(1)}
                </chakra.label>
              );
            })}
          </HStack>
        </chakra.fieldset>
        {problems.length > 0 ? (
          <Box role="alert" color="fg.error" fontSize="sm">
            {problems.map((problem) => (
              <Text key={problem}>{problem}</Text>
            ))}
          </Box>
        ) : null}
        <Button type="submit" alignSelf="flex-start" borderRadius="full" loading={save.isPending} loadingText="Guardando...">
          Guardar jornada
        </Button>
      </Stack>
    </chakra.form>
  );
}

function TimeField({ label, value, onChange, invalid }: { label: string; value: string; onChange: (value: string) => void; invalid: boolean }) {
  return (
    <chakra.label display="grid" gap="1" fontSize="sm" color="ink.800" fontWeight="500">
      {label}
      <Input type="time" value={value} onChange={(event) => onChange(event.currentTarget.value)} step={300} bg="surface" aria-invalid={invalid || undefined} />
    </chakra.label>
  );
}
