import { Button, Skeleton, Stack, Text, type ButtonProps, type SkeletonProps, type StackProps } from '@chakra-ui/react';
import { errorMessage } from '#lib/error-messages';

/** A list still loading: `count` skeleton rows (props style each row) and, for screen readers, what loads. */
export function SkeletonList({ count, label, gap = '2', ...row }: { count: number; label: string; gap?: StackProps['gap'] } & SkeletonProps) {
  return (
    <Stack gap={gap} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} {...row} />
      ))}
      <Text srOnly>{label}</Text>
    </Stack>
  );
}

/**
 * A list that could not load: the error's Spanish copy, then "Reintentar". `alert` makes the copy an
 * alert (a page's main list); without it the copy is muted (one part among others).
 */
export function ErrorRetry({
  query,
  alert = false,
  size,
}: {
  query: { error: unknown; refetch: () => Promise<unknown> };
  alert?: boolean;
  size?: ButtonProps['size'];
}) {
  return (
    <Stack gap="3" align="flex-start">
      {alert ? <Text role="alert">{errorMessage(query.error)}</Text> : <Text color="text.muted">{errorMessage(query.error)}</Text>}
      <Button size={size} variant="outline" borderRadius="full" onClick={() => void query.refetch()}>
        Reintentar
      </Button>
    </Stack>
  );
}
