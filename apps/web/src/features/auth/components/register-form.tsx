import { RegisterInputSchema } from '@ascenso/domain/auth';
import { Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useRegisterMutation } from '../api/use-auth-mutations';
import { useFocusFirstInvalid } from '../hooks/use-focus-first-invalid';
import { authFormErrors, issuesToFieldErrors, withoutKey } from '../utils/error-messages';
import { FormAlert } from './form-alert';
import { PasswordField } from './password-field';
import { TextField } from './text-field';

const FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;
type RegisterField = (typeof FIELDS)[number];

export const PASSWORD_HINT = 'Mínimo 8 caracteres. Una frase que recuerdes es perfecta.';

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
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const [values, setValues] = useState<Record<RegisterField, string>>({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
  });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const update = (field: RegisterField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => withoutKey(current, field));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    setFormError(null);
    const lastName = values.lastName.trim();
    const parsed = RegisterInputSchema.safeParse({
      email: values.email,
      password: values.password,
      firstName: values.firstName,
      lastName: lastName === '' ? undefined : lastName,
      timezone: browserTimezone(),
    });
    if (!parsed.success) {
      setFieldErrors(issuesToFieldErrors(parsed.error.issues));
      focusFirstInvalid();
      return;
    }
    setFieldErrors({});
    register.mutate(parsed.data, {
      onError: (error) => {
        const errors = authFormErrors(error, FIELDS);
        setFieldErrors(errors.fieldErrors);
        setFormError(errors.formError);
        focusFirstInvalid();
      },
    });
  };

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label="Crear cuenta">
      <Stack gap="5">
        <FormAlert message={formError} />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          <TextField
            label="Nombre"
            name="firstName"
            autoComplete="given-name"
            required
            value={values.firstName}
            onChange={update('firstName')}
            error={fieldErrors.firstName}
          />
          <TextField
            label="Apellidos (opcional)"
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onChange={update('lastName')}
            error={fieldErrors.lastName}
          />
        </SimpleGrid>
        <TextField
          label="Correo electrónico"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={values.email}
          onChange={update('email')}
          error={fieldErrors.email}
        />
        <PasswordField
          label="Contraseña"
          autoComplete="new-password"
          value={values.password}
          onChange={update('password')}
          error={fieldErrors.password}
          hint={PASSWORD_HINT}
        />
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          borderRadius="full"
          loading={register.isPending}
          loadingText="Creando cuenta..."
          mt="1"
        >
          Crear cuenta
        </Button>
      </Stack>
    </form>
  );
}
