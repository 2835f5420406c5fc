import { Box, Button, Checkbox, Dialog, Field, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toaster } from '#components/ui/toaster';
import { CONNECTION_ERROR_MESSAGE, messageForCode, rateLimitMessage } from '#lib/error-messages';
import { FormAlert } from '#components/forms/form-alert';
import { PasswordField } from '#components/forms/password-field';
import { useDeleteAccount, type DeleteAccountResult } from '../api/profile-api';
import { ProfileCard } from './profile-card';
import { AlertDialogFrame } from '#components/ui/alert-dialog';
import { useFocusFirstInvalid } from '#lib/use-focus-first-invalid';
import { downloadFile } from '#lib/download';

export const EXPORT_URL = '/api/profile/export';
export const EXPORT_MARKDOWN_URL = '/api/profile/export?format=markdown';

/** "Tu cuenta": download everything (GET with the cookie) or delete the account. */
export function DataRightsCard() {
  return (
    <ProfileCard id="perfil-cuenta" title="Tu cuenta" tone="danger">
      <Stack gap="6">
        <Box as="section" aria-labelledby="perfil-exportar">
          <Heading as="h3" id="perfil-exportar" fontSize="md" color="heading" mb="1">
            Exportar mis datos
          </Heading>
          <Text fontSize="sm" color="text.muted" mb="2">
            Descarga en un archivo JSON todo lo que Ascenso guarda de ti: tu cuenta, tu evaluación, tus pasos, tu diario, tus conversaciones con el coach y lo
            que recuerda de ti.
          </Text>
          <Text id="perfil-exportar-markdown" fontSize="sm" color="text.muted" mb="4">
            O descárgalo en Markdown, un texto fácil de leer: tu diario, tus sesiones con sus compromisos, tus notas para el coach y el resumen de tus pasos.
          </Text>
          <Flex gap="3" wrap="wrap">
            <ExportLink href={EXPORT_URL} filename="ascenso-mis-datos.json">
              Exportar mis datos
            </ExportLink>
            <ExportLink href={EXPORT_MARKDOWN_URL} filename="ascenso-mis-datos.md" describedBy="perfil-exportar-markdown">
              Descargar en Markdown
            </ExportLink>
          </Flex>
        </Box>
        <Box as="section" aria-labelledby="perfil-eliminar" pt="6" borderTopWidth="1px" borderColor="border.soft">
          <Heading as="h3" id="perfil-eliminar" fontSize="md" color="red.800" mb="1">
            Eliminar mi cuenta
          </Heading>
          <Text fontSize="sm" color="text.muted" mb="4">
            Borra tu cuenta y todos tus datos para siempre. Si quieres conservarlos, exporta tus datos antes.
          </Text>
          <DeleteAccount />
        </Box>
      </Stack>
    </ProfileCard>
  );
}

/**
 * A download link that explains a refusal (exports are limited per hour: 429 with the wait) in a toast
 * instead of saving the error as the file. A plain click fetches the file; a click with a modifier key
 * (or no JavaScript) is left to the browser.
 */
function ExportLink({ href, filename, describedBy, children }: { href: string; filename: string; describedBy?: string; children: ReactNode }) {
  const [busy, setBusy] = useState(false);
  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await downloadFile(href, filename);
    setBusy(false);
    if (!result.ok) toaster.create({ type: 'error', title: 'No se ha podido descargar', description: result.message, closable: true });
  };
  return (
    <Button asChild type={undefined} variant="outline" colorPalette="brand" borderRadius="full">
      <a href={href} download={filename} aria-describedby={describedBy} aria-busy={busy || undefined} onClick={(event) => void onClick(event)}>
        {children}
      </a>
    </Button>
  );
}

function deleteErrorCopy(result: Exclude<DeleteAccountResult, { ok: true }>): {
  field: string | null;
  form: string | null;
} {
  switch (result.reason) {
    case 'password':
      return { field: 'La contraseña no es correcta', form: null };
    case 'validation':
      return { field: null, form: 'Revisa la contraseña y marca la casilla de confirmación.' };
    case 'rate-limited':
      return { field: null, form: rateLimitMessage(result.retryAfterSeconds ?? null) };
    case 'session':
      return { field: null, form: messageForCode('UNAUTHORIZED') };
    default:
      return { field: null, form: CONNECTION_ERROR_MESSAGE };
  }
}

function DeleteAccount() {
  const deleteAccount = useDeleteAccount();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; understood?: string; form?: string }>({});
  const passwordBoxRef = useRef<HTMLDivElement>(null);
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const close = () => {
    if (pending) return;
    setOpen(false);
    setPassword('');
    setUnderstood(false);
    setErrors({});
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const next: typeof errors = {};
    if (!password) next.password = 'Escribe tu contraseña';
    if (!understood) next.understood = 'Marca la casilla para confirmar que lo entiendes';
    setErrors(next);
    if (Object.keys(next).length > 0) {
      focusFirstInvalid();
      return;
    }
    setPending(true);
    const result = await deleteAccount(password);
    setPending(false);
    if (result.ok) {
      setOpen(false);
      void navigate('/', { replace: true });
      toaster.create({
        type: 'info',
        title: 'Tu cuenta se ha eliminado',
        description: 'Hemos borrado todos tus datos.',
        closable: true,
      });
      return;
    }
    const copy = deleteErrorCopy(result);
    setErrors({ ...(copy.field ? { password: copy.field } : {}), ...(copy.form ? { form: copy.form } : {}) });
    if (copy.field) focusFirstInvalid();
  };

  return (
    <>
      <Button colorPalette="red" bg="red.700" borderRadius="full" onClick={() => setOpen(true)}>
        Eliminar mi cuenta
      </Button>
      <AlertDialogFrame
        open={open}
        title="¿Eliminar tu cuenta?"
        initialFocusEl={() => passwordBoxRef.current?.querySelector('input') ?? null}
        onDismiss={close}
        wrap={(content) => (
          <form ref={formRef} onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Eliminar mi cuenta">
            {content}
          </form>
        )}
        footer={
          <>
            <Button type="button" variant="outline" borderRadius="full" onClick={close} disabled={pending}>
              Cancelar
            </Button>
            <Button type="submit" colorPalette="red" bg="red.700" borderRadius="full" loading={pending} loadingText="Eliminando...">
              Eliminar mi cuenta
            </Button>
          </>
        }
      >
        <Stack gap="4">
          <Dialog.Description asChild>
            <Stack gap="2" color="text">
              <Text>
                Se borrarán para siempre tu cuenta, tu evaluación, tus pasos, tu diario, tus conversaciones con el coach y todo lo que recuerda de ti. Se
                cerrarán todas tus sesiones.
              </Text>
              <Text color="text.muted">No se puede deshacer. Si quieres guardar una copia, exporta tus datos antes.</Text>
            </Stack>
          </Dialog.Description>
          <FormAlert message={errors.form ?? null} />
          <Box ref={passwordBoxRef}>
            <PasswordField
              label="Tu contraseña"
              autoComplete="current-password"
              value={password}
              onChange={(value) => {
                setPassword(value);
                setErrors((current) => ({ ...current, password: undefined }));
              }}
              error={errors.password}
              disabled={pending}
            />
          </Box>
          <Field.Root invalid={Boolean(errors.understood)}>
            <Checkbox.Root
              checked={understood}
              onCheckedChange={(details) => {
                setUnderstood(details.checked === true);
                setErrors((current) => ({ ...current, understood: undefined }));
              }}
              colorPalette="red"
              disabled={pending}
              invalid={Boolean(errors.understood)}
              alignItems="flex-start"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control mt="0.5" />
              <Checkbox.Label fontWeight="500">Entiendo que se borrarán todos mis datos</Checkbox.Label>
            </Checkbox.Root>
            <Field.ErrorText>{errors.understood}</Field.ErrorText>
          </Field.Root>
        </Stack>
      </AlertDialogFrame>
    </>
  );
}
