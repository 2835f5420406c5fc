import { Box, type BoxProps } from '@chakra-ui/react';

/** The light brand-to-sun panel that opens a screen (Home's greeting); decorations inside may overflow it. */
export function GradientPanel(props: BoxProps) {
  return (
    <Box
      position="relative"
      overflow="hidden"
      borderRadius="card"
      bgGradient="to-br"
      gradientFrom="brand.50"
      gradientTo="sun.50"
      borderWidth="1px"
      borderColor="brand.100"
      {...props}
    />
  );
}
