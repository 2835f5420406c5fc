import { Badge, Box, Button, Field, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AdminCard, AdminFrame } from './admin-frame';
import { adminOnly } from './admin-only';
import { UserPicker, type PickedUser } from './user-picker';
import { useAiEmailPreviewQuery, useAiEmailSendMutation } from '../api/email-api';
import { useSendForm } from '../hooks/use-send-form';
import { EmailPreview } from './email-preview';
import { OutboxList } from './outbox-list';
import { SendResultAlert } from './send-result-alert';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { InsetBox } from '../../../components/ui/section-card';

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
              <AiSendForm userId={person.id} defaultTo={preview.data.user.email} />
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

      <OutboxList />
    </AdminFrame>
  );
}

function AiSendForm({ userId, defaultTo }: { userId: string; defaultTo: string }) {
  const send = useAiEmailSendMutation();
  const { input, error, sent, handleSubmit } = useSendForm({
    initialTo: '',
    fallbackTo: defaultTo,
    failedSubject: 'Resumen semanal',
    pending: send.isPending,
    send: (to, callbacks, usedFallback) => send.mutate(usedFallback ? { userId } : { userId, to }, callbacks),
  });

  return (
    <InsetBox as="section" aria-labelledby="correo-ia-enviar" p="4">
      <Text as="h3" id="correo-ia-enviar" fontWeight="700" color="heading" mb="1">
        Enviar el resumen
      </Text>
      <Text fontSize="sm" color="text.muted" mb="4">
        Al enviarlo, el coach lo vuelve a escribir con los datos de ese momento, así que puede variar un poco respecto a la vista previa.
      </Text>
      <form onSubmit={handleSubmit} noValidate aria-label="Enviar el resumen semanal">
        <Stack gap="4">
          <HStack gap="3" align="flex-end" flexWrap="wrap">
            <Field.Root invalid={Boolean(error)} flex="1" minW="16rem">
              <Field.Label>Enviar a (opcional)</Field.Label>
              <Input {...input} autoComplete="off" placeholder={defaultTo} bg="surface" />
              <Field.HelperText color="text.muted">Si lo dejas vacío, se envía a {defaultTo}.</Field.HelperText>
              <Field.ErrorText>{error}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="brand" borderRadius="full" loading={send.isPending} loadingText="Enviando..." mb={{ base: '0', sm: '7' }}>
              Enviar el resumen
            </Button>
          </HStack>
          <Box aria-live="polite">{sent ? <SendResultAlert result={sent.result} to={sent.to} /> : null}</Box>
        </Stack>
      </form>
    </InsetBox>
  );
}
