import { Box, chakra, type HTMLChakraProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Both controls: a focus ring on the whole label, and a short colour transition. */
const FOCUS_RING = { '&:has(input:focus-visible)': { outline: '3px solid', outlineColor: 'brand.600', outlineOffset: '2px' } } as const;
const INTERACTIVE = { transition: 'background-color 120ms ease, border-color 120ms ease', css: FOCUS_RING } as const;

const CARD = { display: 'flex', alignItems: 'flex-start', gap: '3', px: '4', py: '3', minH: '12', borderWidth: '1px', borderRadius: 'xl' } as const;
const CHECKED_SHADOW = 'inset 0 0 0 1px var(--chakra-colors-brand-600)';
const CARD_CHECKED = { bg: 'brand.50', borderColor: 'brand.600', boxShadow: CHECKED_SHADOW, _hover: { borderColor: 'brand.700', bg: 'brand.50' } } as const;
const CARD_UNCHECKED = { bg: 'surface', borderColor: 'ink.200', boxShadow: 'none', _hover: { borderColor: 'ink.400', bg: 'ink.50' } } as const;

const PILL = { position: 'relative', display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minW: '11', h: '11', px: '3' } as const;
const PILL_LOOK = { borderWidth: '1px', borderRadius: 'lg', cursor: 'pointer', fontWeight: '600', fontVariantNumeric: 'tabular-nums' } as const;
const PILL_CHECKED = { ...PILL_LOOK, bg: 'brand.700', color: 'white', borderColor: 'brand.700', _hover: { borderColor: 'brand.800' } } as const;
const PILL_UNCHECKED = { ...PILL_LOOK, bg: 'surface', color: 'text', borderColor: 'ink.300', _hover: { borderColor: 'ink.500' } } as const;

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
    <chakra.label {...CARD} {...(checked ? CARD_CHECKED : CARD_UNCHECKED)} {...INTERACTIVE} cursor="pointer">
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
    <chakra.label {...PILL} {...(checked ? PILL_CHECKED : PILL_UNCHECKED)} {...INTERACTIVE} {...labelProps}>
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
