import { Box, Button, Field, Grid, HStack, Input, RadioCard, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '#lib/error-messages';
import { useSignedInUser } from '#lib/session';
import { adminOnly } from './admin-only';
import { AdminCard, AdminFrame } from './admin-frame';
import { useEmailPreviewQuery, useEmailSendMutation, useTemplatesQuery, type TemplateName } from '../api/email-api';
import { TEMPLATE_LABELS, templateName } from '../utils/email-copy';
import { useSendForm } from '../hooks/use-send-form';
import { EmailPreview } from './email-preview';
import { OutboxList } from './outbox-list';
import { SendResultAlert } from './send-result-alert';
import { RetryAlert } from '#components/ui/retry-alert';

/** /email-test — preview each template and send a test message (SMTP, or the dev outbox). */
export const EmailTestPage = adminOnly(EmailTest);

function EmailTest() {
  const user = useSignedInUser();
  const templates = useTemplatesQuery();
  const [template, setTemplate] = useState<TemplateName>('welcome');
  const preview = useEmailPreviewQuery(template);

  return (
    <AdminFrame title="Correo de prueba" description="Comprueba cómo se ven las plantillas de correo y envía una prueba a cualquier dirección.">
      <AdminCard id="correo-plantilla" title="Plantilla y envío">
        <Stack gap="6">
          {templates.data ? (
            <RadioCard.Root value={template} onValueChange={(details) => details.value && setTemplate(details.value as TemplateName)} colorPalette="brand">
              <RadioCard.Label fontSize="sm" fontWeight="600">
                Plantilla
              </RadioCard.Label>
              <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="3">
                {templates.data.map((name) => (
                  <RadioCard.Item key={name} value={name}>
                    <RadioCard.ItemHiddenInput />
                    <RadioCard.ItemControl>
                      <RadioCard.ItemContent>
                        <RadioCard.ItemText fontWeight="700">{templateName(name)}</RadioCard.ItemText>
                        <RadioCard.ItemDescription color="text.muted" opacity="1">
                          {TEMPLATE_LABELS[name]?.description ?? ''}
                        </RadioCard.ItemDescription>
                      </RadioCard.ItemContent>
                      <RadioCard.ItemIndicator />
                    </RadioCard.ItemControl>
                  </RadioCard.Item>
                ))}
              </Grid>
            </RadioCard.Root>
          ) : templates.isError ? (
            <Text role="alert">No hemos podido cargar las plantillas. {errorMessage(templates.error)}</Text>
          ) : (
            <Skeleton h="20" borderRadius="lg" />
          )}
          <SendForm template={template} defaultTo={user.email} />
        </Stack>
      </AdminCard>

      <AdminCard id="correo-vista-previa" title={`Vista previa: ${templateName(template)}`} description="Con tu nombre y cifras de ejemplo.">
        {preview.data ? (
          <EmailPreview subject={preview.data.subject} html={preview.data.html} text={preview.data.text} />
        ) : preview.isError ? (
          <RetryAlert what="No hemos podido preparar la vista previa." query={preview} />
        ) : (
          <Skeleton h="96" borderRadius="lg" aria-label="Preparando la vista previa" />
        )}
      </AdminCard>

      <OutboxList />
    </AdminFrame>
  );
}

function SendForm({ template, defaultTo }: { template: TemplateName; defaultTo: string }) {
  const send = useEmailSendMutation();
  const { input, error, sent, handleSubmit } = useSendForm({
    initialTo: defaultTo,
    failedSubject: templateName(template),
    pending: send.isPending,
    send: (to, callbacks) => send.mutate({ template, to }, callbacks),
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Enviar correo de prueba">
      <Stack gap="4">
        <HStack gap="3" align="flex-end" flexWrap="wrap">
          <Field.Root invalid={Boolean(error)} required flex="1" minW="16rem">
            <Field.Label>
              Enviar a
              <Field.RequiredIndicator />
            </Field.Label>
            <Input {...input} autoComplete="email" bg="surface" />
            <Field.ErrorText>{error}</Field.ErrorText>
          </Field.Root>
          <Button
            type="submit"
            colorPalette="brand"
            borderRadius="full"
            loading={send.isPending}
            loadingText="Enviando..."
            alignSelf={error ? 'center' : undefined}
          >
            Enviar «{templateName(template)}»
          </Button>
        </HStack>
        <Box aria-live="polite">{sent ? <SendResultAlert result={sent.result} to={sent.to} /> : null}</Box>
      </Stack>
    </form>
  );
}
