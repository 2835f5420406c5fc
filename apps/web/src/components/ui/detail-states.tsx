import { Button, Skeleton, Text, type TextProps } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '#lib/error-messages';
import { isNotFound } from '#lib/errors';
import { PageFrame, SurfaceCard } from './page-frame';

interface DetailFrame {
  back: { to: string; label: string };
  maxW: string;
}

/** A one-item page (an audio, an entry, an exercise) while it loads: a skeleton title and card. */
export function DetailPending({ back, maxW, titleWidth, cardHeight }: DetailFrame & { titleWidth: string; cardHeight: string }) {
  return (
    <PageFrame title={<Skeleton h="10" w={titleWidth} />} back={back} maxW={maxW}>
      <Skeleton h={cardHeight} borderRadius="card" />
    </PageFrame>
  );
}

/**
 * A one-item page that cannot show its item: the title says what happened, an alert card explains,
 * then a way on (a link back to the list) or "Reintentar".
 */
export function DetailProblem({
  back,
  maxW,
  title,
  message,
  color,
  link,
  onRetry,
}: DetailFrame & { title: string; message: ReactNode; color?: TextProps['color']; link?: { to: string; label: string }; onRetry?: () => void }) {
  return (
    <PageFrame title={title} back={back} maxW={maxW}>
      <SurfaceCard role="alert">
        <Text color={color}>{message}</Text>
        {link ? (
          <Button asChild mt="4" borderRadius="full" variant="outline">
            <RouterLink to={link.to}>{link.label}</RouterLink>
          </Button>
        ) : null}
        {onRetry ? (
          <Button mt="4" borderRadius="full" variant="outline" onClick={onRetry}>
            Reintentar
          </Button>
        ) : null}
      </SurfaceCard>
    </PageFrame>
  );
}

/**
 * A one-item page fed by one query (an audio, a diary entry): the skeleton while it loads; on failure
 * `notFound`'s title and message when the API says NOT_FOUND, otherwise `failedTitle` and the error's
 * Spanish copy (with "Reintentar" when `retry`); then the item.
 */
export function DetailQueryPage<T, E>({
  query,
  back,
  maxW,
  pending,
  notFound,
  failedTitle,
  color,
  link,
  retry = false,
  children,
}: DetailFrame & {
  query: UseQueryResult<T, E>;
  pending: { titleWidth: string; cardHeight: string };
  notFound: { title: string; message: string };
  failedTitle: string;
  color?: TextProps['color'];
  link?: { to: string; label: string };
  retry?: boolean;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) return <DetailPending back={back} maxW={maxW} {...pending} />;
  if (query.isError) {
    const missing = isNotFound(query.error);
    return (
      <DetailProblem
        back={back}
        maxW={maxW}
        title={missing ? notFound.title : failedTitle}
        color={color}
        message={missing ? notFound.message : errorMessage(query.error)}
        link={link}
        onRetry={retry && !missing ? () => void query.refetch() : undefined}
      />
    );
  }
  return <>{children(query.data)}</>;
}
