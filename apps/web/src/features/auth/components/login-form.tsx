import { LoginInputSchema } from '@ascenso/domain/auth';
import { Stack } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { useLoginMutation } from '../api/use-auth-mutations';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthSubmitButton, CredentialFields } from './credential-fields';
import { FormAlert } from '../../../components/forms/form-alert';

const FIELDS = ['email', 'password'] as const;

/**
 * "Iniciar sesión". On success the session user is cached and the route gate takes over: the
 * signed-in `/acceso` route sends the user to `?next=` (same-site only) or home.
 */
export function LoginForm() {
  const login = useLoginMutation();
  const { formRef, values, fieldErrors, formError, update, submit } = useAuthForm(FIELDS, { email: '', password: '' });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    submit(LoginInputSchema.safeParse(values), login.mutate);
  };

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label="Iniciar sesión">
      <Stack gap="5">
        <FormAlert message={formError} />
        <CredentialFields values={values} errors={fieldErrors} update={update} passwordAutoComplete="current-password" />
        <AuthSubmitButton pending={login.isPending} pendingText="Entrando...">
          Entrar
        </AuthSubmitButton>
      </Stack>
    </form>
  );
}
