import { Button } from '@chakra-ui/react';
import { useState } from 'react';

/** How many items of a long list are shown, growing by `page` with each "Mostrar más". */
export function useShowMore(page: number) {
  const [shown, setShown] = useState(page);
  return { shown, more: () => setShown((n) => n + page) };
}

/** "Mostrar más (N restantes)" while part of a list of `total` items is hidden. */
export function ShowMoreButton({ shown, total, onMore }: { shown: number; total: number; onMore: () => void }) {
  if (shown >= total) return null;
  return (
    <Button alignSelf="flex-start" size="sm" variant="outline" borderRadius="full" onClick={onMore}>
      Mostrar más ({total - shown} restantes)
    </Button>
  );
}
