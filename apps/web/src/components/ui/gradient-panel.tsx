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

/** The warm sun-to-brand section that puts one thing forward (the journal's question of the day, the week's reflection); label it with `aria-labelledby`. */
export function WarmPanel(props: BoxProps) {
  return (
    <Box as="section" borderRadius="card" bgGradient="to-br" gradientFrom="sun.50" gradientTo="brand.50" borderWidth="1px" borderColor="sun.200" {...props} />
  );
}
