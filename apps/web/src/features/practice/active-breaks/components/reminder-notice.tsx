import { Box, Button, CloseButton, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { aboveBottomBar } from '#components/ui/above-bottom-bar';
import { StretchIcon } from '#components/ui/icons';
import { SNOOZE_MINUTES } from '../utils/reminders';

/** The in-app break reminder: the user's message, start a break, snooze 10 or 30 minutes, or close. Takes no focus. */
export function ReminderNotice({
  title,
  message,
  onStart,
  onSnooze,
  onClose,
}: {
  title: string;
  message: string;
  onStart: () => void;
  onSnooze: (minutes: number) => void;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Box
      as="section"
      aria-labelledby={`${id}-title`}
      position="fixed"
      zIndex="toast"
      insetEnd={{ base: '3', md: '6' }}
      // Above the floating step counter (bottom end, features/activities) and any sticky action bar.
      bottom={{ base: aboveBottomBar('5rem'), md: aboveBottomBar('5.5rem') }}
      maxW="sm"
      w={{ base: 'calc(100% - 1.5rem)', md: 'sm' }}
      bg="surface"
      borderRadius="card"
      borderWidth="1px"
      borderColor="brand.200"
      boxShadow="raised"
      p="4"
      data-testid="recordatorio-pausa"
    >
      <HStack align="flex-start" gap="3">
        <Box color="brand.700" mt="0.5" aria-hidden="true">
          <StretchIcon boxSize="5" />
        </Box>
        <Stack gap="1" flex="1" minW="0" role="alert">
          <Heading as="h2" id={`${id}-title`} fontSize="md" color="heading">
            {title}
          </Heading>
          <Text fontSize="sm" color="ink.800" overflowWrap="anywhere">
            {message}
          </Text>
        </Stack>
        <CloseButton size="sm" aria-label="Cerrar el recordatorio" onClick={onClose} />
      </HStack>
      <HStack gap="2" mt="3" flexWrap="wrap">
        <Button size="sm" borderRadius="full" onClick={onStart}>
          Empezar una pausa
        </Button>
        {SNOOZE_MINUTES.map((minutes) => (
          <Button key={minutes} size="sm" variant="outline" borderRadius="full" onClick={() => onSnooze(minutes)}>
            Posponer {minutes} min
          </Button>
        ))}
      </HStack>
    </Box>
  );
}
