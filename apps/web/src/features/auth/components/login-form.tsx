import { LoginInputSchema } from '@ascenso/domain/auth';
import { Button, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useLoginMutation } from '../api/use-auth-mutations';
import { useFocusFirstInvalid } from '../hooks/use-focus-first-invalid';
import { authFormErrors, issuesToFieldErrors, withoutKey } from '../utils/error-messages';
import { FormAlert } from './form-alert';
import { PasswordField } from './password-field';
import { TextField } from './text-field';

const FIELDS = ['email', 'password'] as const;
type LoginField = (typeof FIELDS)[number];

/**
 * "Iniciar sesión". On success the session user is cached and the route gate takes over: the
 * signed-in `/acceso` route sends the user to `?next=` (same-site only) or home.
 */
export function LoginForm() {
  const login = useLoginMutation();
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid();
  const [values, setValues] = useState<Record<LoginField, string>>({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const update = (field: LoginField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => withoutKey(current, field));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    setFormError(null);
    const parsed = LoginInputSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(issuesToFieldErrors(parsed.error.issues));
      focusFirstInvalid();
      return;
    }
    setFieldErrors({});
    login.mutate(parsed.data, {
      onError: (error) => {
        const errors = authFormErrors(error, FIELDS);
        setFieldErrors(errors.fieldErrors);
        setFormError(errors.formError);
        focusFirstInvalid();
      },
    });
  };

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label="Iniciar sesión">
      <Stack gap="5">
        <FormAlert message={formError} />
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
          autoComplete="current-password"
          value={values.password}
          onChange={update('password')}
          error={fieldErrors.password}
        />
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          borderRadius="full"
          loading={login.isPending}
          loadingText="Entrando..."
          mt="1"
        >
          Entrar
        </Button>
      </Stack>
    </form>
  );
}
