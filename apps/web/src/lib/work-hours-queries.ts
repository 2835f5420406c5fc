import type { WorkHours } from '@ascenso/domain/work-hours';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from './trpc';

/**
 * The user's work hours (profile; default 09:00–18:00, Monday to Friday), read by the break reminders
 * (active-breaks) and edited with the calendar feed on /profile. `enabled: false` asks nothing (the
 * reminders only need them once the user turned them on).
 */
export function useWorkHoursQuery(enabled = true) {
  const trpc = useTRPC();
  return useQuery(trpc.calendar.workHours.queryOptions(undefined, { enabled, staleTime: 5 * 60_000 }));
}

export function useSaveWorkHours() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.calendar.setWorkHours.mutationOptions({
      onSuccess: (saved: WorkHours) => queryClient.setQueryData(trpc.calendar.workHours.queryKey(), saved),
    }),
  );
}
