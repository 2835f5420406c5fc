import { Button, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { FormAlert } from '#components/forms/form-alert';
import { PasswordField } from '#components/forms/password-field';
import { TextField } from '#components/forms/text-field';

type CredentialField = 'email' | 'password';

interface CredentialFieldsProps {
  values: Record<CredentialField, string>;
  errors: Partial<Record<string, string>>;
  /** `update('email')` is the e-mail field's change handler (it also clears the field's error). */
  update: (field: CredentialField) => (value: string) => void;
  passwordAutoComplete: 'current-password' | 'new-password';
  passwordHint?: string;
}

/** "Correo electrónico", as sign-in, registration and the password reset ask for it. */
export function EmailField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | undefined }) {
  return (
    <TextField
      label="Correo electrónico"
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

/** "Correo electrónico" and "Contraseña", as sign-in and registration both ask for them. */
export function CredentialFields({ values, errors, update, passwordAutoComplete, passwordHint }: CredentialFieldsProps) {
  return (
    <>
      <EmailField value={values.email} onChange={update('email')} error={errors.email} />
      <PasswordField
        label="Contraseña"
        autoComplete={passwordAutoComplete}
        value={values.password}
        onChange={update('password')}
        error={errors.password}
        {...(passwordHint ? { hint: passwordHint } : {})}
      />
    </>
  );
}

export interface AuthFormProps {
  /** The form's accessible name. */
  label: string;
  /** From useAuthForm: the form (where focus finds the first invalid field) and its alert. */
  form: { formRef: RefObject<HTMLFormElement | null>; formError: string | null };
  /** The call is running: a second submit is ignored and the button says `button.pending`. */
  pending: boolean;
  button: { label: string; pending: string };
  /** On submit (the page does not reload), unless `pending`. */
  onSubmit: () => void;
  /** The fields, between the form's alert and its button. */
  children: ReactNode;
}

/**
 * The form of the access screens (sign-in, registration, the password reset): no browser validation
 * (the errors are ours, beside the fields), the form-level alert first and the large submit button last.
 */
export function AuthForm({ label, form: { formRef, formError }, pending, button, onSubmit, children }: AuthFormProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label={label}>
      <Stack gap="5">
        <FormAlert message={formError} />
        {children}
        <Button type="submit" colorPalette="brand" size="lg" borderRadius="full" loading={pending} loadingText={button.pending} mt="1">
          {button.label}
        </Button>
      </Stack>
    </form>
  );
}
