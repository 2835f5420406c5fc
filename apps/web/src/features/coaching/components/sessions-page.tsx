import { Button, Text } from '@chakra-ui/react';
import { ErrorRetry, SkeletonList } from '#components/ui/query-states';
import { useDocumentTitle } from '#lib/use-document-title';
import { useConversationsQuery } from '../api/coaching-api';
import { useStartSession } from '../hooks/use-start-session';
import { PlusIcon } from '#components/ui/icons';
import { ConversationList } from './conversation-list';
import { PageFrame } from '#components/ui/page-frame';
import { OfflineCoachNote } from './offline-coach-note';

/** /coaching/sessions — the structured sessions, with their phase or summary, and "Nueva sesión". */
export function CoachingSessionsPage() {
  useDocumentTitle('Tus sesiones');
  const sessions = useConversationsQuery('session');
  const { startSession, pending, error } = useStartSession();

  return (
    <PageFrame
      maxW="3xl"
      notice={<OfflineCoachNote />}
      title="Tus sesiones"
      description="Cada sesión recorre cuatro pasos y termina con un resumen y tus compromisos."
      back={{ to: '/coaching', label: 'Coaching' }}
      actions={
        <Button colorPalette="brand" borderRadius="full" onClick={startSession} loading={pending} loadingText="Preparando la sesión...">
          <PlusIcon />
          Nueva sesión
        </Button>
      }
    >
      {error ? (
        <Text role="alert" color="fg.error" mb="4">
          {error}
        </Text>
      ) : null}
      {sessions.isPending ? (
        <SkeletonList count={3} gap="2.5" h="20" borderRadius="xl" label="Cargando tus sesiones..." />
      ) : sessions.isError ? (
        <ErrorRetry query={sessions} alert />
      ) : sessions.data.length === 0 ? (
        <Text color="text.muted" bg="surface" borderRadius="xl" borderWidth="1px" borderColor="border.soft" p="5">
          Aún no has hecho ninguna sesión. Empieza una cuando tengas unos veinte minutos para ti.
        </Text>
      ) : (
        <ConversationList items={sessions.data} showSummary label="Tus sesiones de coaching" />
      )}
    </PageFrame>
  );
}
