import { AREA_PATHS, type ActivityArea } from '@ascenso/domain/assessment-evaluation';
import { isRouteAvailable } from '#lib/route-availability';

/** How each recommendation area is named and drawn (icon names of components/ui/activity-icon). */
export const AREA_DETAILS: Record<ActivityArea, { label: string; icon: string }> = {
  coaching: { label: 'Coaching', icon: 'message' },
  breathing: { label: 'Respiración', icon: 'wind' },
  fitness: { label: 'Fitness', icon: 'dumbbell' },
  journal: { label: 'Journaling', icon: 'notebook' },
  'active-breaks': { label: 'Pausas activas', icon: 'stretch' },
  meditation: { label: 'Audio Ascenso', icon: 'headphones' },
};

/** The screen a recommendation leads to, or null while that screen does not exist (no dead links). */
export function areaHref(area: ActivityArea, available: (path: string) => boolean = isRouteAvailable): string | null {
  const path = AREA_PATHS[area];
  return available(path) ? path : null;
}
