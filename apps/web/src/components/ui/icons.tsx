import { createIcon } from '@chakra-ui/react';

/**
 * The app's one icon set: line icons (24×24, 1.8 stroke) drawn inline, no icon font, no network.
 *
 * Every icon takes Chakra's `IconProps`: `size` ('xs' … '2xl', default 'inherit') or `boxSize`,
 * `color`, spacing. Icons are decorative by default (`aria-hidden`); the control or text next to
 * them carries the accessible name. One icon per concept: add new glyphs here, not in a feature.
 *
 * A glyph is written as its shapes separated by `|`: SVG path data (`M…`), `circle cx cy r` or
 * `rect x y width height rx`; a leading `*` fills the shape with the current colour.
 */
function shape(spec: string, key: number) {
  const filled = spec.startsWith('*');
  const body = filled ? spec.slice(1) : spec;
  const fill = filled ? 'currentColor' : undefined;
  const [kind, ...n] = body.split(' ');
  if (kind === 'circle') return <circle key={key} cx={n[0]} cy={n[1]} r={n[2]} fill={fill} />;
  if (kind === 'rect') return <rect key={key} x={n[0]} y={n[1]} width={n[2]} height={n[3]} rx={n[4]} fill={fill} />;
  return <path key={key} d={body} fill={fill} />;
}

function strokeIcon(displayName: keyof typeof GLYPHS) {
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
    path: GLYPHS[displayName].split('|').map(shape),
  });
}

const GLYPHS = {
  ChatIcon: 'M7.9 20A9 9 0 1 0 4 16.1L2 22Z',
  HeadphonesIcon: 'M3 14h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a9 9 0 0 1 18 0v7a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3',
  WindIcon: 'M12.8 19.6A2 2 0 1 0 14 16H2|M17.5 8a2.5 2.5 0 1 1 2 4H2|M9.8 4.4A2 2 0 1 1 11 8H2',
  DumbbellIcon: 'm6.5 6.5 11 11|m21 21-1-1|m3 3 1 1|m18 22 4-4|m2 6 4-4|m3 10 7-7|m14 21 7-7',
  BookIcon: 'M2 3h6a4 4 0 0 1 4 4v14a3 3 0 0 0-3-3H2z|M22 3h-6a4 4 0 0 0-4 4v14a3 3 0 0 1 3-3h7z',
  TimerIcon: 'M10 2h4|m12 14 3-3|circle 12 14 8',
  CalendarCheckIcon: 'rect 3 4 18 18 2|M16 2v4|M8 2v4|M3 10h18|m9 16 2 2 4-4',
  FootprintsIcon:
    'M4 16v-2.38C4 11.5 2.97 10.5 3 8c.03-2.72 1.49-6 4.5-6C9.37 2 10 3.8 10 5.5c0 3.11-2 5.66-2 8.68V16a2 2 0 1 1-4 0Z|M20 20v-2.38c0-2.12 1.03-3.12 1-5.62-.03-2.72-1.49-6-4.5-6C14.63 6 14 7.8 14 9.5c0 3.11 2 5.66 2 8.68V20a2 2 0 1 0 4 0Z|M16 17h4|M4 13h4',
  CheckIcon: 'M20 6 9 17l-5-5',
  CircleCheckIcon: 'circle 12 12 10|m9 12 2 2 4-4',
  EyeIcon: 'M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0|circle 12 12 3',
  EyeOffIcon:
    'M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49|M14.084 14.158a3 3 0 0 1-4.242-4.242|M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143|m2 2 20 20',
  ArrowRightIcon: 'M5 12h14|m12 5 7 7-7 7',
  ChevronDownIcon: 'm6 9 6 6 6-6',
  LogOutIcon: 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4|m16 17 5-5-5-5|M21 12H9',
  SparklesIcon:
    'M9.937 15.5A2 2 0 0 0 8.5 14.063l-6.135-1.582a.5.5 0 0 1 0-.962L8.5 9.936A2 2 0 0 0 9.937 8.5l1.582-6.135a.5.5 0 0 1 .963 0L14.063 8.5A2 2 0 0 0 15.5 9.937l6.135 1.581a.5.5 0 0 1 0 .964L15.5 14.063a2 2 0 0 0-1.437 1.437l-1.582 6.135a.5.5 0 0 1-.963 0z',
  ClipboardIcon: 'rect 8 2 8 4 1|M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2|M12 11h4|M12 16h4|M8 11h.01|M8 16h.01',
  TargetIcon: 'circle 12 12 10|circle 12 12 6|circle 12 12 2',
  TrendingUpIcon: 'M22 7 13.5 15.5 8.5 10.5 2 17|M16 7h6v6',
  DevicesIcon: 'M18 8V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h8|M10 19v-4|M7 19h5|rect 16 12 6 10 2',
  ShieldIcon:
    'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z',
  MicIcon: 'M12 2a3 3 0 0 0-3 3v7a3 3 0 0 0 6 0V5a3 3 0 0 0-3-3Z|M19 10v2a7 7 0 0 1-14 0v-2|M12 19v3',
  XIcon: 'M18 6 6 18|m6 6 12 12',
  CompassIcon: 'circle 12 12 10|m16.24 7.76-2.12 6.36-6.36 2.12 2.12-6.36 6.36-2.12z',
  /** A person stretching (active breaks). */
  StretchIcon: 'circle 12 4.5 2|M4 8.5 12 10l8-1.5|M12 10v5|m8.5 21 3.5-6 3.5 6',
  InfoIcon: 'circle 12 12 10|M12 16v-4|M12 8h.01',
  // Navigation and actions.
  ArrowLeftIcon: 'm12 19-7-7 7-7|M19 12H5',
  PlusIcon: 'M5 12h14|M12 5v14',
  SendIcon: 'M14.54 21.69a.5.5 0 0 0 .94-.03l6.5-19a.5.5 0 0 0-.64-.64l-19 6.5a.5.5 0 0 0-.03.94l7.93 3.18a2 2 0 0 1 1.11 1.11z|m21.85 2.15-10.94 10.93',
  StopIcon: 'rect 6 6 12 12 2',
  RefreshIcon: 'M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8|M21 3v5h-5|M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16|M8 16H3v5',
  ListChecksIcon: 'm3 17 2 2 4-4|m3 7 2 2 4-4|M13 6h8|M13 12h8|M13 18h8',
  SearchIcon: 'circle 11 11 8|m21 21-4.3-4.3',
  TrashIcon: 'M3 6h18|M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6|M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2',
  BellIcon: 'M10.3 21a1.94 1.94 0 0 0 3.4 0|M3.26 15.33A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.67C19.41 13.96 18 12.5 18 8A6 6 0 0 0 6 8c0 4.5-1.41 5.96-2.74 7.33',
  ClockIcon: 'circle 12 12 10|M12 6v6l4 2',
  // Media players (guided audio, breathing, classes).
  PlayIcon: '*M7 4.5v15a1 1 0 0 0 1.5.86l12.5-7.5a1 1 0 0 0 0-1.72L8.5 3.64A1 1 0 0 0 7 4.5Z',
  PauseIcon: '*rect 6 4 4 16 1|*rect 14 4 4 16 1',
  SkipForwardIcon: 'm5 4 10 8-10 8V4Z|M19 5v14',
  RewindIcon: 'M3 12a9 9 0 1 0 3-6.7L3 8|M3 3v5h5',
  ForwardIcon: 'M21 12a9 9 0 1 1-3-6.7L21 8|M21 3v5h-5',
  VolumeIcon:
    'M11 4.7a.7.7 0 0 0-1.2-.5L6.4 7.6A1.4 1.4 0 0 1 5.4 8H3a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2.4a1.4 1.4 0 0 1 1 .4l3.4 3.4a.7.7 0 0 0 1.2-.5Z|M16 9a5 5 0 0 1 0 6|M19.4 18.4a9 9 0 0 0 0-12.8',
  VibrateIcon: 'm2 8 2 2-2 2 2 2-2 2|m22 8-2 2 2 2-2 2 2 2|rect 8 5 8 14 1',
  LeafIcon: 'M11 20A7 7 0 0 1 9.8 6.1C15.5 5 17 4.48 19 2c1 2 2 4.18 2 8 0 5.5-4.78 10-10 10Z|M2 21c0-3 1.85-5.36 5.08-6C9.5 14.52 12 13 13 12',
  PauseCircleIcon: 'circle 12 12 10|M10 15V9|M14 15V9',
  // Coach safety.
  PhoneIcon:
    'M22 16.92v3a2 2 0 0 1-2.18 2 19.79 19.79 0 0 1-8.63-3.07 19.5 19.5 0 0 1-6-6 19.79 19.79 0 0 1-3.07-8.67A2 2 0 0 1 4.11 2h3a2 2 0 0 1 2 1.72 12.84 12.84 0 0 0 .7 2.81 2 2 0 0 1-.45 2.11L8.09 9.91a16 16 0 0 0 6 6l1.27-1.27a2 2 0 0 1 2.11-.45 12.84 12.84 0 0 0 2.81.7A2 2 0 0 1 22 16.92z',
  HeartHandIcon: 'M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z',
  // Body areas (active breaks).
  NeckIcon: 'circle 12 6 3.5|M10 9.5V13l-5 2.5V21|M14 9.5V13l5 2.5V21',
  SpineIcon: 'M12 2c-1.5 2-1.5 4 0 6s1.5 4 0 6-1.5 4 0 6|M9 5h6|M9 11h6|M9 17h6',
  HandIcon:
    'M18 11V6a2 2 0 0 0-4 0v5|M14 10V4a2 2 0 0 0-4 0v6|M10 10.5V6a2 2 0 0 0-4 0v8|M18 8a2 2 0 1 1 4 0v6a8 8 0 0 1-8 8h-2c-2.8 0-4.5-.86-5.99-2.34l-3.6-3.6a2 2 0 0 1 2.83-2.82L7 15',
  LegsIcon: 'circle 12 4 2|M12 6v6|m12 12-3 4 1 6|m12 12 3 4-1 6|M8 9h8',
  ShouldersIcon: 'circle 12 5 3|M3 20v-4a5 5 0 0 1 5-5h8a5 5 0 0 1 5 5v4|M8 11v9|M16 11v9',
} as const;

export const ChatIcon = strokeIcon('ChatIcon');
export const HeadphonesIcon = strokeIcon('HeadphonesIcon');
export const WindIcon = strokeIcon('WindIcon');
export const DumbbellIcon = strokeIcon('DumbbellIcon');
export const BookIcon = strokeIcon('BookIcon');
export const TimerIcon = strokeIcon('TimerIcon');
export const CalendarCheckIcon = strokeIcon('CalendarCheckIcon');
export const FootprintsIcon = strokeIcon('FootprintsIcon');
export const CheckIcon = strokeIcon('CheckIcon');
export const CircleCheckIcon = strokeIcon('CircleCheckIcon');
export const EyeIcon = strokeIcon('EyeIcon');
export const EyeOffIcon = strokeIcon('EyeOffIcon');
export const ArrowRightIcon = strokeIcon('ArrowRightIcon');
export const ChevronDownIcon = strokeIcon('ChevronDownIcon');
export const LogOutIcon = strokeIcon('LogOutIcon');
export const SparklesIcon = strokeIcon('SparklesIcon');
export const ClipboardIcon = strokeIcon('ClipboardIcon');
export const TargetIcon = strokeIcon('TargetIcon');
export const TrendingUpIcon = strokeIcon('TrendingUpIcon');
export const DevicesIcon = strokeIcon('DevicesIcon');
export const ShieldIcon = strokeIcon('ShieldIcon');
export const MicIcon = strokeIcon('MicIcon');
export const XIcon = strokeIcon('XIcon');
export const CompassIcon = strokeIcon('CompassIcon');
export const StretchIcon = strokeIcon('StretchIcon');
export const InfoIcon = strokeIcon('InfoIcon');
export const ArrowLeftIcon = strokeIcon('ArrowLeftIcon');
export const PlusIcon = strokeIcon('PlusIcon');
export const SendIcon = strokeIcon('SendIcon');
export const StopIcon = strokeIcon('StopIcon');
export const RefreshIcon = strokeIcon('RefreshIcon');
export const ListChecksIcon = strokeIcon('ListChecksIcon');
export const SearchIcon = strokeIcon('SearchIcon');
export const TrashIcon = strokeIcon('TrashIcon');
export const BellIcon = strokeIcon('BellIcon');
export const ClockIcon = strokeIcon('ClockIcon');
export const PlayIcon = strokeIcon('PlayIcon');
export const PauseIcon = strokeIcon('PauseIcon');
export const SkipForwardIcon = strokeIcon('SkipForwardIcon');
export const RewindIcon = strokeIcon('RewindIcon');
export const ForwardIcon = strokeIcon('ForwardIcon');
export const VolumeIcon = strokeIcon('VolumeIcon');
export const VibrateIcon = strokeIcon('VibrateIcon');
export const LeafIcon = strokeIcon('LeafIcon');
export const PauseCircleIcon = strokeIcon('PauseCircleIcon');
export const PhoneIcon = strokeIcon('PhoneIcon');
export const HeartHandIcon = strokeIcon('HeartHandIcon');
export const NeckIcon = strokeIcon('NeckIcon');
export const SpineIcon = strokeIcon('SpineIcon');
export const HandIcon = strokeIcon('HandIcon');
export const LegsIcon = strokeIcon('LegsIcon');
export const ShouldersIcon = strokeIcon('ShouldersIcon');
