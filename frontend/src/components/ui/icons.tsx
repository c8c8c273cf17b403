import type { ReactNode, SVGProps } from 'react';

/**
 * One outline icon set (24px grid, 2px strokes, round caps) used across the site.
 * Icons are decorative by default; give the surrounding control an accessible name.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

export function Icon({ size = 20, children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/**
 * An icon component that draws `shape` (its paths, circles, rects) inside Icon; `defaults`
 * are props every use gets unless it passes its own.
 */
export function defineIcon(shape: ReactNode, defaults?: IconProps) {
  return function DefinedIcon(props: IconProps) {
    return (
      <Icon {...defaults} {...props}>
        {shape}
      </Icon>
    );
  };
}

export const MenuIcon = defineIcon(<path d="M4 6h16M4 12h16M4 18h16" />);

export const CloseIcon = defineIcon(<path d="M6 6l12 12M18 6L6 18" />);

export const CheckCircleIcon = defineIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 12.5l2.75 2.75L16 10" />
  </>,
);

export const ArrowRightIcon = defineIcon(<path d="M5 12h14M13 6l6 6-6 6" />);

export const MailIcon = defineIcon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </>,
);

export const PhoneIcon = defineIcon(
  <path d="M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a2 2 0 01-2 2A16 16 0 013 6a2 2 0 012-2z" />,
);

export const MapPinIcon = defineIcon(
  <>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0114 0C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </>,
);

export const ClockIcon = defineIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);

export const ExternalLinkIcon = defineIcon(
  <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 01-1 1H5a1 1 0 01-1-1V7a1 1 0 011-1h5" />,
);

export const LinkedInIcon = defineIcon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="3" />
    <path d="M8 10.5V17M8 7.5v.01M12 17v-6.5M12 13.5a2.5 2.5 0 015 0V17" />
  </>,
);

export const XIcon = defineIcon(<path d="M4 4h4.5L20 20h-4.5L4 4zM4 20l6.5-6.5M13.5 10.5L20 4" />);

export const FacebookIcon = defineIcon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="3" />
    <path d="M15.5 8H14a2 2 0 00-2 2v11M9.5 13H15" />
  </>,
);

export const YouTubeIcon = defineIcon(
  <>
    <rect x="2.5" y="5" width="19" height="14" rx="4" />
    <path d="M10 9.25v5.5L14.75 12 10 9.25z" />
  </>,
);
