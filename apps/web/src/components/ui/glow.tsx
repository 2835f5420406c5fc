import { Box, type BoxProps } from '@chakra-ui/react';

/** A soft warm light on a dark hero panel (decorative, hidden from assistive technology). */
export function Glow({ strength, fade = 65, ...props }: { strength: number; fade?: number } & BoxProps) {
  return (
    <Box
      position="absolute"
      borderRadius="full"
      bg={`radial-gradient(circle, rgba(248,187,118,${strength}) 0%, rgba(248,187,118,0) ${fade}%)`}
      aria-hidden="true"
      {...props}
    />
  );
}
