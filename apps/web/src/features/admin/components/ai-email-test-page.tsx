import { Badge, Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { AdminCard, AdminFrame } from './admin-frame';
import { adminOnly } from './admin-only';
import { UserPicker, type PickedUser } from './user-picker';
import { useAiEmailPreviewQuery, useAiEmailSendMutation } from '../api/email-api';
import { errorMessage } from '#lib/error-messages';
import type { SendResult } from '../utils/email-copy';
import { EmailPreview } from './email-preview';
import { MailAuditLog } from './mail-audit-log';
import { OutboxList } from './outbox-list';
import { SendResultAlert } from './send-result-alert';
import { RetryAlert } from '#components/ui/retry-alert';
import { InsetBox } from '#components/ui/section-card';

/** /ai-email-test — the coach writes a person's weekly summary; preview it, then send it. */
export const AiEmailTestPage = adminOnly(AiEmailTest);

function AiEmailTest() {
  const [person, setPerson] = useState<PickedUser | null>(null);
  const [previewFor, setPreviewFor] = useState<string | null>(null);
  const preview = useAiEmailPreviewQuery(previewFor);

  return (
    <AdminFrame
      title="Correo del coach"
      description="El resumen semanal que escribe el coach con los datos de una persona: su actividad, sus compromisos y su evaluación."
    >
      <AdminCard id="correo-ia-persona" title="Persona">
        <Stack gap="4">
          <UserPicker
            selected={person}
            onSelect={(user) => {
              setPerson(user);
              setPreviewFor(null);
            }}
          />
          {person ? (
            <Button
              alignSelf="flex-start"
              colorPalette="brand"
              borderRadius="full"
              onClick={() => {
                if (previewFor === person.id) void preview.refetch();
                else setPreviewFor(person.id);
              }}
              loading={preview.isFetching}
              loadingText="El coach está escribiendo..."
            >
              {previewFor === person.id && preview.data ? 'Escribir otra versión' : 'Generar la vista previa'}
            </Button>
          ) : null}
        </Stack>
      </AdminCard>

      {person && previewFor === person.id ? (
        <AdminCard id="correo-ia-vista-previa" title="Vista previa del resumen semanal" description={`Para ${person.firstName} (${person.email}).`}>
          {preview.data ? (
            <Stack gap="6">
              <EmailPreview
                subject={preview.data.subject}
                html={preview.data.html}
                text={preview.data.text}
                badge={
                  <HStack mt="2" gap="2" flexWrap="wrap">
                    <Badge
                      bg={preview.data.source === 'ai' ? 'brand.700' : 'sun.100'}
                      color={preview.data.source === 'ai' ? 'white' : 'sun.900'}
                      borderRadius="full"
                      px="2"
                    >
                      {preview.data.source === 'ai' ? 'Escrito por el servidor de IA' : 'Escrito por el coach sin conexión'}
                    </Badge>
                    <Text fontSize="sm" color="text.muted">
                      {preview.data.source === 'ai'
                        ? 'El texto lo ha redactado el modelo de IA configurado.'
                        : 'No hay servidor de IA disponible: lo ha escrito el coach integrado, con reglas y los datos de la persona.'}
                    </Text>
                  </HStack>
                }
              />
              <AiSendForm userId={person.id} to={preview.data.user.email} />
            </Stack>
          ) : preview.isError ? (
            <RetryAlert what="No hemos podido preparar el resumen." query={preview} />
          ) : (
            <Stack gap="3" aria-busy="true">
              <Text role="status">El coach está escribiendo el resumen...</Text>
              <Skeleton h="96" borderRadius="lg" />
            </Stack>
          )}
        </AdminCard>
      ) : null}

      <MailAuditLog />
      <OutboxList />
    </AdminFrame>
  );
}

/**
 * Sends the summary to the person it is about, and to nobody else: the API takes no recipient, so a
 * person's data never leaves for an address the admin chose.
 */
function AiSendForm({ userId, to }: { userId: string; to: string }) {
  const send = useAiEmailSendMutation();
  const [sent, setSent] = useState<{ result: SendResult; to: string } | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    setSent(null);
    send.mutate(
      { userId },
      {
        onSuccess: (result) => setSent({ result, to }),
        onError: (failure) => setSent({ result: { status: 'failed', transport: 'outbox', error: errorMessage(failure), subject: 'Resumen semanal' }, to }),
      },
    );
  };

  return (
    <InsetBox as="section" aria-labelledby="correo-ia-enviar" p="4">
      <Text as="h3" id="correo-ia-enviar" fontWeight="700" color="heading" mb="1">
        Enviar el resumen
      </Text>
      <Text fontSize="sm" color="text.muted" mb="4">
        Se envía solo a la persona, a {to}: son sus datos. Al enviarlo, el coach lo vuelve a escribir con los datos de ese momento, así que puede variar un poco
        respecto a la vista previa.
      </Text>
      <form onSubmit={handleSubmit} noValidate aria-label="Enviar el resumen semanal">
        <Stack gap="4" align="flex-start">
          <Button type="submit" colorPalette="brand" borderRadius="full" loading={send.isPending} loadingText="Enviando...">
            Enviar el resumen
          </Button>
          <Box aria-live="polite" alignSelf="stretch">
            {sent ? <SendResultAlert result={sent.result} to={sent.to} /> : null}
          </Box>
        </Stack>
      </form>
    </InsetBox>
  );
}
