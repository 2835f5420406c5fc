import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PlainTextBox } from '#components/ui/section-card';

/**
 * A rendered e-mail: subject, the HTML in a fully sandboxed iframe (no scripts, no same-origin, no
 * navigation) and the plain-text version.
 */
export function EmailPreview({
  subject,
  html,
  text,
  headingLevel = 'h3',
  badge,
}: {
  subject: string;
  html: string;
  text: string;
  headingLevel?: 'h2' | 'h3';
  badge?: ReactNode;
}) {
  return (
    <Stack gap="4">
      <Box>
        <Text fontSize="sm" color="text.muted" fontWeight="600">
          Asunto
        </Text>
        <Text fontSize="lg" fontWeight="700" color="heading" overflowWrap="anywhere" data-testid="email-subject">
          {subject}
        </Text>
        {badge}
      </Box>
      <Box>
        <Heading as={headingLevel} fontSize="md" color="heading" mb="2">
          Versión HTML
        </Heading>
        <Box borderWidth="1px" borderColor="ink.200" borderRadius="lg" overflow="hidden" bg="#f6f4ef">
          <iframe
            sandbox=""
            srcDoc={html}
            title={`Vista previa del correo: ${subject}`}
            style={{ display: 'block', width: '100%', height: '520px', border: 0 }}
          />
        </Box>
      </Box>
      <Box>
        <Heading as={headingLevel} fontSize="md" color="heading" mb="2">
          Versión de texto
        </Heading>
        <PlainTextBox p="4" borderRadius="lg" bg="ink.50" maxH="80" overflowY="auto" tabIndex={0} aria-label="Versión de texto del correo">
          {text}
        </PlainTextBox>
      </Box>
    </Stack>
  );
}
