import { Box, Button, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { DevicesIcon } from '#components/ui/icons';
import { toaster } from '#components/ui/toaster';
import { errorMessage } from '#lib/error-messages';
import { FormAlert } from '#components/forms/form-alert';
import { PASSWORD_HINT, PasswordField } from '#components/forms/password-field';
import { useFocusFirstInvalid } from '#lib/use-focus-first-invalid';
import { useChangePasswordMutation, useLogoutEverywhereMutation } from '../api/profile-api';
import { checkPasswordChange, endedSessionsMessage, passwordChangeErrors, type PasswordFormErrors } from '../utils/account-copy';
import { ConfirmDialog } from '#components/ui/confirm-dialog';
import { ProfileCard } from './profile-card';
import { SuccessStatus } from '#components/ui/success-status';

/** "Seguridad": change the password (other sessions end) and sign out on every device. */
export function SecurityCard() {
  return (
    <ProfileCard id="perfil-seguridad" title="Seguridad">
      <Stack gap="6">
        <ChangePasswordForm />
        <Separator borderColor="border.soft" />
        <LogoutEverywhere />
      </Stack>
    </ProfileCard>
  );
}

const PASSWORD_FIELDS = [
  { field: 'currentPassword', label: 'Contraseña actual', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'Contraseña nueva', autoComplete: 'new-password', hint: PASSWORD_HINT },
] as const;

function ChangePasswordForm() {
  const change = useChangePasswordMutation();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '' });
  const { currentPassword, newPassword } = values;
  const [errors, setErrors] = useState<PasswordFormErrors>({ formError: null, fieldErrors: {} });
  const [success, setSuccess] = useState<string | null>(null);
  const clearError = (field: 'currentPassword' | 'newPassword') =>
    setErrors((current) => ({ ...current, fieldErrors: { ...current.fieldErrors, [field]: undefined } }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setSuccess(null);
    const fieldErrors = checkPasswordChange(currentPassword, newPassword);
    if (Object.keys(fieldErrors).length > 0) {
      setErrors({ formError: null, fieldErrors });
      focusFirstInvalid();
      return;
    }
    setErrors({ formError: null, fieldErrors: {} });
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (result) => {
          setValues({ currentPassword: '', newPassword: '' });
          setSuccess(endedSessionsMessage(result.endedSessions));
        },
        onError: (error) => {
          setErrors(passwordChangeErrors(error));
          focusFirstInvalid();
        },
      },
    );
  };

  return (
    <Box as="section" aria-labelledby="perfil-contrasena">
      <Heading as="h3" id="perfil-contrasena" fontSize="md" color="heading" mb="1">
        Cambiar contraseña
      </Heading>
      <Text fontSize="sm" color="text.muted" mb="4">
        Al cambiarla se cerrarán tus sesiones en otros dispositivos; en este seguirás dentro.
      </Text>
      <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label="Cambiar contraseña">
        <Stack gap="4" maxW="md">
          <FormAlert message={errors.formError} />
          <SuccessStatus message={success} />
          {PASSWORD_FIELDS.map(({ field, ...props }) => (
            <PasswordField
              key={field}
              {...props}
              value={values[field]}
              onChange={(value) => {
                setValues((current) => ({ ...current, [field]: value }));
                clearError(field);
              }}
              error={errors.fieldErrors[field]}
            />
          ))}
          <Button type="submit" alignSelf="flex-start" colorPalette="brand" borderRadius="full" loading={change.isPending} loadingText="Cambiando...">
            Cambiar contraseña
          </Button>
        </Stack>
      </form>
    </Box>
  );
}

function LogoutEverywhere() {
  const logout = useLogoutEverywhereMutation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    setError(null);
    logout.mutate(undefined, {
      onSuccess: (result) => {
        void navigate('/', { replace: true });
        toaster.create({
          type: 'info',
          title: 'Sesión cerrada en todos tus dispositivos',
          description: result.endedSessions > 1 ? `Se han cerrado ${result.endedSessions} sesiones.` : undefined,
          closable: true,
        });
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <Box as="section" aria-labelledby="perfil-dispositivos">
      <Heading as="h3" id="perfil-dispositivos" fontSize="md" color="heading" mb="1">
        Tus dispositivos
      </Heading>
      <Text fontSize="sm" color="text.muted" mb="4">
        Si has entrado desde un ordenador que no es tuyo o has perdido el móvil, cierra la sesión en todas partes, también aquí.
      </Text>
      <Button
        variant="outline"
        borderRadius="full"
        whiteSpace="normal"
        h="auto"
        minH="10"
        py="2"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        <DevicesIcon />
        Cerrar sesión en todos los dispositivos
      </Button>
      <ConfirmDialog
        open={open}
        title="¿Cerrar sesión en todos tus dispositivos?"
        confirmLabel="Cerrar todas las sesiones"
        pendingLabel="Cerrando sesiones..."
        pending={logout.isPending}
        error={error}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      >
        <Text>Se cerrarán todas tus sesiones abiertas, incluida esta. Tendrás que volver a iniciar sesión en cada dispositivo.</Text>
      </ConfirmDialog>
    </Box>
  );
}
