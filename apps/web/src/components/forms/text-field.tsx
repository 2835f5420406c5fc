import { Field, Input, type InputProps } from '@chakra-ui/react';

interface TextFieldProps extends Omit<InputProps, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
}

/** Labelled input with helper and inline error, wired for assistive technology by Chakra's Field. */
export function TextField({ label, value, onChange, error, hint, required = false, disabled, ...inputProps }: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input {...inputProps} value={value} onChange={(event) => onChange(event.target.value)} size="lg" bg="surface" />
      {hint ? <Field.HelperText color="text.muted">{hint}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
