import { EmailSchema } from '@ascenso/domain/auth';
import { Box, Button, Field, Grid, HStack, Input, RadioCard, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/error-messages';
import { useSignedInUser } from '../../../lib/session';
import { adminOnly } from './admin-only';
import { AdminCard, AdminFrame } from './admin-frame';
import { useEmailPreviewQuery, useEmailSendMutation, useTemplatesQuery, type TemplateName } from '../api/email-api';
import { TEMPLATE_LABELS, templateName, type SendResult } from '../utils/email-copy';
import { EmailPreview } from './email-preview';
import { OutboxList } from './outbox-list';
import { SendResultAlert } from './send-result-alert';
import { RetryAlert } from '../../../components/ui/retry-alert';

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
  const inputRef = useRef<HTMLInputElement>(null);
  const [to, setTo] = useState(defaultTo);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ result: SendResult; to: string } | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    setResult(null);
    const parsed = EmailSchema.safeParse(to);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Escribe un correo válido');
      inputRef.current?.focus();
      return;
    }
    setError(null);
    send.mutate(
      { template, to: parsed.data },
      {
        onSuccess: (sent) => setResult({ result: sent, to: parsed.data }),
        onError: (failure) => {
          setResult({
            result: {
              status: 'failed',
              transport: 'outbox',
              error: errorMessage(failure),
              subject: templateName(template),
            },
            to: parsed.data,
          });
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Enviar correo de prueba">
      <Stack gap="4">
        <HStack gap="3" align="flex-end" flexWrap="wrap">
          <Field.Root invalid={Boolean(error)} required flex="1" minW="16rem">
            <Field.Label>
              Enviar a
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              ref={inputRef}
              type="email"
              inputMode="email"
              autoComplete="email"
              value={to}
              onChange={(event) => {
                setTo(event.target.value);
                setError(null);
              }}
              bg="surface"
              spellCheck={false}
            />
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
        <Box aria-live="polite">{result ? <SendResultAlert result={result.result} to={result.to} /> : null}</Box>
      </Stack>
    </form>
  );
}
