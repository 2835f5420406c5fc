import { Field, HStack, Text, Textarea, type TextareaProps } from '@chakra-ui/react';
import type { Ref } from 'react';

interface CountedTextareaProps extends Omit<TextareaProps, 'value' | 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error: string | null;
  textareaRef: Ref<HTMLTextAreaElement>;
}

/**
 * A labelled, auto-growing textarea with its inline error and a visual "12/300" counter of the
 * trimmed text (hidden from assistive technology: the length rule is announced as an error).
 */
export function CountedTextarea({ label, value, onChange, maxLength, error, textareaRef, ...textareaProps }: CountedTextareaProps) {
  const length = value.trim().length;
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Textarea ref={textareaRef} value={value} onChange={(event) => onChange(event.target.value)} {...textareaProps} autoresize maxH="40" bg="surface" />
      <HStack justify="space-between" w="full" gap="3">
        <Field.ErrorText>{error}</Field.ErrorText>
        <Text fontSize="xs" color={length > maxLength ? 'fg.error' : 'text.muted'} ms="auto" aria-hidden="true">
          {length}/{maxLength}
        </Text>
      </HStack>
    </Field.Root>
  );
}
