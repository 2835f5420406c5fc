import { Badge, Box, Button, Dialog, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toaster } from '#components/ui/toaster';
import { errorMessage } from '#lib/error-messages';
import { useSignedInUser } from '#lib/session';
import { useTRPC } from '#lib/trpc';
import { useDocumentTitle } from '#lib/use-document-title';
import { SurfaceCard, PageFrame } from '#components/ui/page-frame';
import { TrashIcon } from '#components/ui/icons';
import { DetailQueryPage } from '#components/ui/detail-states';
import { AlertDialogShell } from '#components/ui/alert-dialog-shell';
import { useJournalEntry, type JournalEntry } from '../api/journal-queries';
import { formatEntryDate, moodLabel, paragraphs } from '../utils/journal-format';

const BACK = { to: '/journaling', label: 'Tu diario' };

/** /journaling/entry/{id} — one entry: mood, date, the question, the text; delete with confirmation. */
export function JournalEntryPage() {
  const { id = '' } = useParams();
  const entry = useJournalEntry(id);
  useDocumentTitle(entry.data?.title ?? 'Entrada del diario');

  return (
    <DetailQueryPage
      query={entry}
      back={BACK}
      maxW="3xl"
      pending={{ titleWidth: '60%', cardHeight: '72' }}
      notFound={{ title: 'No encontramos esta entrada', message: 'Puede que la hayas borrado.' }}
      failedTitle="No se ha podido cargar la entrada"
      link={{ to: '/journaling', label: 'Volver a tu diario' }}
    >
      {(data) => <EntryReader entry={data} />}
    </DetailQueryPage>
  );
}

function EntryReader({ entry }: { entry: JournalEntry }) {
  const user = useSignedInUser();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(trpc.journaling.delete.mutationOptions());

  const confirmDelete = () => {
    remove.mutate(
      { id: entry.id },
      {
        onSuccess: () => {
          setConfirming(false);
          queryClient.removeQueries({ queryKey: trpc.journaling.get.queryKey({ id: entry.id }) });
          void queryClient.invalidateQueries({ queryKey: trpc.journaling.list.queryKey() });
          toaster.create({ type: 'info', title: 'Entrada borrada', closable: true });
          void navigate('/journaling', { replace: true });
        },
      },
    );
  };

  return (
    <PageFrame eyebrow={formatEntryDate(entry.createdAt, user.timezone)} title={entry.title} back={BACK} maxW="3xl">
      <Stack gap="5">
        <HStack gap="2" flexWrap="wrap">
          {entry.mood ? (
            <Badge bg="sun.100" color="sun.900" borderRadius="full" px="3" py="1" fontSize="sm">
              Te sentías: {moodLabel(entry.mood)}
            </Badge>
          ) : null}
          {entry.source === 'chat' ? (
            <Badge bg="brand.50" color="brand.800" borderRadius="full" px="3" py="1" fontSize="sm">
              Escrita con tu coach
            </Badge>
          ) : null}
          <Text fontSize="sm" color="text.muted">
            {entry.wordCount} {entry.wordCount === 1 ? 'palabra' : 'palabras'}
          </Text>
        </HStack>

        <SurfaceCard as="article" aria-label="Entrada">
          {entry.prompt ? (
            <Box as="figure" m="0" mb="5" ps="4" borderInlineStartWidth="3px" borderColor="sun.400">
              <Text as="figcaption" fontSize="sm" fontWeight="700" color="sun.900">
                La pregunta
              </Text>
              <Box as="blockquote" m="0" mt="1" fontSize="lg" fontWeight="600" color="heading">
                {entry.prompt}
              </Box>
            </Box>
          ) : null}
          <Stack gap="4" color="ink.900" fontSize={{ base: 'md', md: 'lg' }} lineHeight="1.75" maxW="65ch">
            {paragraphs(entry.body).map((paragraph, index) => (
              <Text key={index} whiteSpace="pre-wrap">
                {paragraph}
              </Text>
            ))}
          </Stack>
        </SurfaceCard>

        <HStack justify="flex-end">
          <Button variant="outline" colorPalette="red" borderRadius="full" onClick={() => setConfirming(true)}>
            <TrashIcon />
            Borrar entrada
          </Button>
        </HStack>
      </Stack>

      <AlertDialogShell
        open={confirming}
        onOpenChange={(details) => setConfirming(details.open)}
        title="¿Borrar esta entrada?"
        footer={
          <>
            <Dialog.ActionTrigger asChild>
              <Button variant="outline" borderRadius="full">
                Cancelar
              </Button>
            </Dialog.ActionTrigger>
            <Button colorPalette="red" borderRadius="full" onClick={confirmDelete} loading={remove.isPending} loadingText="Borrando...">
              Borrar
            </Button>
          </>
        }
      >
        <Dialog.Description color="ink.800">«{entry.title}» se borrará de tu diario para siempre. No se puede deshacer.</Dialog.Description>
        {remove.isError ? (
          <Text role="alert" mt="3" color="fg.error">
            {errorMessage(remove.error)}
          </Text>
        ) : null}
      </AlertDialogShell>
    </PageFrame>
  );
}
