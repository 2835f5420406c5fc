import { Box, Button, Grid, HStack, Heading, Input, Link, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { DEFAULT_WORK_HOURS, REMINDER_MESSAGE_MAX_LENGTH, describeWorkDays } from '@ascenso/domain/work-hours';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { BellIcon, InfoIcon } from '#components/ui/icons';
import { ChoiceChips, ToggleRow } from '#components/ui/choice-chips';
import { SurfaceCard } from '#components/ui/page-frame';
import { useWorkHoursQuery } from '#lib/work-hours-queries';
import { useReminderSettings } from '../hooks/use-reminder-settings';
import { useReminderSnooze } from '../hooks/use-reminder-snooze';
import { DEFAULT_REMINDER_MESSAGE, REMINDER_INTERVALS, describeReminder, nextReminder, reminderProblems, type ReminderSettings } from '../utils/reminders';

type Permission = NotificationPermission | 'unsupported';

function currentPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Optional reminders during the work hours from the profile; the settings are stored on this device. */
export function ReminderSettingsCard() {
  const [settings, save] = useReminderSettings();
  const [snoozedUntil] = useReminderSnooze();
  const workHours = useWorkHoursQuery(settings.enabled);
  const hours = workHours.data ?? DEFAULT_WORK_HOURS;
  const [permission, setPermission] = useState<Permission>(currentPermission);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const problems = reminderProblems(settings, hours);
  const next = nextReminder(now, settings, hours, snoozedUntil);
  const update = (patch: Partial<ReminderSettings>) => save({ ...settings, ...patch });

  const askPermission = () => {
    if (typeof Notification === 'undefined') return;
    void Notification.requestPermission().then(setPermission, () => setPermission(currentPermission()));
  };

  return (
    <SurfaceCard as="section" aria-labelledby="recordatorios">
      <HStack gap="3" align="flex-start" mb="4">
        <Box color="brand.700" mt="1" aria-hidden="true">
          <BellIcon boxSize="5" />
        </Box>
        <Box>
          <Heading as="h2" id="recordatorios" fontSize="lg" color="heading">
            Recordatorios
          </Heading>
          <Text fontSize="sm" color="text.muted">
            Un aviso cada cierto tiempo durante tu jornada, mientras Ascenso está abierto. Se guarda en este dispositivo; tu jornada, en tu perfil.
          </Text>
        </Box>
      </HStack>
      <Stack gap="5">
        <ToggleRow label="Recordarme hacer pausas" checked={settings.enabled} onChange={(enabled) => update({ enabled })} />
        {settings.enabled ? (
          <>
            <ChoiceChips
              name="intervalo"
              legend="Cada"
              options={REMINDER_INTERVALS.map((m) => ({
                value: String(m),
                label: m < 60 ? `${m} min` : m % 60 === 0 ? `${m / 60} h` : `${Math.floor(m / 60)} h ${m % 60} min`,
                ariaLabel: `cada ${m} minutos`,
              }))}
              value={String(settings.everyMinutes)}
              onChange={(v) => update({ everyMinutes: Number(v) })}
            />
            <Box fontSize="sm" color="ink.800">
              <Text fontWeight="600" color="heading">
                Tu jornada
              </Text>
              <Text>
                {workHours.isPending
                  ? 'Cargando tu jornada...'
                  : `De ${hours.start} a ${hours.end}, ${describeWorkDays(hours.days)}. Fuera de ella no te avisaremos.`}{' '}
                <Link asChild color="brand.700" fontWeight="600">
                  <RouterLink to="/profile#perfil-jornada">Cambiar tu jornada en tu perfil</RouterLink>
                </Link>
              </Text>
            </Box>
            <ToggleRow
              label="Pausa sin avisos"
              hint="Un tramo de tu jornada sin recordatorios (por ejemplo, la comida)."
              checked={settings.quietEnabled}
              onChange={(quietEnabled) => update({ quietEnabled })}
            />
            {settings.quietEnabled ? (
              <Grid templateColumns="repeat(2, minmax(0, 1fr))" gap="3" maxW="sm">
                <TimeField label="Sin avisos desde" value={settings.quietStart} onChange={(quietStart) => update({ quietStart })} />
                <TimeField label="Sin avisos hasta" value={settings.quietEnd} onChange={(quietEnd) => update({ quietEnd })} />
              </Grid>
            ) : null}

            <MessageField value={settings.message} onChange={(message) => update({ message })} />

            {problems.length > 0 ? (
              <Box role="alert" color="fg.error" fontSize="sm">
                {problems.map((problem) => (
                  <Text key={problem}>{problem}</Text>
                ))}
              </Box>
            ) : (
              <Text fontSize="sm" color="ink.800" aria-live="polite">
                {next ? `Próximo recordatorio: ${describeReminder(next, now)}.` : 'No hay recordatorios previstos.'}
              </Text>
            )}

            <Box bg="canvas" borderRadius="lg" p="4" fontSize="sm">
              {permission === 'granted' ? (
                <Text color="ink.800">Los avisos del navegador están activados: te llegarán aunque estés en otra pestaña.</Text>
              ) : permission === 'denied' ? (
                <HStack align="flex-start" gap="2">
                  <InfoIcon boxSize="4" mt="0.5" color="sun.800" aria-hidden="true" />
                  <Text color="ink.800">
                    Tu navegador bloquea los avisos de Ascenso. Verás los recordatorios dentro de la app; para recibirlos en otra pestaña, permítelos en la
                    configuración del sitio.
                  </Text>
                </HStack>
              ) : permission === 'unsupported' ? (
                <Text color="ink.800">Este navegador no admite avisos: verás los recordatorios dentro de la app.</Text>
              ) : (
                <Stack gap="2" align="flex-start">
                  <Text color="ink.800">Por ahora verás los recordatorios dentro de la app. Si quieres recibirlos también en otra pestaña:</Text>
                  <Button
                    size="sm"
                    variant="outline"
                    borderRadius="full"
                    onClick={askPermission}
                    h="auto"
                    minH="8"
                    py="1.5"
                    whiteSpace="normal"
                    textAlign="start"
                  >
                    <BellIcon />
                    Activar avisos del navegador
                  </Button>
                </Stack>
              )}
            </Box>
          </>
        ) : null}
      </Stack>
    </SurfaceCard>
  );
}

function TimeField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <chakra.label display="grid" gap="1" fontSize="sm" color="ink.800" fontWeight="500">
      {label}
      <Input type="time" value={value} onChange={(event) => onChange(event.currentTarget.value)} step={300} bg="surface" />
    </chakra.label>
  );
}

/** The user's own reminder text, with a live character count (the limit comes from the domain). */
function MessageField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const left = REMINDER_MESSAGE_MAX_LENGTH - value.length;
  return (
    <chakra.label display="grid" gap="1" fontSize="sm" color="ink.800" fontWeight="500" htmlFor={id}>
      Tu mensaje (opcional)
      <Textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value.slice(0, REMINDER_MESSAGE_MAX_LENGTH))}
        maxLength={REMINDER_MESSAGE_MAX_LENGTH}
        placeholder={DEFAULT_REMINDER_MESSAGE}
        rows={2}
        bg="surface"
        aria-describedby={`${id}-count`}
      />
      <Text id={`${id}-count`} fontSize="xs" color="text.muted" fontWeight="400" aria-live="polite">
        {left === 1 ? 'Te queda 1 carácter' : `Te quedan ${left} caracteres`}
      </Text>
    </chakra.label>
  );
}
