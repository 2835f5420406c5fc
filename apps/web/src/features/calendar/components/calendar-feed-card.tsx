import { verifiedEmailRequiredMessage } from '@ascenso/domain/email-verification';
import { Button, HStack, Link, List, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { FormAlert } from '#components/forms/form-alert';
import { useConfirmDialog } from '#components/ui/confirm-dialog';
import { CalendarCheckIcon } from '#components/ui/icons';
import { RevokeLinkDialog, SecretLinkField } from '#components/ui/secret-link-field';
import { InsetBox, SectionCard } from '#components/ui/section-card';
import { RetryAlert } from '#components/ui/retry-alert';
import { errorMessage } from '#lib/error-messages';
import { readDomainError } from '#lib/errors';
import { useSignedInUser } from '#lib/session';
import { VerifiedEmailNote } from '#components/ui/verified-email-note';
import { useCalendarFeedStatus, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-queries';

const CARD_SHAPE = { borderRadius: 'card', p: { base: '5', md: '7' } } as const;

/** `https://…/feed/x.ics` → `webcal://…/feed/x.ics` (calendar apps open it as a subscription). */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:/, 'webcal:');
}

function formatWhen(date: Date): string {
  return date.toLocaleString('es-ES', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
}

/**
 * "Añadir mi plan al calendario": a private subscription URL (shown once, when created: only its hash is
 * kept), with copy, a webcal:// link and instructions for Google, Apple and Outlook; "Revocar" after a
 * confirmation. A new link replaces the previous one.
 */
export function CalendarFeedCard() {
  const status = useCalendarFeedStatus();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const revokeDialog = useConfirmDialog('perfil-calendario');
  const { emailVerified } = useSignedInUser();
  const unverifiedId = useId();

  const createFeed = () => {
    setError(null);
    create.mutate(undefined, {
      onSuccess: (created) => {
        setUrl(created.url);
      },
      // FORBIDDEN: the address is not confirmed (this tab had not heard yet); the refusal names the way out.
      onError: (e) => {
        const info = readDomainError(e);
        setError(info.domainCode === 'FORBIDDEN' && !info.originRefused ? verifiedEmailRequiredMessage('calendarFeed') : errorMessage(e));
      },
    });
  };

  const confirmRevoke = () => {
    setError(null);
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        revokeDialog.close();
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };

  const active = status.data?.active ?? false;

  return (
    <SectionCard
      id="perfil-calendario"
      title="Añadir mi plan al calendario"
      description="Tu plan de hoy y de mañana, dentro de tu jornada, y tus compromisos abiertos, en Google Calendar, Apple Calendar u Outlook. Se actualiza solo cada hora."
      {...CARD_SHAPE}
    >
      <Stack gap="4">
        <FormAlert message={error} />
        {status.isPending ? (
          <Stack gap="2" aria-busy="true">
            <Skeleton h="10" maxW="xs" borderRadius="full" />
            <Text srOnly>Cargando tu calendario...</Text>
          </Stack>
        ) : status.isError ? (
          <RetryAlert what="No hemos podido cargar el estado de tu calendario." query={status} />
        ) : url ? (
          <Stack gap="4">
            <SecretLinkField
              label="Tu enlace privado"
              url={url}
              copiedMessage="Enlace copiado. Pégalo en tu app de calendario."
              warning="Guárdalo ahora: por seguridad no volveremos a mostrarlo. Quien tenga este enlace puede ver tu plan; si lo compartes sin querer, revócalo."
            />
            <Link href={webcalUrl(url)} color="brand.700" fontWeight="600" alignSelf="flex-start">
              <CalendarCheckIcon aria-hidden="true" />
              Abrir en mi app de calendario
            </Link>
            <InsetBox>
              <Text fontWeight="600" color="heading" fontSize="sm" mb="2">
                Cómo suscribirte
              </Text>
              <List.Root as="ol" fontSize="sm" color="ink.800" ps="5" gap="1.5">
                <List.Item>
                  <strong>Google Calendar</strong> (en el ordenador): «Otros calendarios» → «+» → «Desde URL», pega el enlace y pulsa «Añadir calendario».
                </List.Item>
                <List.Item>
                  <strong>Apple Calendar</strong>: «Archivo» → «Nueva suscripción a calendario», pega el enlace; en el iPhone, «Ajustes» → «Calendario» →
                  «Cuentas» → «Añadir cuenta» → «Otra» → «Añadir calendario suscrito».
                </List.Item>
                <List.Item>
                  <strong>Outlook</strong>: «Añadir calendario» → «Suscribirse desde la web», pega el enlace y ponle un nombre.
                </List.Item>
              </List.Root>
            </InsetBox>
          </Stack>
        ) : active ? (
          <Text color="ink.800">
            Ya tienes un enlace activo
            {status.data?.lastFetchedAt ? ` (tu calendario lo consultó por última vez el ${formatWhen(status.data.lastFetchedAt)})` : ''}; crea uno nuevo si lo
            perdiste: el anterior dejará de funcionar.
          </Text>
        ) : (
          <Text color="ink.800">Crea un enlace privado y añádelo a tu calendario como suscripción. Puedes revocarlo cuando quieras.</Text>
        )}

        {/* Until the address is confirmed the server refuses a new feed (an existing one keeps working). */}
        {status.data && !emailVerified ? <VerifiedEmailNote id={unverifiedId} purpose="calendarFeed" /> : null}
        {status.data ? (
          <HStack gap="3" flexWrap="wrap">
            <Button
              variant={url ? 'outline' : 'solid'}
              borderRadius="full"
              onClick={createFeed}
              loading={create.isPending}
              loadingText="Creando el enlace..."
              colorPalette="brand"
              disabled={!emailVerified}
              aria-describedby={emailVerified ? undefined : unverifiedId}
            >
              {active || url ? 'Crear un enlace nuevo' : 'Crear mi enlace'}
            </Button>
            {active || url ? (
              <Button {...revokeDialog.trigger} variant="outline" colorPalette="red" borderRadius="full">
                Revocar
              </Button>
            ) : null}
          </HStack>
        ) : null}
      </Stack>

      <RevokeLinkDialog control={revokeDialog} title="¿Revocar el enlace de tu calendario?" pending={revoke.isPending} error={error} onConfirm={confirmRevoke}>
        Tu app de calendario dejará de recibir tu plan y el enlace dejará de funcionar. Podrás crear otro cuando quieras.
      </RevokeLinkDialog>
    </SectionCard>
  );
}
