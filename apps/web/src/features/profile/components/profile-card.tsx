import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A white card section labelled by its h2 (a landmark region for screen-reader navigation). */
export function ProfileCard({
  id,
  title,
  description,
  children,
  tone = 'default',
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: 'default' | 'danger';
}) {
  return (
    <Box
      as="section"
      aria-labelledby={id}
      bg="surface"
      borderRadius="card"
      borderWidth="1px"
      borderColor={tone === 'danger' ? 'red.200' : 'border.soft'}
      boxShadow="card"
      p={{ base: '5', md: '7' }}
      scrollMarginTop="20"
    >
      <Stack gap="1" mb="5">
        <Heading as="h2" id={id} fontSize="lg" color="heading" tabIndex={-1} _focus={{ outline: 'none' }}>
          {title}
        </Heading>
        {description ? (
          <Text color="text.muted" fontSize="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Box>
  );
}
