import { createIcon } from '@chakra-ui/react';
import type { ReactElement } from 'react';

/** Line icons for the wellbeing screens (24×24, 1.8 stroke, like components/ui/icons). Decorative. */
function strokeIcon(displayName: string, paths: ReactElement) {
  return createIcon({
    displayName,
    viewBox: '0 0 24 24',
    defaultProps: {
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: '1.8',
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      'aria-hidden': true,
    },
    path: paths,
  });
}

export const ArrowLeftIcon = strokeIcon(
  'ArrowLeftIcon',
  <>
    <path d="m12 19-7-7 7-7" />
    <path d="M19 12H5" />
  </>,
);

export const PlayIcon = strokeIcon('PlayIcon', <path d="M7 4.5v15a1 1 0 0 0 1.5.86l12.5-7.5a1 1 0 0 0 0-1.72L8.5 3.64A1 1 0 0 0 7 4.5Z" fill="currentColor" />);

export const PauseIcon = strokeIcon(
  'PauseIcon',
  <>
    <rect x="6" y="4" width="4" height="16" rx="1" fill="currentColor" />
    <rect x="14" y="4" width="4" height="16" rx="1" fill="currentColor" />
  </>,
);

export const SkipForwardIcon = strokeIcon(
  'SkipForwardIcon',
  <>
    <path d="m5 4 10 8-10 8V4Z" />
    <path d="M19 5v14" />
  </>,
);

export const StopIcon = strokeIcon('StopIcon', <rect x="5" y="5" width="14" height="14" rx="2" />);

export const RewindIcon = strokeIcon(
  'RewindIcon',
  <>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5" />
  </>,
);

export const ForwardIcon = strokeIcon(
  'ForwardIcon',
  <>
    <path d="M21 12a9 9 0 1 1-3-6.7L21 8" />
    <path d="M21 3v5h-5" />
  </>,
);

export const VolumeIcon = strokeIcon(
  'VolumeIcon',
  <>
    <path d="M11 4.7a.7.7 0 0 0-1.2-.5L6.4 7.6A1.4 1.4 0 0 1 5.4 8H3a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2.4a1.4 1.4 0 0 1 1 .4l3.4 3.4a.7.7 0 0 0 1.2-.5Z" />
    <path d="M16 9a5 5 0 0 1 0 6" />
    <path d="M19.4 18.4a9 9 0 0 0 0-12.8" />
  </>,
);

export const VibrateIcon = strokeIcon(
  'VibrateIcon',
  <>
    <path d="m2 8 2 2-2 2 2 2-2 2" />
    <path d="m22 8-2 2 2 2-2 2 2 2" />
    <rect width="8" height="14" x="8" y="5" rx="1" />
  </>,
);

export const BellIcon = strokeIcon(
  'BellIcon',
  <>
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    <path d="M3.26 15.33A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.67C19.41 13.96 18 12.5 18 8A6 6 0 0 0 6 8c0 4.5-1.41 5.96-2.74 7.33" />
  </>,
);

export const SearchIcon = strokeIcon(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </>,
);

export const PlusIcon = strokeIcon(
  'PlusIcon',
  <>
    <path d="M5 12h14" />
    <path d="M12 5v14" />
  </>,
);

export const TrashIcon = strokeIcon(
  'TrashIcon',
  <>
    <path d="M3 6h18" />
    <path d="M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6" />
    <path d="M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" />
  </>,
);

export const RepeatIcon = strokeIcon(
  'RepeatIcon',
  <>
    <path d="m17 2 4 4-4 4" />
    <path d="M3 11v-1a4 4 0 0 1 4-4h14" />
    <path d="m7 22-4-4 4-4" />
    <path d="M21 13v1a4 4 0 0 1-4 4H3" />
  </>,
);

export const ClockIcon = strokeIcon(
  'ClockIcon',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </>,
);

export const LeafIcon = strokeIcon(
  'LeafIcon',
  <>
    <path d="M11 20A7 7 0 0 1 9.8 6.1C15.5 5 17 4.48 19 2c1 2 2 4.18 2 8 0 5.5-4.78 10-10 10Z" />
    <path d="M2 21c0-3 1.85-5.36 5.08-6C9.5 14.52 12 13 13 12" />
  </>,
);

export const NeckIcon = strokeIcon(
  'NeckIcon',
  <>
    <circle cx="12" cy="6" r="3.5" />
    <path d="M10 9.5V13l-5 2.5V21" />
    <path d="M14 9.5V13l5 2.5V21" />
  </>,
);

export const SpineIcon = strokeIcon(
  'SpineIcon',
  <>
    <path d="M12 2c-1.5 2-1.5 4 0 6s1.5 4 0 6-1.5 4 0 6" />
    <path d="M9 5h6" />
    <path d="M9 11h6" />
    <path d="M9 17h6" />
  </>,
);

export const HandIcon = strokeIcon(
  'HandIcon',
  <>
    <path d="M18 11V6a2 2 0 0 0-4 0v5" />
    <path d="M14 10V4a2 2 0 0 0-4 0v6" />
    <path d="M10 10.5V6a2 2 0 0 0-4 0v8" />
    <path d="M18 8a2 2 0 1 1 4 0v6a8 8 0 0 1-8 8h-2c-2.8 0-4.5-.86-5.99-2.34l-3.6-3.6a2 2 0 0 1 2.83-2.82L7 15" />
  </>,
);

export const LegsIcon = strokeIcon(
  'LegsIcon',
  <>
    <circle cx="12" cy="4" r="2" />
    <path d="M12 6v6" />
    <path d="m12 12-3 4 1 6" />
    <path d="m12 12 3 4-1 6" />
    <path d="M8 9h8" />
  </>,
);

export const ShouldersIcon = strokeIcon(
  'ShouldersIcon',
  <>
    <circle cx="12" cy="5" r="3" />
    <path d="M3 20v-4a5 5 0 0 1 5-5h8a5 5 0 0 1 5 5v4" />
    <path d="M8 11v9" />
    <path d="M16 11v9" />
  </>,
);

export const FilterIcon = strokeIcon('FilterIcon', <path d="M22 3H2l8 9.46V19l4 2v-8.54Z" />);
