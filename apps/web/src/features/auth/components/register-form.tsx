import { RegisterInputSchema } from '@ascenso/domain/auth';
import { Stack } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { useRegisterMutation } from '../api/use-auth-mutations';
import { useAuthForm } from '../hooks/use-auth-form';
import { AuthSubmitButton, CredentialFields } from './credential-fields';
import { FormAlert } from '#components/forms/form-alert';
import { PASSWORD_HINT } from '#components/forms/password-field';
import { NameFields } from '#components/forms/name-fields';

const FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;

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
  const { formRef, values, fieldErrors, formError, update, submit } = useAuthForm(FIELDS, {
    firstName: '',
    lastName: '',
    email: '',
    password: '',
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
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
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label="Crear cuenta">
      <Stack gap="5">
        <FormAlert message={formError} />
        <NameFields values={values} errors={fieldErrors} onChange={update} />
        <CredentialFields values={values} errors={fieldErrors} update={update} passwordAutoComplete="new-password" passwordHint={PASSWORD_HINT} />
        <AuthSubmitButton pending={register.isPending} pendingText="Creando cuenta...">
          Crear cuenta
        </AuthSubmitButton>
      </Stack>
    </form>
  );
}
