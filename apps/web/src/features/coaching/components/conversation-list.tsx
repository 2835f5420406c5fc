import { Badge, Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ChatIcon, ClipboardIcon } from '#components/ui/icons';
import { useSignedInUser } from '#lib/session';
import type { ConversationSummary } from '../api/coaching-api';
import { STATUS_LABELS, conversationPath, formatConversationDate, phaseLabel } from '../utils/conversation';

const STATUS_PALETTE = { active: 'brand', completed: 'gray', flagged: 'blue' } as const;

/** Conversations and sessions as links: title, date, status (and phase or summary for sessions). */
export function ConversationList({ items, showSummary = false, label }: { items: readonly ConversationSummary[]; showSummary?: boolean; label: string }) {
  const user = useSignedInUser();
  return (
    <Stack as="ul" listStyleType="none" gap="2.5" m="0" p="0" aria-label={label}>
      {items.map((item) => {
        const Icon = item.kind === 'session' ? ClipboardIcon : ChatIcon;
        const date = formatConversationDate(item.updatedAt, user.timezone);
        return (
          <Box as="li" key={item.id}>
            <Link
              asChild
              display="flex"
              gap="3"
              alignItems="flex-start"
              p="4"
              bg="surface"
              borderWidth="1px"
              borderColor="border.soft"
              borderRadius="xl"
              textDecoration="none"
              color="text"
              transition="border-color 150ms, box-shadow 150ms"
              _hover={{ textDecoration: 'none', borderColor: 'brand.300', boxShadow: 'card' }}
            >
              <RouterLink to={conversationPath(item.kind, item.id)}>
                <Box as="span" mt="0.5" p="2" borderRadius="lg" bg="brand.50" color="brand.700" flexShrink={0} aria-hidden="true">
                  <Icon boxSize="4" />
                </Box>
                <Box as="span" flex="1" minW="0" display="block">
                  <Text as="span" display="block" fontWeight="600" color="heading" lineClamp={1}>
                    {item.title}
                  </Text>
                  <HStack as="span" gap="2" mt="1" flexWrap="wrap" fontSize="sm" color="text.muted">
                    <Text as="span">{item.kind === 'session' ? 'Sesión' : 'Chat'}</Text>
                    <Text as="span" aria-hidden="true">
                      ·
                    </Text>
                    <Text as="span">{date}</Text>
                    <Badge colorPalette={STATUS_PALETTE[item.status]} variant="subtle" borderRadius="full" size="sm">
                      {STATUS_LABELS[item.status]}
                    </Badge>
                    {item.kind === 'session' && item.status === 'active' ? (
                      <Badge colorPalette="sun" variant="subtle" borderRadius="full" size="sm">
                        Fase: {phaseLabel(item.stage, item.status)}
                      </Badge>
                    ) : null}
                  </HStack>
                  {showSummary && item.summary ? (
                    <Text as="span" display="block" mt="2" fontSize="sm" color="text" lineClamp={3}>
                      {item.summary}
                    </Text>
                  ) : null}
                </Box>
              </RouterLink>
            </Link>
          </Box>
        );
      })}
    </Stack>
  );
}
