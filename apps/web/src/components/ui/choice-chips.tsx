import { Box, HStack, Switch, Text, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { COVERING_INPUT } from './covering-input';

/**
 * A row of single-choice chips built on native radio inputs: one tab stop, arrow keys move the choice,
 * every chip has a label. `name` must be unique on the page.
 */
export function ChoiceChips<T extends string>({
  name,
  legend,
  hideLegend = false,
  options,
  value,
  onChange,
  disabled = false,
}: {
  name: string;
  legend: string;
  hideLegend?: boolean;
  options: ReadonlyArray<{ value: T; label: ReactNode; ariaLabel?: string }>;
  value: T | null;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <chakra.fieldset border="0" p="0" m="0" minW="0" disabled={disabled}>
      <chakra.legend fontWeight="600" color="heading" mb="2" fontSize="sm" p="0" {...(hideLegend ? { srOnly: true } : {})}>
        {legend}
      </chakra.legend>
      <HStack gap="2" flexWrap="wrap">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <chakra.label
              key={option.value}
              position="relative"
              display="inline-flex"
              alignItems="center"
              gap="1.5"
              minH="10"
              px="4"
              borderRadius="full"
              borderWidth="1px"
              borderColor={checked ? 'brand.700' : 'ink.200'}
              bg={checked ? 'brand.700' : 'surface'}
              color={checked ? 'white' : 'ink.800'}
              fontWeight="600"
              fontSize="sm"
              cursor={disabled ? 'not-allowed' : 'pointer'}
              opacity={disabled ? 0.6 : 1}
              transition="background 0.15s, border-color 0.15s"
              _hover={checked || disabled ? undefined : { borderColor: 'brand.400', bg: 'brand.50' }}
              css={{
                '&:has(input:focus-visible)': {
                  outline: '3px solid',
                  outlineColor: 'var(--chakra-colors-brand-600)',
                  outlineOffset: '2px',
                },
              }}
            >
              <chakra.input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                aria-label={option.ariaLabel}
                {...COVERING_INPUT}
                cursor="inherit"
                borderRadius="full"
              />
              {option.label}
            </chakra.label>
          );
        })}
      </HStack>
    </chakra.fieldset>
  );
}

/** A labelled on/off switch with an optional hint. */
export function ToggleRow({
  label,
  hint,
  icon,
  checked,
  onChange,
  disabled = false,
}: {
  label: string;
  hint?: string;
  icon?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Switch.Root
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked)}
      disabled={disabled}
      colorPalette="brand"
      display="flex"
      alignItems="center"
      justifyContent="space-between"
      gap="4"
      w="full"
    >
      <Switch.HiddenInput />
      <Switch.Label flex="1" cursor={disabled ? 'not-allowed' : 'pointer'}>
        <HStack gap="2.5" align="flex-start">
          {icon ? (
            <Box color="brand.700" mt="0.5" aria-hidden="true">
              {icon}
            </Box>
          ) : null}
          <Box>
            <Text fontWeight="600" color="heading">
              {label}
            </Text>
            {hint ? (
              <Text fontSize="sm" color="text.muted" fontWeight="400" lineHeight="1.45" mt="0.5">
                {hint}
              </Text>
            ) : null}
          </Box>
        </HStack>
      </Switch.Label>
      <Switch.Control />
    </Switch.Root>
  );
}
