import { ACTIVITY_KEYS } from '@ascenso/domain/activities';
import { Box, Button, Code, Field, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { toaster } from '#components/ui/toaster';
import { errorMessage } from '#lib/error-messages';
import { readDomainError } from '#lib/errors';
import { inCatalogueOrder } from '#lib/format';
import { useCatalogueQuery, useUpdateActivityMutation, type CatalogueActivity } from '../api/admin-api';
import {
  auditChanges,
  CATALOGUE_FIELDS,
  CATALOGUE_HINTS,
  CATALOGUE_LABELS,
  isDraftDirty,
  toDraft,
  validateCatalogueDraft,
  type CatalogueDraft,
  type CatalogueField,
} from '../utils/catalogue-form';
import { AdminCard } from './admin-frame';
import { RetryAlert } from '#components/ui/retry-alert';
import { useFocusFirstInvalid } from '#lib/use-focus-first-invalid';

/** Column layout shared by the header row and every row (a table on wide screens, cards on phones). */
const COLUMNS = {
  base: 'repeat(3, minmax(0, 1fr))',
  lg: 'minmax(10rem, 1.1fr) minmax(11rem, 1.5fr) 7.5rem 7.5rem 7.5rem 9.5rem',
};

/** Visually hidden from the `lg` breakpoint on (the header row names the columns there). */
const hiddenFromLg = {
  position: { lg: 'absolute' },
  width: { lg: '1px' },
  height: { lg: '1px' },
  overflow: { lg: 'hidden' },
  clip: { lg: 'rect(0, 0, 0, 0)' },
  whiteSpace: { lg: 'nowrap' },
  margin: { lg: '-1px' },
  padding: { lg: '0' },
  borderWidth: { lg: '0' },
} as const;

/** The activity catalogue as an editable table: one form per activity, saved row by row. */
export function CatalogueEditor() {
  const catalogue = useCatalogueQuery();
  return (
    <AdminCard
      id="admin-catalogo"
      title="Catálogo de actividades"
      description="Lo que suma cada actividad: pasos base × multiplicador, hasta el límite diario. Pasado el límite, la actividad se registra sin pasos. Cada cambio queda en el registro."
    >
      {catalogue.data ? (
        <Box>
          <Box
            display={{ base: 'none', lg: 'grid' }}
            gridTemplateColumns={COLUMNS.lg}
            gap="3"
            px="3"
            pb="2"
            borderBottomWidth="1px"
            borderColor="border.soft"
            aria-hidden="true"
          >
            {['Actividad', ...CATALOGUE_FIELDS.map((f) => CATALOGUE_LABELS[f]), ''].map((label, i) => (
              <Text key={i} fontSize="xs" fontWeight="700" color="ink.700" textTransform="uppercase" letterSpacing="0.06em">
                {label}
              </Text>
            ))}
          </Box>
          <Box as="ul" listStyleType="none" aria-label="Actividades del catálogo">
            {inCatalogueOrder(
              catalogue.data.map((a) => ({ ...a, activityKey: a.key })),
              ACTIVITY_KEYS,
            ).map((activity) => (
              <CatalogueRow key={activity.key} activity={activity} />
            ))}
          </Box>
        </Box>
      ) : catalogue.isError ? (
        <RetryAlert what="No hemos podido cargar el catálogo." query={catalogue} />
      ) : (
        <Stack gap="2" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h="12" borderRadius="lg" />
          ))}
        </Stack>
      )}
    </AdminCard>
  );
}

function CatalogueRow({ activity }: { activity: CatalogueActivity }) {
  const update = useUpdateActivityMutation();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const [saved, setSaved] = useState(() => ({
    name: activity.name,
    baseSteps: activity.baseSteps,
    multiplier: activity.multiplier,
    dailyLimit: activity.dailyLimit,
  }));
  const [draft, setDraft] = useState<CatalogueDraft>(() => toDraft(activity));
  const [errors, setErrors] = useState<Partial<Record<CatalogueField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const labelId = `actividad-${activity.key}`;
  const dirty = isDraftDirty(draft, saved);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    setFormError(null);
    if (!dirty) {
      toaster.create({ type: 'info', title: `${saved.name}: no hay cambios que guardar`, closable: true });
      return;
    }
    const result = validateCatalogueDraft(draft);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    const before = saved;
    update.mutate(
      { key: activity.key, ...result.values },
      {
        onSuccess: (row) => {
          const next = row ? { name: row.name, baseSteps: row.baseSteps, multiplier: row.multiplier, dailyLimit: row.dailyLimit } : result.values;
          setSaved(next);
          setDraft(toDraft(next));
          const changes = auditChanges(before, next)
            .map((c) => `${c.label}: ${c.before} → ${c.after}`)
            .join(' · ');
          toaster.create({
            type: 'success',
            title: `Guardado: ${next.name}`,
            description: changes || 'Sin cambios.',
            closable: true,
          });
        },
        onError: (error) => {
          const info = readDomainError(error);
          const fieldErrors: Partial<Record<CatalogueField, string>> = {};
          for (const field of CATALOGUE_FIELDS) {
            const message = info.fieldErrors[field]?.[0];
            if (message) fieldErrors[field] = message;
          }
          setErrors(fieldErrors);
          setFormError(Object.keys(fieldErrors).length > 0 ? null : errorMessage(error));
          focusFirstInvalid();
        },
      },
    );
  };

  const reset = () => {
    setDraft(toDraft(saved));
    setErrors({});
    setFormError(null);
  };

  return (
    <Box as="li" borderBottomWidth="1px" borderColor="border.soft" _last={{ borderBottomWidth: 0 }} bg={dirty ? 'sun.50' : undefined}>
      <form ref={formRef} onSubmit={handleSubmit} noValidate aria-labelledby={labelId}>
        <Box display="grid" gridTemplateColumns={COLUMNS} gap="3" px="3" py="3" alignItems="start">
          <Box gridColumn={{ base: '1 / -1', lg: 'auto' }} pt={{ lg: '2' }}>
            <Text id={labelId} fontWeight="600" color="heading" lineHeight="1.3">
              {saved.name}
            </Text>
            <Code fontSize="xs" bg="ink.50" color="ink.700">
              {activity.key}
            </Code>
          </Box>
          {CATALOGUE_FIELDS.map((field) => (
            <Field.Root key={field} invalid={Boolean(errors[field])} gridColumn={field === 'name' ? { base: '1 / -1', lg: 'auto' } : undefined}>
              <Field.Label fontSize={{ base: 'xs', sm: 'sm' }} {...hiddenFromLg}>
                {CATALOGUE_LABELS[field]}
              </Field.Label>
              <Input
                name={field}
                value={draft[field]}
                onChange={(event) => {
                  const value = event.target.value;
                  setDraft((current) => ({ ...current, [field]: value }));
                  setErrors((current) => ({ ...current, [field]: undefined }));
                }}
                inputMode={field === 'name' ? 'text' : field === 'multiplier' ? 'decimal' : 'numeric'}
                textAlign={field === 'name' ? 'start' : 'end'}
                autoComplete="off"
                bg="surface"
                aria-describedby={`${labelId}-${field}-hint`}
              />
              <Text id={`${labelId}-${field}-hint`} srOnly>
                {CATALOGUE_HINTS[field]}
              </Text>
              <Field.ErrorText>{errors[field]}</Field.ErrorText>
            </Field.Root>
          ))}
          <HStack gap="2" gridColumn={{ base: '1 / -1', lg: 'auto' }} justify={{ lg: 'flex-end' }} pt={{ lg: '0.5' }}>
            <Button
              type="submit"
              size="sm"
              colorPalette="brand"
              borderRadius="full"
              loading={update.isPending}
              loadingText="Guardando..."
              aria-describedby={labelId}
            >
              Guardar
            </Button>
            {dirty ? (
              <Button type="button" size="sm" variant="ghost" borderRadius="full" onClick={reset}>
                Deshacer
              </Button>
            ) : null}
          </HStack>
          {formError ? (
            <Text role="alert" gridColumn="1 / -1" color="fg.error" fontSize="sm">
              {formError}
            </Text>
          ) : null}
        </Box>
      </form>
    </Box>
  );
}
