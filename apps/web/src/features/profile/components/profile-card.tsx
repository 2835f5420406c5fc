import { SectionCard, type SectionCardProps } from '#components/ui/section-card';

/** A white card section of the profile page, labelled by its h2. */
export function ProfileCard(props: SectionCardProps) {
  return <SectionCard p={{ base: '5', md: '7' }} scrollMarginTop="20" headerGap="5" {...props} />;
}
