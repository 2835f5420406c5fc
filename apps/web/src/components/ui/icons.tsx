import { createIcon } from '@chakra-ui/react';
import type { ReactElement } from 'react';

/**
 * The app's one icon set: line icons (24×24, 1.8 stroke) drawn inline, no icon font, no network.
 *
 * Every icon takes Chakra's `IconProps`: `size` ('xs' … '2xl', default 'inherit') or `boxSize`,
 * `color`, spacing. Icons are decorative by default (`aria-hidden`); the control or text next to
 * them carries the accessible name. One icon per concept: add new glyphs here, not in a feature.
 */
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

export const ChatIcon = strokeIcon('ChatIcon', <path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z" />);

export const HeadphonesIcon = strokeIcon(
  'HeadphonesIcon',
  <path d="M3 14h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a9 9 0 0 1 18 0v7a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3" />,
);

export const WindIcon = strokeIcon(
  'WindIcon',
  <>
    <path d="M12.8 19.6A2 2 0 1 0 14 16H2" />
    <path d="M17.5 8a2.5 2.5 0 1 1 2 4H2" />
    <path d="M9.8 4.4A2 2 0 1 1 11 8H2" />
  </>,
);

export const DumbbellIcon = strokeIcon(
  'DumbbellIcon',
  <>
    <path d="m6.5 6.5 11 11" />
    <path d="m21 21-1-1" />
    <path d="m3 3 1 1" />
    <path d="m18 22 4-4" />
    <path d="m2 6 4-4" />
    <path d="m3 10 7-7" />
    <path d="m14 21 7-7" />
  </>,
);

export const BookIcon = strokeIcon(
  'BookIcon',
  <>
    <path d="M2 3h6a4 4 0 0 1 4 4v14a3 3 0 0 0-3-3H2z" />
    <path d="M22 3h-6a4 4 0 0 0-4 4v14a3 3 0 0 1 3-3h7z" />
  </>,
);

export const TimerIcon = strokeIcon(
  'TimerIcon',
  <>
    <path d="M10 2h4" />
    <path d="m12 14 3-3" />
    <circle cx="12" cy="14" r="8" />
  </>,
);

export const CalendarCheckIcon = strokeIcon(
  'CalendarCheckIcon',
  <>
    <rect width="18" height="18" x="3" y="4" rx="2" />
    <path d="M16 2v4" />
    <path d="M8 2v4" />
    <path d="M3 10h18" />
    <path d="m9 16 2 2 4-4" />
  </>,
);

export const FootprintsIcon = strokeIcon(
  'FootprintsIcon',
  <>
    <path d="M4 16v-2.38C4 11.5 2.97 10.5 3 8c.03-2.72 1.49-6 4.5-6C9.37 2 10 3.8 10 5.5c0 3.11-2 5.66-2 8.68V16a2 2 0 1 1-4 0Z" />
    <path d="M20 20v-2.38c0-2.12 1.03-3.12 1-5.62-.03-2.72-1.49-6-4.5-6C14.63 6 14 7.8 14 9.5c0 3.11 2 5.66 2 8.68V20a2 2 0 1 0 4 0Z" />
    <path d="M16 17h4" />
    <path d="M4 13h4" />
  </>,
);

export const CheckIcon = strokeIcon('CheckIcon', <path d="M20 6 9 17l-5-5" />);

export const CircleCheckIcon = strokeIcon(
  'CircleCheckIcon',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m9 12 2 2 4-4" />
  </>,
);

export const EyeIcon = strokeIcon(
  'EyeIcon',
  <>
    <path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0" />
    <circle cx="12" cy="12" r="3" />
  </>,
);

export const EyeOffIcon = strokeIcon(
  'EyeOffIcon',
  <>
    <path d="M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49" />
    <path d="M14.084 14.158a3 3 0 0 1-4.242-4.242" />
    <path d="M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143" />
    <path d="m2 2 20 20" />
  </>,
);

export const ArrowRightIcon = strokeIcon(
  'ArrowRightIcon',
  <>
    <path d="M5 12h14" />
    <path d="m12 5 7 7-7 7" />
  </>,
);

export const LogOutIcon = strokeIcon(
  'LogOutIcon',
  <>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="m16 17 5-5-5-5" />
    <path d="M21 12H9" />
  </>,
);

export const SparklesIcon = strokeIcon(
  'SparklesIcon',
  <path d="M9.937 15.5A2 2 0 0 0 8.5 14.063l-6.135-1.582a.5.5 0 0 1 0-.962L8.5 9.936A2 2 0 0 0 9.937 8.5l1.582-6.135a.5.5 0 0 1 .963 0L14.063 8.5A2 2 0 0 0 15.5 9.937l6.135 1.581a.5.5 0 0 1 0 .964L15.5 14.063a2 2 0 0 0-1.437 1.437l-1.582 6.135a.5.5 0 0 1-.963 0z" />,
);

export const ClipboardIcon = strokeIcon(
  'ClipboardIcon',
  <>
    <rect width="8" height="4" x="8" y="2" rx="1" />
    <path d="M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2" />
    <path d="M12 11h4" />
    <path d="M12 16h4" />
    <path d="M8 11h.01" />
    <path d="M8 16h.01" />
  </>,
);

export const TargetIcon = strokeIcon(
  'TargetIcon',
  <>
    <circle cx="12" cy="12" r="10" />
    <circle cx="12" cy="12" r="6" />
    <circle cx="12" cy="12" r="2" />
  </>,
);

export const TrendingUpIcon = strokeIcon(
  'TrendingUpIcon',
  <>
    <path d="M22 7 13.5 15.5 8.5 10.5 2 17" />
    <path d="M16 7h6v6" />
  </>,
);

export const DevicesIcon = strokeIcon(
  'DevicesIcon',
  <>
    <path d="M18 8V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h8" />
    <path d="M10 19v-4" />
    <path d="M7 19h5" />
    <rect width="6" height="10" x="16" y="12" rx="2" />
  </>,
);

export const ShieldIcon = strokeIcon(
  'ShieldIcon',
  <path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z" />,
);

export const MicIcon = strokeIcon(
  'MicIcon',
  <>
    <path d="M12 2a3 3 0 0 0-3 3v7a3 3 0 0 0 6 0V5a3 3 0 0 0-3-3Z" />
    <path d="M19 10v2a7 7 0 0 1-14 0v-2" />
    <path d="M12 19v3" />
  </>,
);

export const XIcon = strokeIcon(
  'XIcon',
  <>
    <path d="M18 6 6 18" />
    <path d="m6 6 12 12" />
  </>,
);

export const CompassIcon = strokeIcon(
  'CompassIcon',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m16.24 7.76-2.12 6.36-6.36 2.12 2.12-6.36 6.36-2.12z" />
  </>,
);

/** A person stretching (active breaks). */
export const StretchIcon = strokeIcon(
  'StretchIcon',
  <>
    <circle cx="12" cy="4.5" r="2" />
    <path d="M4 8.5 12 10l8-1.5" />
    <path d="M12 10v5" />
    <path d="m8.5 21 3.5-6 3.5 6" />
  </>,
);

export const InfoIcon = strokeIcon(
  'InfoIcon',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 16v-4" />
    <path d="M12 8h.01" />
  </>,
);

// Navigation and actions.

export const ArrowLeftIcon = strokeIcon(
  'ArrowLeftIcon',
  <>
    <path d="m12 19-7-7 7-7" />
    <path d="M19 12H5" />
  </>,
);

export const PlusIcon = strokeIcon(
  'PlusIcon',
  <>
    <path d="M5 12h14" />
    <path d="M12 5v14" />
  </>,
);

export const SendIcon = strokeIcon(
  'SendIcon',
  <>
    <path d="M14.54 21.69a.5.5 0 0 0 .94-.03l6.5-19a.5.5 0 0 0-.64-.64l-19 6.5a.5.5 0 0 0-.03.94l7.93 3.18a2 2 0 0 1 1.11 1.11z" />
    <path d="m21.85 2.15-10.94 10.93" />
  </>,
);

export const StopIcon = strokeIcon('StopIcon', <rect width="12" height="12" x="6" y="6" rx="2" />);

export const RefreshIcon = strokeIcon(
  'RefreshIcon',
  <>
    <path d="M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8" />
    <path d="M21 3v5h-5" />
    <path d="M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16" />
    <path d="M8 16H3v5" />
  </>,
);

export const ListChecksIcon = strokeIcon(
  'ListChecksIcon',
  <>
    <path d="m3 17 2 2 4-4" />
    <path d="m3 7 2 2 4-4" />
    <path d="M13 6h8" />
    <path d="M13 12h8" />
    <path d="M13 18h8" />
  </>,
);

export const SearchIcon = strokeIcon(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
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

export const BellIcon = strokeIcon(
  'BellIcon',
  <>
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    <path d="M3.26 15.33A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.67C19.41 13.96 18 12.5 18 8A6 6 0 0 0 6 8c0 4.5-1.41 5.96-2.74 7.33" />
  </>,
);

export const ClockIcon = strokeIcon(
  'ClockIcon',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </>,
);

// Media players (guided audio, breathing, classes).

export const PlayIcon = strokeIcon(
  'PlayIcon',
  <path d="M7 4.5v15a1 1 0 0 0 1.5.86l12.5-7.5a1 1 0 0 0 0-1.72L8.5 3.64A1 1 0 0 0 7 4.5Z" fill="currentColor" />,
);

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

export const LeafIcon = strokeIcon(
  'LeafIcon',
  <>
    <path d="M11 20A7 7 0 0 1 9.8 6.1C15.5 5 17 4.48 19 2c1 2 2 4.18 2 8 0 5.5-4.78 10-10 10Z" />
    <path d="M2 21c0-3 1.85-5.36 5.08-6C9.5 14.52 12 13 13 12" />
  </>,
);

export const PauseCircleIcon = strokeIcon(
  'PauseCircleIcon',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M10 15V9" />
    <path d="M14 15V9" />
  </>,
);

// Coach safety.

export const PhoneIcon = strokeIcon(
  'PhoneIcon',
  <path d="M22 16.92v3a2 2 0 0 1-2.18 2 19.79 19.79 0 0 1-8.63-3.07 19.5 19.5 0 0 1-6-6 19.79 19.79 0 0 1-3.07-8.67A2 2 0 0 1 4.11 2h3a2 2 0 0 1 2 1.72 12.84 12.84 0 0 0 .7 2.81 2 2 0 0 1-.45 2.11L8.09 9.91a16 16 0 0 0 6 6l1.27-1.27a2 2 0 0 1 2.11-.45 12.84 12.84 0 0 0 2.81.7A2 2 0 0 1 22 16.92z" />,
);

export const HeartHandIcon = strokeIcon(
  'HeartHandIcon',
  <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />,
);

// Body areas (active breaks).

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
