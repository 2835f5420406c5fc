import { Badge } from '@chakra-ui/react';

const STYLES = {
  buena: { bg: 'brand.100', color: 'brand.900', label: 'Evidencia buena' },
  moderada: { bg: 'sun.100', color: 'sun.900', label: 'Evidencia moderada' },
  limitada: { bg: 'ink.100', color: 'ink.800', label: 'Evidencia limitada' },
} as const;

/** How strong the research behind a pattern is (buena / moderada / limitada). */
export function EvidenceBadge({ level }: { level: keyof typeof STYLES }) {
  const style = STYLES[level];
  return (
    <Badge bg={style.bg} color={style.color} borderRadius="full" px="2.5" py="0.5" fontWeight="700" fontSize="xs">
      {style.label}
    </Badge>
  );
}
