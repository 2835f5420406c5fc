import { createIcon } from '@chakra-ui/react';
import type { ReactElement } from 'react';

/** Line icons for the coach screens (24×24, 1.8 stroke, like components/ui/icons). Decorative. */
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
    },
    path: paths,
  });
}

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

export const PlusIcon = strokeIcon(
  'PlusIcon',
  <>
    <path d="M5 12h14" />
    <path d="M12 5v14" />
  </>,
);

export const PhoneIcon = strokeIcon(
  'PhoneIcon',
  <path d="M22 16.92v3a2 2 0 0 1-2.18 2 19.79 19.79 0 0 1-8.63-3.07 19.5 19.5 0 0 1-6-6 19.79 19.79 0 0 1-3.07-8.67A2 2 0 0 1 4.11 2h3a2 2 0 0 1 2 1.72 12.84 12.84 0 0 0 .7 2.81 2 2 0 0 1-.45 2.11L8.09 9.91a16 16 0 0 0 6 6l1.27-1.27a2 2 0 0 1 2.11-.45 12.84 12.84 0 0 0 2.81.7A2 2 0 0 1 22 16.92z" />,
);

export const HeartHandIcon = strokeIcon(
  'HeartHandIcon',
  <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />,
);

export const PauseCircleIcon = strokeIcon(
  'PauseCircleIcon',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M10 15V9" />
    <path d="M14 15V9" />
  </>,
);

export const ArrowLeftIcon = strokeIcon(
  'ArrowLeftIcon',
  <>
    <path d="m12 19-7-7 7-7" />
    <path d="M19 12H5" />
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
