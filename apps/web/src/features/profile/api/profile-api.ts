import type { AppRouter } from '@ascenso/api/router';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { DecorateMutationProcedure, ResolverDef } from '@trpc/tanstack-react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useCallback } from 'react';
import { useCommitmentsQuery } from '#lib/coaching-queries';
import { useClearSession, useSetSessionUser } from '#lib/session';
import { useTRPC } from '#lib/trpc';
import { useInvalidate } from '#lib/use-invalidate';

type Outputs = inferRouterOutputs<AppRouter>;

export type LedgerEntry = Outputs['profile']['ledger'][number];
export type Note = Outputs['profile']['notes'][number];

export function useStepsHistoryQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.profile.stepsHistory.queryOptions(undefined, { staleTime: 30_000 }));
}

export function useLedgerQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.profile.ledger.queryOptions(undefined, { staleTime: 30_000 }));
}

/** `profile.update`: the returned user replaces `auth.me`; "today" may move with the time zone. */
export function useUpdateProfileMutation() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const setSessionUser = useSetSessionUser();
  return useMutation(
    trpc.profile.update.mutationOptions({
      onSuccess: (user) => {
        setSessionUser(user);
        void queryClient.invalidateQueries({ queryKey: trpc.profile.stepsHistory.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.activities.pathKey() });
      },
    }),
  );
}

/** "¿Cómo quieres que te hable?": read and saved on its own; the saved value also patches `auth.me`. */
export function useAddressForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const preferences = useQuery(trpc.profile.preferences.queryOptions(undefined, { staleTime: 60_000 }));
  const save = useMutation(
    trpc.profile.setPreferences.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.profile.preferences.queryKey(), saved);
        queryClient.setQueryData(trpc.auth.me.queryKey(), (me) => (me ? { ...me, addressForm: saved.addressForm } : me));
      },
    }),
  );
  return { preferences, save };
}

/**
 * Edit and delete for the member's own texts (the API's ownTextProcedures pair, for notes and for
 * commitments); after either succeeds the list is refetched (`refresh`, for the list's other changes).
 */
function useOwnTextChanges<TEdit extends ResolverDef, TRemove extends ResolverDef>(
  listKey: QueryKey,
  editProcedure: DecorateMutationProcedure<TEdit>,
  removeProcedure: DecorateMutationProcedure<TRemove>,
) {
  const invalidate = useInvalidate();
  const refresh = () => invalidate(listKey);
  const edit = useMutation(editProcedure.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(removeProcedure.mutationOptions({ onSuccess: refresh }));
  return { refresh, edit, remove };
}

/** "Lo que tu coach sabe de ti": notes the user keeps for the coach. */
export function useNotes() {
  const trpc = useTRPC();
  const notes = useQuery(trpc.profile.notes.queryOptions(undefined, { staleTime: 0 }));
  const { refresh, edit, remove } = useOwnTextChanges(trpc.profile.notes.queryKey(), trpc.profile.editNote, trpc.profile.deleteNote);
  const add = useMutation(trpc.profile.addNote.mutationOptions({ onSuccess: refresh }));
  return { notes, add, edit, remove };
}

/** Commitments from coaching sessions: edited/deleted through `profile`, closed through `coaching`. */
export function useCommitments() {
  const trpc = useTRPC();
  const commitments = useCommitmentsQuery();
  const { refresh, edit, remove } = useOwnTextChanges(trpc.coaching.commitments.queryKey(), trpc.profile.editCommitment, trpc.profile.deleteCommitment);
  const setStatus = useMutation(trpc.coaching.setCommitmentStatus.mutationOptions({ onSuccess: refresh }));
  return { commitments, edit, remove, setStatus };
}

export function useChangePasswordMutation() {
  const trpc = useTRPC();
  return useMutation(trpc.auth.changePassword.mutationOptions());
}

/** Ends every session (this one too), then forgets everything cached: the landing page shows. */
export function useLogoutEverywhereMutation() {
  const trpc = useTRPC();
  const clearSession = useClearSession();
  return useMutation(trpc.auth.logoutEverywhere.mutationOptions({ onSuccess: () => clearSession() }));
}

export type DeleteAccountResult =
  | { ok: true }
  | {
      ok: false;
      reason: 'password' | 'validation' | 'rate-limited' | 'session' | 'network';
      retryAfterSeconds?: number;
    };

/**
 * `DELETE /api/profile` with `{ confirm: true, password }` (same origin: the browser sends the cookie
 * and the Origin header). 204 → deleted; the caller clears the cache and shows the landing page.
 */
export function useDeleteAccount() {
  const clearSession = useClearSession();
  const run = useCallback(
    async (password: string): Promise<DeleteAccountResult> => {
      let response: Response;
      try {
        response = await fetch('/api/profile', {
          method: 'DELETE',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ confirm: true, password }),
        });
      } catch {
        return { ok: false, reason: 'network' };
      }
      if (response.status === 204) {
        clearSession();
        return { ok: true };
      }
      if (response.status === 401) {
        // INVALID_CREDENTIALS (wrong password) and UNAUTHORIZED (session gone) are both 401.
        const code = await response
          .json()
          .then((body: unknown) => (body as { error?: { code?: string } } | null)?.error?.code)
          .catch(() => undefined);
        return { ok: false, reason: code === 'UNAUTHORIZED' ? 'session' : 'password' };
      }
      if (response.status === 429) {
        const retryAfter = Number(response.headers.get('Retry-After'));
        return {
          ok: false,
          reason: 'rate-limited',
          ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
        };
      }
      if (response.status === 400) return { ok: false, reason: 'validation' };
      return { ok: false, reason: 'network' };
    },
    [clearSession],
  );
  return run;
}
