import { defineIcon } from './icons';

/*
 * Page icons of the marketing site, drawn on the same 24px grid with 2px round strokes
 * as ./icons. Kept apart from the layout icons so page code stays out of the entry chunk.
 */

export const DashboardIcon = defineIcon(
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M3 9h18M9 20V9M13 13h4M13 16h3" />
  </>,
);

export const StoreIcon = defineIcon(
  <>
    <path d="M4 10v10h16V10M3 10l2-6h14l2 6M3 10a3 3 0 006 0 3 3 0 006 0 3 3 0 006 0" />
    <path d="M10 20v-5h4v5" />
  </>,
);

export const TruckIcon = defineIcon(
  <>
    <path d="M2 6h11v10H2zM13 10h4l4 4v2h-8" />
    <circle cx="6.5" cy="17.5" r="2" />
    <circle cx="17" cy="17.5" r="2" />
  </>,
);

export const PlugIcon = defineIcon(<path d="M9 2v5M15 2v5M6 7h12v4a6 6 0 01-12 0zM12 17v5" />);

export const WheelchairIcon = defineIcon(
  <>
    <circle cx="10" cy="4" r="1.5" />
    <path d="M10 7v6h6l2 5h2M10 10h5" />
    <path d="M7.5 10.5A5.5 5.5 0 1014 18.5" />
  </>,
);

export const PackageIcon = defineIcon(
  <>
    <path d="M3 7.5L12 3l9 4.5v9L12 21l-9-4.5z" />
    <path d="M3 7.5l9 4.5 9-4.5M12 12v9M7.5 5.25l9 4.5" />
  </>,
);

export const ProstheticIcon = defineIcon(
  <>
    <path d="M9 2h6v5l-1 2H10L9 7z" />
    <path d="M11 9v9M13 9v9M11 18l-4 2.5V22h11v-1.5L13 18" />
  </>,
);

export const TrendingUpIcon = defineIcon(<path d="M3 17l6-6 4 4 8-8M15 7h6v6" />);

export const ShieldCheckIcon = defineIcon(
  <>
    <path d="M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6z" />
    <path d="M8.5 12l2.5 2.5 4.5-5" />
  </>,
);

export const LockIcon = defineIcon(
  <>
    <rect x="4" y="10" width="16" height="11" rx="2" />
    <path d="M8 10V7a4 4 0 018 0v3M12 14.5v2.5" />
  </>,
);

export const CodeIcon = defineIcon(<path d="M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16" />);

export const WebhookIcon = defineIcon(
  <>
    <circle cx="6" cy="17" r="2.5" />
    <circle cx="18" cy="17" r="2.5" />
    <circle cx="12" cy="6" r="2.5" />
    <path d="M10.8 8.2L7.2 14.8M13.2 8.2l3.6 6.6M8.5 17h7" />
  </>,
);

export const FileTextIcon = defineIcon(
  <>
    <path d="M14 3H6a1 1 0 00-1 1v16a1 1 0 001 1h12a1 1 0 001-1V8z" />
    <path d="M14 3v5h5M9 13h6M9 17h6M9 9h2" />
  </>,
);

export const RefreshIcon = defineIcon(<path d="M20 11a8 8 0 00-14.9-4M4 4v4h4M4 13a8 8 0 0014.9 4M20 20v-4h-4" />);

export const UsersIcon = defineIcon(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0113 0M16 4.6a3.5 3.5 0 010 6.8M18 14.2a6.5 6.5 0 013.5 5.8" />
  </>,
);

export const AwardIcon = defineIcon(
  <>
    <circle cx="12" cy="9" r="6" />
    <path d="M8.5 14l-1.5 8 5-3 5 3-1.5-8M10 9l1.5 1.5L14.5 7.5" />
  </>,
);

export const HeartPulseIcon = defineIcon(
  <>
    <path d="M20.5 12.5L12 21l-8.5-8.5A5 5 0 0112 6a5 5 0 018.5 6.5z" />
    <path d="M3.5 12H8l2-3 3 6 2-3h2.5" />
  </>,
);

export const GraduationIcon = defineIcon(<path d="M2 9l10-5 10 5-10 5zM6 11v5c0 1.5 2.7 3 6 3s6-1.5 6-3v-5M22 9v6" />);

export const CalendarIcon = defineIcon(
  <>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </>,
);

export const DollarIcon = defineIcon(<path d="M12 2v20M17 6H9.5a3.5 3.5 0 000 7h5a3.5 3.5 0 010 7H6" />);

export const LaptopIcon = defineIcon(
  <>
    <rect x="4" y="5" width="16" height="11" rx="1.5" />
    <path d="M2 19h20" />
  </>,
);

export const SunIcon = defineIcon(
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </>,
);

export const MessageIcon = defineIcon(
  <>
    <path d="M4 4h16a1 1 0 011 1v11a1 1 0 01-1 1H9l-5 4V5a1 1 0 011-1z" />
    <path d="M8 9h8M8 12.5h5" />
  </>,
);

export const StethoscopeIcon = defineIcon(
  <>
    <path d="M5 3v6a5 5 0 0010 0V3M5 3h2M13 3h2M10 14v2a5 5 0 0010 0v-2" />
    <circle cx="20" cy="12" r="2" />
  </>,
);

export const ReceiptIcon = defineIcon(
  <>
    <path d="M5 3h14v18l-2.5-1.5L14 21l-2-1.5L10 21l-2.5-1.5L5 21z" />
    <path d="M9 8h6M9 12h6M9 16h3" />
  </>,
);

export const TargetIcon = defineIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1" />
  </>,
);

export const AlertIcon = defineIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5v.01" />
  </>,
);

export const BuildingIcon = defineIcon(
  <>
    <path d="M4 21V4a1 1 0 011-1h9a1 1 0 011 1v17M15 9h4a1 1 0 011 1v11M2 21h20" />
    <path d="M8 7h3M8 11h3M8 15h3" />
  </>,
);

export const TerminalIcon = defineIcon(
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M7 9l3 3-3 3M12.5 15H17" />
  </>,
);

export const ArrowLeftIcon = defineIcon(<path d="M19 12H5M11 18l-6-6 6-6" />);

export const ChevronLeftIcon = defineIcon(<path d="M15 6l-6 6 6 6" />);

export const ChevronRightIcon = defineIcon(<path d="M9 6l6 6-6 6" />);

export const PauseIcon = defineIcon(<path d="M9 5v14M15 5v14" />);

export const PlayIcon = defineIcon(<path d="M7 4.5v15L19 12z" />);

export const QuoteIcon = defineIcon(
  <path d="M4 11h5v7H4zM4 11c0-3.5 1.5-5.5 4.5-6.5M14 11h5v7h-5zM14 11c0-3.5 1.5-5.5 4.5-6.5" />,
);
