import { HStack, Heading, type HeadingProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A card's h2 after its decorative icon (the icon is given aria-hidden by the caller). */
export function IconHeading({ icon, id, children, color = 'heading' }: { icon: ReactNode; id: string; children: ReactNode; color?: HeadingProps['color'] }) {
  return (
    <HStack gap="2" mb="4">
      {icon}
      <Heading as="h2" id={id} fontSize="lg" color={color}>
        {children}
      </Heading>
    </HStack>
  );
}
