import { Stack } from '@chakra-ui/react';
import { CalendarFeedCard } from './calendar-feed-card';
import { WorkHoursCard } from './work-hours-card';

/** The profile's "Tu jornada" and "Añadir mi plan al calendario" cards (composed into /profile by app/). */
export function CalendarSection() {
  return (
    <Stack gap={{ base: '6', md: '8' }}>
      <WorkHoursCard />
      <CalendarFeedCard />
    </Stack>
  );
}
