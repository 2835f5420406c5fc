import { Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLedgerQuery } from '../api/profile-api';
import { LedgerList } from '#components/steps/ledger-list';
import { ProfileCard } from './profile-card';
import { RetryAlert } from '#components/ui/retry-alert';

/** "Tu historial de pasos": `profile.ledger` with the reason of every entry. */
export function LedgerCard({ timeZone }: { timeZone: string }) {
  const ledger = useLedgerQuery();
  return (
    <ProfileCard
      id="perfil-movimientos"
      title="Tu historial de pasos"
      description="Cada actividad registrada y cada ajuste, con los pasos que sumó y por qué. Pasado el límite diario de una actividad, queda registrada sin pasos."
    >
      {ledger.data ? (
        <LedgerList entries={ledger.data} timeZone={timeZone} emptyText="Aún no hay movimientos. Completa una actividad para sumar tus primeros pasos." />
      ) : ledger.isError ? (
        <RetryAlert what="No hemos podido cargar tu historial." query={ledger} />
      ) : (
        <Stack gap="3" aria-busy="true">
          <Skeleton h="12" borderRadius="lg" />
          <Skeleton h="12" borderRadius="lg" />
          <Text srOnly>Cargando tu historial...</Text>
        </Stack>
      )}
    </ProfileCard>
  );
}
