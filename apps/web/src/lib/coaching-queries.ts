import type { AppRouter } from '@ascenso/api/router';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useTRPC } from './trpc';

/** Coaching data that more than one feature shows (the coaching hub, the profile, Home), with one cache policy. */

type Outputs = inferRouterOutputs<AppRouter>;
export type Commitment = Outputs['coaching']['commitments'][number];

/** `assessment.profile`: fresh 10 min, no retry (spec §7, §9). A missing assessment is a NOT_FOUND. */
export function useCoachingProfileQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.assessment.profile.queryOptions(undefined, { staleTime: 10 * 60_000, retry: false }));
}

/** `coaching.commitments`: refetched on every visit (the hub closes them, the profile edits them). */
export function useCommitmentsQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.coaching.commitments.queryOptions(undefined, { staleTime: 0 }));
}
