import { LoginInputSchema } from '@ascenso/domain/auth';
import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { useLoginMutation } from '../api/use-auth-mutations';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthForm, CredentialFields } from './credential-fields';

const FIELDS = ['email', 'password'] as const;
const SUBMIT = { label: 'Entrar', pending: 'Entrando...' };

/**
 * "Iniciar sesión". On success the session user is cached and the route gate takes over: the
 * signed-in `/acceso` route sends the user to `?next=` (same-site only) or home.
 */
export function LoginForm() {
  const login = useLoginMutation();
  const { form, values, fieldErrors, update, submit } = useAuthForm(
    FIELDS,
    { email: '', password: '' },
    { rateLimitHint: 'Si has olvidado tu contraseña, restablécela con «¿Has olvidado tu contraseña?» y podrás entrar enseguida.' },
  );

  return (
    <AuthForm
      label="Iniciar sesión"
      form={form}
      pending={login.isPending}
      button={SUBMIT}
      onSubmit={() => submit(LoginInputSchema.safeParse(values), login.mutate)}
    >
      <CredentialFields values={values} errors={fieldErrors} update={update} passwordAutoComplete="current-password" />
      <Link asChild alignSelf="flex-start" mt="-2" fontSize="sm" color="brand.700" fontWeight="600">
        <RouterLink to="/restablecer" state={{ email: values.email }}>
          ¿Has olvidado tu contraseña?
        </RouterLink>
      </Link>
    </AuthForm>
  );
}
