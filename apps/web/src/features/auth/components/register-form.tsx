import { RegisterInputSchema } from '@ascenso/domain/auth';
import { useRegisterMutation } from '../api/use-auth-mutations';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthForm, CredentialFields } from './credential-fields';
import { PASSWORD_HINT } from '#components/forms/password-field';
import { NameFields } from '#components/forms/name-fields';

const FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;
const SUBMIT = { label: 'Crear cuenta', pending: 'Creando cuenta...' };

function browserTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** "Crear cuenta". Validates with the same schema as `auth.register`, then signs the user in. */
export function RegisterForm() {
  const register = useRegisterMutation();
  const { form, values, fieldErrors, update, submit } = useAuthForm(FIELDS, {
    firstName: '',
    lastName: '',
    email: '',
    password: '',
  });

  const handleSubmit = () => {
    const lastName = values.lastName.trim();
    const parsed = RegisterInputSchema.safeParse({
      email: values.email,
      password: values.password,
      firstName: values.firstName,
      lastName: lastName === '' ? undefined : lastName,
      timezone: browserTimezone(),
    });
    submit(parsed, register.mutate);
  };

  return (
    <AuthForm label="Crear cuenta" form={form} pending={register.isPending} button={SUBMIT} onSubmit={handleSubmit}>
      <NameFields values={values} errors={fieldErrors} onChange={update} />
      <CredentialFields values={values} errors={fieldErrors} update={update} passwordAutoComplete="new-password" passwordHint={PASSWORD_HINT} />
    </AuthForm>
  );
}
