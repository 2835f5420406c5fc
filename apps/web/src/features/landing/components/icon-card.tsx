import { Box, Flex, Heading, Text, type FlexProps, type TextProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One item of a landing list: its icon, an h3 and a description. Props style the card. */
export function IconCard({
  icon,
  title,
  description,
  descriptionProps,
  ...props
}: { icon: ReactNode; title: string; description: string; descriptionProps?: TextProps } & FlexProps) {
  return (
    <Flex as="li" {...props}>
      {icon}
      <Box>
        <Heading as="h3" fontSize="lg" color="heading" mb="2" letterSpacing="-0.01em">
          {title}
        </Heading>
        <Text color="text.muted" {...descriptionProps}>
          {description}
        </Text>
      </Box>
    </Flex>
  );
}
