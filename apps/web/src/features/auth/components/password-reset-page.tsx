import { PasswordResetConfirmSchema } from '@ascenso/domain/auth';
import { Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PASSWORD_HINT, PasswordField } from '#components/forms/password-field';
import { SuccessStatus } from '#components/ui/success-status';
import { readDomainError } from '#lib/errors';
import { useTRPC } from '#lib/trpc';
import { useDocumentTitle } from '#lib/use-document-title';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthForm } from './credential-fields';
import { AccessAside, AccessFrame } from './access-frame';

const FIELDS = ['password'] as const;
const SUBMIT = { label: 'Guardar la contraseña nueva', pending: 'Guardando...' };

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
  const { form, values, fieldErrors, update, submit } = useAuthForm(FIELDS, { password: '' });

  const handleSubmit = () => {
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
      <AccessFrame title="Contraseña cambiada" description="Ya puedes entrar con tu contraseña nueva." action={{ to: '/acceso', label: 'Iniciar sesión' }}>
        <SuccessStatus message={PASSWORD_RESET_DONE_MESSAGE} />
      </AccessFrame>
    );
  }

  if (gone) {
    return (
      <AccessFrame
        title="Este enlace ya no sirve"
        description="Por tu seguridad, cada enlace caduca a los 30 minutos y solo se puede usar una vez."
        action={{ to: '/restablecer', label: 'Pedir un enlace nuevo' }}
      >
        <Text role="alert">Este enlace ya no es válido. Pide uno nuevo y úsalo antes de que pasen 30 minutos.</Text>
      </AccessFrame>
    );
  }

  return (
    <AccessFrame
      title="Elige una contraseña nueva"
      description="Al guardarla se cerrará la sesión en todos tus dispositivos."
      after={<AccessAside text="¿No la has pedido tú? Cierra esta página: tu contraseña no cambia." to="/acceso" label="Ir a iniciar sesión" />}
    >
      <AuthForm label="Contraseña nueva" form={form} pending={confirm.isPending} button={SUBMIT} onSubmit={handleSubmit}>
        <PasswordField
          label="Contraseña nueva"
          autoComplete="new-password"
          value={values.password}
          onChange={update('password')}
          error={fieldErrors.password}
          hint={PASSWORD_HINT}
        />
      </AuthForm>
    </AccessFrame>
  );
}
