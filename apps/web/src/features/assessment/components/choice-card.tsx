import { Box, chakra, type HTMLChakraProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface ChoiceCardProps {
  type: 'radio' | 'checkbox';
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
  required?: boolean;
}

/**
 * One option of a choice question: a real radio/checkbox (keyboard, screen readers and forms work
 * natively) inside a large clickable card. The focus ring is drawn on the whole card.
 */
export function ChoiceCard({ type, name, value, checked, onChange, children, required }: ChoiceCardProps) {
  return (
    <chakra.label
      display="flex"
      alignItems="flex-start"
      gap="3"
      px="4"
      py="3"
      minH="12"
      borderWidth="1px"
      borderRadius="xl"
      cursor="pointer"
      bg={checked ? 'brand.50' : 'surface'}
      borderColor={checked ? 'brand.600' : 'ink.200'}
      boxShadow={checked ? 'inset 0 0 0 1px var(--chakra-colors-brand-600)' : 'none'}
      transition="background-color 120ms ease, border-color 120ms ease"
      _hover={{ borderColor: checked ? 'brand.700' : 'ink.400', bg: checked ? 'brand.50' : 'ink.50' }}
      css={{
        '&:has(input:focus-visible)': { outline: '3px solid', outlineColor: 'brand.600', outlineOffset: '2px' },
      }}
    >
      <chakra.input
        type={type}
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        required={required}
        flexShrink={0}
        boxSize="4.5"
        mt="0.5"
        accentColor="brand.700"
        cursor="pointer"
        _focusVisible={{ outline: 'none' }}
      />
      <Box as="span" color="text" fontWeight={checked ? '600' : '500'} lineHeight="1.4">
        {children}
      </Box>
    </chakra.label>
  );
}

interface ScalePillProps {
  name: string;
  value: number;
  checked: boolean;
  onChange: () => void;
  /** What is shown (a number or a short word). */
  children: ReactNode;
  /** Extra words for screen readers, e.g. "me agota". */
  srSuffix?: string;
  required?: boolean;
  /** Size adjustments (e.g. a compact scale on narrow screens). */
  labelProps?: HTMLChakraProps<'label'>;
}

/** A compact radio for numeric scales (energy 1–5, satisfaction 1–10). The radio itself is visually hidden. */
export function ScalePill({ name, value, checked, onChange, children, srSuffix, required, labelProps }: ScalePillProps) {
  return (
    <chakra.label
      position="relative"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      minW="11"
      h="11"
      px="3"
      borderWidth="1px"
      borderRadius="lg"
      cursor="pointer"
      fontWeight="600"
      fontVariantNumeric="tabular-nums"
      bg={checked ? 'brand.700' : 'surface'}
      color={checked ? 'white' : 'text'}
      borderColor={checked ? 'brand.700' : 'ink.300'}
      transition="background-color 120ms ease, border-color 120ms ease"
      _hover={{ borderColor: checked ? 'brand.800' : 'ink.500' }}
      css={{
        '&:has(input:focus-visible)': { outline: '3px solid', outlineColor: 'brand.600', outlineOffset: '2px' },
      }}
      {...labelProps}
    >
      <chakra.input
        type="radio"
        name={name}
        value={String(value)}
        checked={checked}
        onChange={onChange}
        required={required}
        position="absolute"
        inset="0"
        w="full"
        h="full"
        m="0"
        opacity="0"
        cursor="pointer"
      />
      <span aria-hidden={srSuffix ? true : undefined}>{children}</span>
      {srSuffix ? (
        <chakra.span srOnly>
          {children}
          {`, ${srSuffix}`}
        </chakra.span>
      ) : null}
    </chakra.label>
  );
}
