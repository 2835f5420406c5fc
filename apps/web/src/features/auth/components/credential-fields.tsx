import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
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

/** The large submit button of the sign-in and registration forms. */
export function AuthSubmitButton({ pending, pendingText, children }: { pending: boolean; pendingText: string; children: ReactNode }) {
  return (
    <Button type="submit" colorPalette="brand" size="lg" borderRadius="full" loading={pending} loadingText={pendingText} mt="1">
      {children}
    </Button>
  );
}
