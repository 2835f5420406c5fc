import { Box, HStack, Text, type StackProps } from '@chakra-ui/react';

/** The Ascenso mark: a sunrise over two peaks. Decorative; the word next to it carries the name. */
export function AscensoMark({ size = 8, onDark = false }: { size?: number; onDark?: boolean }) {
  return (
    <Box
      as="span"
      display="inline-flex"
      boxSize={size}
      borderRadius="lg"
      bg={onDark ? 'whiteAlpha.200' : 'brand.800'}
      alignItems="center"
      justifyContent="center"
      flexShrink={0}
    >
      <svg viewBox="0 0 32 32" width="75%" height="75%" aria-hidden="true" focusable="false">
        <circle cx="21.5" cy="10" r="3.2" fill="#f8bb76" />
        <path d="M3 25 11.5 13l5 6.5L20 15l9 10z" fill="#f8bb76" opacity="0.95" />
        <path d="M3 25 11.5 13l5 6.5" fill="none" stroke="#fff8ef" strokeWidth="1.4" strokeLinejoin="round" />
      </svg>
    </Box>
  );
}

/** "Ascenso" wordmark. Render it inside a link or heading; it has no role of its own. */
export function Wordmark({ onDark = false, ...props }: { onDark?: boolean } & StackProps) {
  return (
    <HStack gap="2.5" {...props}>
      <AscensoMark onDark={onDark} />
      <Text as="span" fontWeight="700" fontSize="xl" letterSpacing="-0.02em" color={onDark ? 'white' : 'brand.900'}>
        Ascenso
      </Text>
    </HStack>
  );
}
