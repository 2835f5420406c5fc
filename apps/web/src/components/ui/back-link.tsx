import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ArrowLeftIcon } from './icons';

/** "← Volver a …" above a page's h1: an in-app link with a 24 px minimum target. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link asChild display="inline-flex" alignItems="center" gap="1.5" color="brand.700" fontWeight="600" fontSize="sm" mb="3" borderRadius="md" minH="6">
      <RouterLink to={to}>
        <ArrowLeftIcon boxSize="4" />
        {label}
      </RouterLink>
    </Link>
  );
}
