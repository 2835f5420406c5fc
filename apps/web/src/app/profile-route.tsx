import { CalendarSection } from '../features/calendar/components/calendar-section';
import { ProfilePage } from '../features/profile/components/profile-page';
import { SharesCard } from '../features/shares/components/shares-card';

/** /profile: the profile feature's page, with the cards of other features composed into it (a feature imports no other). */
export function ProfileRoute() {
  return <ProfilePage calendarSection={<CalendarSection />} sharesSection={<SharesCard />} />;
}
