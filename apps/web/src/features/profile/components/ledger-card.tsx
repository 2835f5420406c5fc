import { Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '../../../lib/error-messages';
import { useLedgerQuery } from '../api/profile-api';
import { LedgerList } from '../../../components/steps/ledger-list';
import { ProfileCard } from './profile-card';

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
        <LedgerList
          entries={ledger.data}
          timeZone={timeZone}
          emptyText="Aún no hay movimientos. Completa una actividad para sumar tus primeros pasos."
        />
      ) : ledger.isError ? (
        <Stack gap="3" align="flex-start">
          <Text role="alert">No hemos podido cargar tu historial. {errorMessage(ledger.error)}</Text>
          <Button size="sm" variant="outline" borderRadius="full" onClick={() => void ledger.refetch()}>
            Reintentar
          </Button>
        </Stack>
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
