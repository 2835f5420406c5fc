import { PASSWORD_MIN_LENGTH } from '@ascenso/domain/auth';
import { Field, IconButton, Input, InputGroup } from '@chakra-ui/react';
import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from '../ui/icons';
import { Tooltip } from '../ui/tooltip';

/** The hint under a new password (registration, change of password). */
export const PASSWORD_HINT = `Mínimo ${PASSWORD_MIN_LENGTH} caracteres. Una frase que recuerdes es perfecta.`;

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  error?: string | undefined;
  hint?: string;
  disabled?: boolean;
}

/** Password input with a show/hide toggle (its aria-label says what pressing it will do). */
export function PasswordField({ label, value, onChange, autoComplete, error, hint, disabled }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field.Root invalid={Boolean(error)} required disabled={disabled}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <InputGroup
        endElementProps={{ pe: '1' }}
        endElement={
          <Tooltip content={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}>
            <IconButton
              type="button"
              variant="ghost"
              size="sm"
              borderRadius="full"
              color="text.muted"
              aria-label={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
              onClick={() => setVisible((current) => !current)}
            >
              {visible ? <EyeOffIcon /> : <EyeIcon />}
            </IconButton>
          </Tooltip>
        }
      >
        <Input
          name="password"
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          size="lg"
          bg="surface"
          spellCheck={false}
          autoCapitalize="none"
        />
      </InputGroup>
      {hint ? <Field.HelperText color="text.muted">{hint}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
