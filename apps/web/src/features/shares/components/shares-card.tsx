import { verifiedEmailRequiredMessage } from '@ascenso/domain/email-verification';
import { Badge, Box, Button, Checkbox, chakra, Fieldset, HStack, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import {
  SHARE_INCLUDE_LABELS,
  SHARE_INCLUDES,
  SHARE_MAX_DAYS,
  SHARE_MAX_JOURNAL_ENTRIES,
  SHARE_MESSAGES,
  SHARE_MIN_DAYS,
  type ShareInclude,
} from '@ascenso/domain/shares';
import { useId, useState, type FormEvent } from 'react';
import { FormAlert } from '#components/forms/form-alert';
import { useConfirmDialog } from '#components/ui/confirm-dialog';
import { RevokeLinkDialog, SecretLinkField } from '#components/ui/secret-link-field';
import { InsetBox, SectionCard } from '#components/ui/section-card';
import { RetryAlert } from '#components/ui/retry-alert';
import { errorMessage } from '#lib/error-messages';
import { readDomainError } from '#lib/errors';
import { useSignedInUser } from '#lib/session';
import { VerifiedEmailNote } from '#components/ui/verified-email-note';
import { useCreateShare, useRevokeShare, useShareableEntries, useShares, type ShareSummary } from '../api/shares-queries';
import { daysLabel, formatShareDate, partsLabel, STATUS_LABELS, viewsLabel } from '../utils/share-format';

// The scroll margin keeps the heading clear of the sticky header when the card is scrolled to
// (/profile#perfil-compartir, the header menu's «Compartir»).
const CARD_SHAPE = { borderRadius: 'card', p: { base: '5', md: '7' }, scrollMarginTop: '20' } as const;
const DAY_OPTIONS = Array.from({ length: SHARE_MAX_DAYS - SHARE_MIN_DAYS + 1 }, (_, i) => SHARE_MIN_DAYS + i);
/** Entries listed to tick (the newest); the API accepts up to SHARE_MAX_JOURNAL_ENTRIES of them. */
const LISTED_ENTRIES = 30;
const STATUS_PALETTE = { active: 'green', expired: 'gray', revoked: 'red' } as const;

function shareError(error: unknown): string {
  const info = readDomainError(error);
  if (info.domainCode === 'CONFLICT') return SHARE_MESSAGES.tooManyActive;
  // The address is not confirmed (this tab had not heard yet): the server's refusal names the way out.
  if (info.domainCode === 'FORBIDDEN' && !info.originRefused) return verifiedEmailRequiredMessage('share');
  if (info.domainCode === 'VALIDATION' && info.fieldErrors.journalEntryIds?.[0]) return info.fieldErrors.journalEntryIds[0];
  if (info.domainCode === 'VALIDATION' && info.fieldErrors.include?.[0]) return info.fieldErrors.include[0];
  return errorMessage(error);
}

/**
 * "Compartir con tu coach o terapeuta" (decision 029): the user ticks what goes in (journal entries one by
 * one, none by default), picks 1–30 days and gets a read-only link, shown once, with a copy button; below,
 * their links with status, views and "Revocar" (after a confirmation).
 */
export function SharesCard() {
  const { timezone: timeZone, emailVerified } = useSignedInUser();
  const shares = useShares();
  const entries = useShareableEntries();
  const create = useCreateShare();
  const [include, setInclude] = useState<ShareInclude[]>([]);
  const [ticked, setTicked] = useState<string[]>([]);
  const [days, setDays] = useState(7);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ url: string; expiresAt: Date } | null>(null);
  const daysId = useId();
  const unverifiedId = useId();

  const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (include.length === 0 && ticked.length === 0) {
      setError(SHARE_MESSAGES.includeEmpty);
      return;
    }
    create.mutate(
      { include: SHARE_INCLUDES.filter((key) => include.includes(key)), days, ...(ticked.length > 0 ? { journalEntryIds: ticked } : {}) },
      {
        onSuccess: (share) => {
          setCreated({ url: share.url, expiresAt: share.expiresAt });
          setInclude([]);
          setTicked([]);
        },
        onError: (e) => setError(shareError(e)),
      },
    );
  };

  const listed = (entries.data ?? []).slice(0, LISTED_ENTRIES);
  const atEntryLimit = ticked.length >= SHARE_MAX_JOURNAL_ENTRIES;

  return (
    <SectionCard
      id="perfil-compartir"
      title="Compartir con tu coach o terapeuta"
      description="Crea un enlace de solo lectura para la persona que te acompaña. Tú eliges qué ve y durante cuánto tiempo, y puedes revocarlo cuando quieras. No necesita cuenta."
      {...CARD_SHAPE}
    >
      <Stack gap="6">
        <chakra.form onSubmit={submit} noValidate aria-labelledby="perfil-compartir-nuevo">
          <Stack gap="5">
            <Text as="h3" id="perfil-compartir-nuevo" fontWeight="700" color="heading">
              Nuevo enlace
            </Text>
            <Fieldset.Root>
              <Fieldset.Legend fontWeight="600" color="heading" mb="2">
                Qué quieres compartir
              </Fieldset.Legend>
              <Stack gap="2">
                {SHARE_INCLUDES.map((key) => (
                  <Checkbox.Root
                    key={key}
                    checked={include.includes(key)}
                    onCheckedChange={(details) => setInclude((current) => toggle(current, key, details.checked === true))}
                    alignItems="flex-start"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control mt="0.5" />
                    <Checkbox.Label fontWeight="500">{SHARE_INCLUDE_LABELS[key]}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            </Fieldset.Root>

            <Fieldset.Root>
              <Fieldset.Legend fontWeight="600" color="heading">
                Entradas del diario (opcional)
              </Fieldset.Legend>
              <Fieldset.HelperText fontSize="sm" color="text.muted" mb="2">
                El texto de tu diario nunca se comparte salvo las entradas que marques aquí, una a una (hasta {SHARE_MAX_JOURNAL_ENTRIES}).
              </Fieldset.HelperText>
              {entries.isPending ? (
                <Stack gap="2" aria-busy="true">
                  <Skeleton h="6" maxW="sm" />
                  <Text srOnly>Cargando tus entradas del diario...</Text>
                </Stack>
              ) : entries.isError ? (
                <Text role="alert" fontSize="sm">
                  No hemos podido cargar tus entradas del diario. {errorMessage(entries.error)}
                </Text>
              ) : listed.length === 0 ? (
                <Text fontSize="sm" color="text.muted">
                  Todavía no tienes entradas en tu diario.
                </Text>
              ) : (
                <Stack gap="2" maxH="64" overflowY="auto" pe="2">
                  {listed.map((entry) => {
                    const on = ticked.includes(entry.id);
                    return (
                      <Checkbox.Root
                        key={entry.id}
                        checked={on}
                        disabled={!on && atEntryLimit}
                        onCheckedChange={(details) => setTicked((current) => toggle(current, entry.id, details.checked === true))}
                        alignItems="flex-start"
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control mt="0.5" />
                        <Checkbox.Label fontWeight="400">
                          {formatShareDate(entry.createdAt, timeZone)} · {entry.title}
                        </Checkbox.Label>
                      </Checkbox.Root>
                    );
                  })}
                </Stack>
              )}
            </Fieldset.Root>

            <Stack gap="1" maxW="xs">
              <chakra.label htmlFor={daysId} fontWeight="600" color="heading">
                Durante cuánto tiempo
              </chakra.label>
              <NativeSelect.Root>
                <NativeSelect.Field id={daysId} value={String(days)} onChange={(event) => setDays(Number(event.currentTarget.value))}>
                  {DAY_OPTIONS.map((n) => (
                    <option key={n} value={n}>
                      {daysLabel(n)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Stack>

            <FormAlert message={error} />
            {/* Until the address is confirmed the server refuses a share: say so before the click, not after. */}
            {emailVerified ? null : <VerifiedEmailNote id={unverifiedId} purpose="share" />}
            <Button
              type="submit"
              alignSelf="flex-start"
              borderRadius="full"
              colorPalette="brand"
              loading={create.isPending}
              loadingText="Creando el enlace..."
              disabled={!emailVerified}
              aria-describedby={emailVerified ? undefined : unverifiedId}
            >
              Crear enlace
            </Button>
          </Stack>
        </chakra.form>

        {created ? (
          <InsetBox>
            <SecretLinkField
              label="Tu enlace para compartir"
              url={created.url}
              copiedMessage="Enlace copiado. Envíaselo a tu coach o terapeuta."
              warning="Guárdalo ahora: por seguridad no volveremos a mostrarlo. Quien tenga el enlace puede ver lo que has elegido hasta que caduque o lo revoques."
            >
              <Text fontSize="sm" color="ink.800">
                Caduca el {formatShareDate(created.expiresAt, timeZone)}.
              </Text>
            </SecretLinkField>
          </InsetBox>
        ) : null}

        <Box as="section" aria-labelledby="perfil-compartir-lista">
          <Text as="h3" id="perfil-compartir-lista" fontWeight="700" color="heading" mb="3">
            Tus enlaces
          </Text>
          {shares.isPending ? (
            <Stack gap="2" aria-busy="true">
              <Skeleton h="16" borderRadius="lg" />
              <Text srOnly>Cargando tus enlaces...</Text>
            </Stack>
          ) : shares.isError ? (
            <RetryAlert what="No hemos podido cargar tus enlaces." query={shares} />
          ) : shares.data.length === 0 ? (
            <Text color="text.muted">Todavía no has compartido nada.</Text>
          ) : (
            <Stack as="ul" listStyleType="none" gap="3">
              {shares.data.map((share) => (
                <ShareItem key={share.id} share={share} timeZone={timeZone} />
              ))}
            </Stack>
          )}
        </Box>
      </Stack>
    </SectionCard>
  );
}

function ShareItem({ share, timeZone }: { share: ShareSummary; timeZone: string }) {
  const revoke = useRevokeShare();
  const revokeDialog = useConfirmDialog('perfil-compartir-lista');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  const confirmRevoke = () => {
    setError(null);
    revoke.mutate(
      { id: share.id },
      {
        onSuccess: revokeDialog.close,
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  const until =
    share.status === 'revoked' && share.revokedAt
      ? `Revocado el ${formatShareDate(share.revokedAt, timeZone)}`
      : share.status === 'expired'
        ? `Caducó el ${formatShareDate(share.expiresAt, timeZone)}`
        : `Caduca el ${formatShareDate(share.expiresAt, timeZone)}`;

  return (
    <InsetBox as="li" aria-labelledby={titleId}>
      <Stack gap="2">
        <HStack justify="space-between" align="flex-start" gap="2" wrap="wrap">
          <Text id={titleId} fontWeight="600" color="heading">
            Enlace creado el {formatShareDate(share.createdAt, timeZone)} ({daysLabel(share.days)})
          </Text>
          <Badge colorPalette={STATUS_PALETTE[share.status]} variant="subtle" borderRadius="full" px="2">
            {STATUS_LABELS[share.status]}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="ink.800">
          {partsLabel(share.include, share.journalEntryCount)}
        </Text>
        <Text fontSize="sm" color="ink.800">
          {until}
        </Text>
        <Text fontSize="sm" color="ink.800" data-testid="share-views">
          {viewsLabel(share.views, timeZone)}
        </Text>
        {share.views.recent.length > 0 ? (
          <chakra.details fontSize="sm" color="ink.800">
            <chakra.summary cursor="pointer" fontWeight="600" color="brand.700">
              Ver registro de visitas
            </chakra.summary>
            <chakra.ul ps="5" mt="1" listStyleType="disc">
              {share.views.recent.map((view) => (
                <li key={view.at.toISOString()}>
                  {formatShareDate(view.at, timeZone)}
                  {view.count > 1 ? ` (${view.count} veces en ese minuto)` : ''}
                </li>
              ))}
            </chakra.ul>
          </chakra.details>
        ) : null}
        {share.status === 'active' ? (
          <Button {...revokeDialog.trigger} size="sm" variant="outline" colorPalette="red" borderRadius="full" alignSelf="flex-start">
            Revocar
          </Button>
        ) : null}
      </Stack>

      <RevokeLinkDialog control={revokeDialog} title="¿Revocar este enlace?" pending={revoke.isPending} error={error} onConfirm={confirmRevoke}>
        Quien tenga el enlace dejará de poder verlo en ese mismo momento. Si quieres volver a compartir, podrás crear otro.
      </RevokeLinkDialog>
    </InsetBox>
  );
}
