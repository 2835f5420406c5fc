import { Button, Skeleton, Text, type TextProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
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
