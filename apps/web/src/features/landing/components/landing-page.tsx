import { Box } from '@chakra-ui/react';
import { SkipLink } from '#components/ui/skip-link';
import { useDocumentTitle } from '#lib/use-document-title';
import { LandingBenefits } from './landing-benefits';
import { LandingCtaBand } from './landing-cta-band';
import { LandingFeatures } from './landing-features';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { LandingHero } from './landing-hero';

/** Marketing page for visitors on `/` (spec §1). Every call-to-action goes to /api/login. */
export function LandingPage() {
  useDocumentTitle('Ascenso — Coaching y bienestar', { exact: true });
  return (
    <Box position="relative">
      <SkipLink />
      <LandingHeader />
      <Box as="main" id="contenido" tabIndex={-1} _focus={{ outline: 'none' }}>
        <LandingHero />
        <LandingFeatures />
        <LandingBenefits />
        <LandingCtaBand />
      </Box>
      <LandingFooter />
    </Box>
  );
}
