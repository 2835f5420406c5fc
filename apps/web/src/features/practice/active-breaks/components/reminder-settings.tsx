import { Box, Button, Grid, HStack, Heading, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { BellIcon, InfoIcon } from '../../../../components/ui/icons';
import { ChoiceChips, ToggleRow } from '../../../../components/ui/choice-chips';
import { SurfaceCard } from '../../../../components/ui/page-frame';
import { useReminderSettings } from '../hooks/use-reminder-settings';
import { REMINDER_INTERVALS, describeReminder, nextReminder, reminderProblems, type ReminderSettings } from '../utils/reminders';

type Permission = NotificationPermission | 'unsupported';

function currentPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Optional reminders during working hours, stored on this device. */
export function ReminderSettingsCard() {
  const [settings, save] = useReminderSettings();
  const [permission, setPermission] = useState<Permission>(currentPermission);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const problems = reminderProblems(settings);
  const next = nextReminder(now, settings);
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
            Un aviso cada cierto tiempo durante tu jornada, mientras Ascenso está abierto. Se guarda en este dispositivo.
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
            <chakra.fieldset border="0" p="0" m="0" minW="0">
              <chakra.legend fontWeight="600" color="heading" fontSize="sm" mb="2" p="0">
                Tu jornada
              </chakra.legend>
              <Grid templateColumns="repeat(2, minmax(0, 1fr))" gap="3" maxW="sm">
                <TimeField label="Empieza" value={settings.workStart} onChange={(workStart) => update({ workStart })} />
                <TimeField label="Termina" value={settings.workEnd} onChange={(workEnd) => update({ workEnd })} />
              </Grid>
            </chakra.fieldset>
            <ToggleRow label="Solo de lunes a viernes" checked={settings.weekdaysOnly} onChange={(weekdaysOnly) => update({ weekdaysOnly })} />
            <ToggleRow
              label="Horas de silencio"
              hint="Sin avisos en este tramo (por ejemplo, la comida)."
              checked={settings.quietEnabled}
              onChange={(quietEnabled) => update({ quietEnabled })}
            />
            {settings.quietEnabled ? (
              <Grid templateColumns="repeat(2, minmax(0, 1fr))" gap="3" maxW="sm">
                <TimeField label="Silencio desde" value={settings.quietStart} onChange={(quietStart) => update({ quietStart })} />
                <TimeField label="Silencio hasta" value={settings.quietEnd} onChange={(quietEnd) => update({ quietEnd })} />
              </Grid>
            ) : null}

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
