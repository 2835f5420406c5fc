import { Box, Button, Field, Grid, Heading, Input, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '#lib/error-messages';
import { isNotFound, readDomainError } from '#lib/errors';
import { formatSteps, stepsLabel } from '#lib/steps/format-steps';
import { useSignedInUser } from '#lib/session';
import { LedgerList } from '#components/steps/ledger-list';
import { signedSteps } from '#lib/steps/ledger';
import { formatLocalDay, todayCountLabel } from '#lib/format';
import { useAdjustStepsMutation, useUserLedgerQuery } from '../api/admin-api';
import { ADJUSTMENT_REASON_HINT, validateAdjustment } from '../utils/catalogue-form';
import type { PickedUser } from './user-picker';
import { InsetBox } from '#components/ui/section-card';
import { SuccessStatus } from '#components/ui/success-status';
import { useFocusFirstInvalid } from '#lib/use-focus-first-invalid';

/** The chosen person's today stats, the manual adjustment form and their ledger (`admin.userLedger`). */
export function UserStepsPanel({ user }: { user: PickedUser }) {
  const admin = useSignedInUser();
  const ledger = useUserLedgerQuery(user.id);
  const data = ledger.data;
  const activeToday = data?.stats.byActivity.filter((a) => a.todayCount > 0) ?? [];

  if (ledger.isError) {
    const notFound = isNotFound(ledger.error);
    return (
      <Stack gap="3" align="flex-start">
        <Text role="alert">{notFound ? 'Esa persona ya no existe.' : `No hemos podido cargar sus pasos. ${errorMessage(ledger.error)}`}</Text>
        {notFound ? null : (
          <Button size="sm" variant="outline" borderRadius="full" onClick={() => void ledger.refetch()}>
            Reintentar
          </Button>
        )}
      </Stack>
    );
  }

  if (!data) {
    return (
      <Stack gap="3" aria-busy="true">
        <Skeleton h="20" borderRadius="lg" />
        <Skeleton h="32" borderRadius="lg" />
        <Text srOnly>Cargando sus pasos...</Text>
      </Stack>
    );
  }

  const day = formatLocalDay(data.stats.day);

  return (
    <Stack gap="6">
      <Box as="section" aria-labelledby="admin-usuario-hoy">
        <Heading as="h3" id="admin-usuario-hoy" fontSize="md" color="heading" mb="3">
          Sus pasos{day ? ` · hoy es ${day} en su zona horaria` : ''}
        </Heading>
        <Grid as="dl" templateColumns="repeat(2, minmax(0, 1fr))" gap="3" maxW="md">
          <StepsTile label="Total" steps={data.stats.totalSteps} />
          <StepsTile label="Hoy" steps={data.stats.todaySteps} />
        </Grid>
        {activeToday.length > 0 ? (
          <Box as="ul" listStyleType="none" mt="3" display="grid" gap="1" fontSize="sm">
            {activeToday.map((activity) => (
              <li key={activity.activityKey}>
                <Text as="span" fontWeight="600">
                  {activity.name}
                </Text>
                : {todayCountLabel(activity.todayCount, activity.dailyLimit)}, {stepsLabel(activity.todaySteps)}
              </li>
            ))}
          </Box>
        ) : (
          <Text mt="3" fontSize="sm" color="text.muted">
            Hoy no ha completado ninguna actividad.
          </Text>
        )}
      </Box>

      <AdjustForm user={user} />

      <Box as="section" aria-labelledby="admin-usuario-movimientos">
        <Heading as="h3" id="admin-usuario-movimientos" fontSize="md" color="heading" mb="2">
          Sus movimientos
        </Heading>
        <LedgerList entries={data.entries} timeZone={admin.timezone} emptyText="Todavía no tiene movimientos." />
      </Box>
    </Stack>
  );
}

function AdjustForm({ user }: { user: PickedUser }) {
  const adjust = useAdjustStepsMutation();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const [steps, setSteps] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'steps' | 'reason', string>>>({});
  /** A field's change handler: keeps the text and clears that field's error. */
  const edit = (field: 'steps' | 'reason', set: (value: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value);
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (adjust.isPending) return;
    setFormError(null);
    setDone(null);
    const result = validateAdjustment(steps, reason);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    adjust.mutate(
      { userId: user.id, ...result.values },
      {
        onSuccess: (totals) => {
          setSteps('');
          setReason('');
          setDone(`Ajuste aplicado: ${signedSteps(result.values.steps)} pasos. Ahora suma ${stepsLabel(totals.totalSteps)} en total.`);
        },
        onError: (error) => {
          const info = readDomainError(error);
          const fieldErrors: Partial<Record<'steps' | 'reason', string>> = {};
          if (info.fieldErrors.steps?.[0]) fieldErrors.steps = info.fieldErrors.steps[0];
          if (info.fieldErrors.reason?.[0]) fieldErrors.reason = info.fieldErrors.reason[0];
          setErrors(fieldErrors);
          setFormError(Object.keys(fieldErrors).length > 0 ? null : errorMessage(error));
          focusFirstInvalid();
        },
      },
    );
  };

  return (
    <InsetBox as="section" aria-labelledby="admin-ajuste" p="4">
      <Heading as="h3" id="admin-ajuste" fontSize="md" color="heading" mb="1">
        Ajuste manual
      </Heading>
      <Text fontSize="sm" color="text.muted" mb="4">
        Suma o resta pasos con un motivo. La persona lo verá en su historial con ese motivo.
      </Text>
      <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label="Ajuste manual de pasos">
        <Stack gap="4">
          {formError ? (
            <Text role="alert" color="fg.error">
              {formError}
            </Text>
          ) : null}
          <SuccessStatus message={done} />
          <Field.Root invalid={Boolean(errors.steps)} required maxW="xs">
            <Field.Label>
              Pasos
              <Field.RequiredIndicator />
            </Field.Label>
            <Input name="steps" value={steps} onChange={edit('steps', setSteps)} inputMode="text" autoComplete="off" bg="surface" />
            <Field.HelperText color="text.muted">Un número entero distinto de 0. Para restar, empieza por un signo menos: -150.</Field.HelperText>
            <Field.ErrorText>{errors.steps}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.reason)} required>
            <Field.Label>
              Motivo
              <Field.RequiredIndicator />
            </Field.Label>
            <Textarea name="reason" value={reason} onChange={edit('reason', setReason)} autoresize maxH="32" bg="surface" />
            <Field.HelperText color="text.muted">{ADJUSTMENT_REASON_HINT}</Field.HelperText>
            <Field.ErrorText>{errors.reason}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" alignSelf="flex-start" colorPalette="brand" borderRadius="full" loading={adjust.isPending} loadingText="Aplicando...">
            Aplicar ajuste
          </Button>
        </Stack>
      </form>
    </InsetBox>
  );
}

/** One figure of the user's steps, as a term and its value of the surrounding <dl>. */
function StepsTile({ label, steps }: { label: string; steps: number }) {
  return (
    <Box bg="brand.900" color="white" borderRadius="lg" px="4" py="3">
      <Text as="dt" fontSize="sm" color="hero.muted" fontWeight="600">
        {label}
      </Text>
      <Text as="dd" fontSize="2xl" fontWeight="800" fontVariantNumeric="tabular-nums">
        {formatSteps(steps)}
      </Text>
    </Box>
  );
}
