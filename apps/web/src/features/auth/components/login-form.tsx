import { LoginInputSchema } from '@ascenso/domain/auth';
import { Link, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { FormEvent } from 'react';
import { useLoginMutation } from '../api/use-auth-mutations';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthSubmitButton, CredentialFields } from './credential-fields';
import { FormAlert } from '#components/forms/form-alert';

const FIELDS = ['email', 'password'] as const;

/**
 * "Iniciar sesión". On success the session user is cached and the route gate takes over: the
 * signed-in `/acceso` route sends the user to `?next=` (same-site only) or home.
 */
export function LoginForm() {
  const login = useLoginMutation();
  const { formRef, values, fieldErrors, formError, update, submit } = useAuthForm(
    FIELDS,
    { email: '', password: '' },
    { rateLimitHint: 'Si has olvidado tu contraseña, restablécela con «¿Has olvidado tu contraseña?» y podrás entrar enseguida.' },
  );

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
        <Link asChild alignSelf="flex-start" mt="-2" fontSize="sm" color="brand.700" fontWeight="600">
          <RouterLink to="/restablecer" state={{ email: values.email }}>
            ¿Has olvidado tu contraseña?
          </RouterLink>
        </Link>
        <AuthSubmitButton pending={login.isPending} pendingText="Entrando...">
          Entrar
        </AuthSubmitButton>
      </Stack>
    </form>
  );
}
