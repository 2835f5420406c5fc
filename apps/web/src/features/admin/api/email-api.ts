import { useMutation, useQuery } from '@tanstack/react-query';
import { useTRPC } from '#lib/trpc';
import { useRefetchOnSettled } from '#lib/use-invalidate';

export type TemplateName = 'welcome' | 'weekly-summary' | 'password-reset' | 'email-verification';

export function useTemplatesQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.admin.emailTemplates.queryOptions(undefined, { staleTime: Infinity }));
}

export function useEmailPreviewQuery(template: TemplateName | null) {
  const trpc = useTRPC();
  return useQuery(trpc.admin.emailPreview.queryOptions({ template: template ?? 'welcome' }, { enabled: template !== null, staleTime: 60_000 }));
}

export function useOutboxQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.admin.outbox.queryOptions(undefined, { staleTime: 0 }));
}

/** Whatever a send does, the outbox shows it afterwards. */
export function useEmailSendMutation() {
  const trpc = useTRPC();
  return useMutation(trpc.admin.emailSend.mutationOptions(useRefetchOnSettled(trpc.admin.outbox.queryKey())));
}

/** The coach writes the person's weekly summary: only when asked (it may call the AI server). */
export function useAiEmailPreviewQuery(userId: string | null) {
  const trpc = useTRPC();
  return useQuery(trpc.admin.aiEmailPreview.queryOptions({ userId: userId ?? '' }, { enabled: userId !== null, staleTime: Infinity, gcTime: 5 * 60_000 }));
}

/** The audit log of mails sent on people's behalf. */
export function useMailAuditQuery() {
  const trpc = useTRPC();
  return useQuery(trpc.admin.mailAudit.queryOptions(undefined, { staleTime: 0 }));
}

/** A send shows in the outbox and in the audit log of mails sent on people's behalf. */
export function useAiEmailSendMutation() {
  const trpc = useTRPC();
  return useMutation(trpc.admin.aiEmailSend.mutationOptions(useRefetchOnSettled(trpc.admin.outbox.queryKey(), trpc.admin.mailAudit.queryKey())));
}
