import { PasswordResetConfirmSchema } from '@ascenso/domain/auth';
import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { FormAlert } from '#components/forms/form-alert';
import { PASSWORD_HINT, PasswordField } from '#components/forms/password-field';
import { SuccessStatus } from '#components/ui/success-status';
import { readDomainError } from '#lib/errors';
import { useTRPC } from '#lib/trpc';
import { useDocumentTitle } from '#lib/use-document-title';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthSubmitButton } from './credential-fields';
import { AccessFrame } from './access-frame';

const FIELDS = ['password'] as const;

export const PASSWORD_RESET_DONE_MESSAGE =
  'Listo: tu contraseña nueva ya funciona. Hemos cerrado la sesión en todos tus dispositivos; entra de nuevo con ella.';

/**
 * `/restablecer/:token`, the link of the reset e-mail: a new password (decision 034). The link works
 * once, for 30 minutes; one that cannot work says so and offers a new one. Every session of the account
 * ends, this tab's too when it was signed in.
 */
export function PasswordResetPage() {
  useDocumentTitle('Elige una contraseña nueva');
  const { token = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [gone, setGone] = useState(false);
  // Every session of the account has ended (this tab's too, if it was signed in): ask who we are again.
  const confirm = useMutation(
    trpc.auth.confirmPasswordReset.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() }) }),
  );
  const { formRef, values, fieldErrors, formError, update, submit } = useAuthForm(FIELDS, { password: '' });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    submit(PasswordResetConfirmSchema.safeParse({ token, password: values.password }), (input, callbacks) =>
      confirm.mutate(input, {
        onError: (error) => {
          if (readDomainError(error).domainCode === 'LINK_GONE') setGone(true);
          else callbacks.onError(error);
        },
      }),
    );
  };

  if (confirm.isSuccess) {
    return (
      <AccessFrame title="Contraseña cambiada" description="Ya puedes entrar con tu contraseña nueva.">
        <Stack gap="5">
          <SuccessStatus message={PASSWORD_RESET_DONE_MESSAGE} />
          <Button asChild colorPalette="brand" size="lg" borderRadius="full">
            <RouterLink to="/acceso">Iniciar sesión</RouterLink>
          </Button>
        </Stack>
      </AccessFrame>
    );
  }

  if (gone) {
    return (
      <AccessFrame title="Este enlace ya no sirve" description="Por tu seguridad, cada enlace caduca a los 30 minutos y solo se puede usar una vez.">
        <Stack gap="5">
          <Text role="alert">Este enlace ya no es válido. Pide uno nuevo y úsalo antes de que pasen 30 minutos.</Text>
          <Button asChild colorPalette="brand" size="lg" borderRadius="full">
            <RouterLink to="/restablecer">Pedir un enlace nuevo</RouterLink>
          </Button>
        </Stack>
      </AccessFrame>
    );
  }

  return (
    <AccessFrame
      title="Elige una contraseña nueva"
      description="Al guardarla se cerrará la sesión en todos tus dispositivos."
      after={
        <Text mt="5" fontSize="sm" color="text.muted" textAlign="center">
          ¿No la has pedido tú? Cierra esta página: tu contraseña no cambia.{' '}
          <Link asChild color="brand.700" fontWeight="600">
            <RouterLink to="/acceso">Ir a iniciar sesión</RouterLink>
          </Link>
        </Text>
      }
    >
      <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label="Contraseña nueva">
        <Stack gap="5">
          <FormAlert message={formError} />
          <PasswordField
            label="Contraseña nueva"
            autoComplete="new-password"
            value={values.password}
            onChange={update('password')}
            error={fieldErrors.password}
            hint={PASSWORD_HINT}
          />
          <AuthSubmitButton pending={confirm.isPending} pendingText="Guardando...">
            Guardar la contraseña nueva
          </AuthSubmitButton>
        </Stack>
      </form>
    </AccessFrame>
  );
}
