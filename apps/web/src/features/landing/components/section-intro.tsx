import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DisplayHeading, Eyebrow } from '#components/ui/text-styles';

/** The eyebrow, h2 and lead paragraph that open a landing section (placed in the caller's Stack). */
export function SectionIntro({ id, eyebrow, title, lead }: { id: string; eyebrow: string; title: string; lead: ReactNode }) {
  return (
    <>
      <Eyebrow letterSpacing="0.1em">{eyebrow}</Eyebrow>
      <DisplayHeading as="h2" id={id}>
        {title}
      </DisplayHeading>
      <Text fontSize="lg" color="text.muted">
        {lead}
      </Text>
    </>
  );
}
