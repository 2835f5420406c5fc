import { Box, type BoxProps } from '@chakra-ui/react';

/** The light brand-to-sun panel that opens the assessment's intro and its evaluation. */
export function IntroPanel(props: BoxProps) {
  return <Box borderRadius="card" bgGradient="to-br" gradientFrom="brand.50" gradientTo="sun.50" borderWidth="1px" borderColor="brand.100" {...props} />;
}
