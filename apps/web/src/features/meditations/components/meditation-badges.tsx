import { Badge, Box, type BadgeProps } from '@chakra-ui/react';
import { CircleCheckIcon } from '#components/ui/icons';
import { shortDuration, spokenDuration } from '#lib/format-time';

/** An audio's length: "5 min" on screen, "Duración: cinco minutos" for screen readers. Props set the colours. */
export function DurationBadge({ seconds, ...props }: { seconds: number } & BadgeProps) {
  return (
    <Badge borderRadius="full" px="2.5" {...props}>
      <span aria-hidden="true">{shortDuration(seconds)}</span>
      <Box as="span" srOnly>
        Duración: {spokenDuration(seconds)}
      </Box>
    </Badge>
  );
}

/** "Escuchado hoy", on an audio completed today. */
export function ListenedTodayBadge() {
  return (
    <Badge bg="brand.50" color="brand.800" borderRadius="full" px="2.5" gap="1">
      <CircleCheckIcon boxSize="3.5" aria-hidden="true" />
      Escuchado hoy
    </Badge>
  );
}
