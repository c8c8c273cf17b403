import { company } from '@/config/company';

/** The ClaimBridge mark: a suspension bridge spanning a claim's path to payment. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg
      className="logo__mark"
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="#0E7C7B" />
      <path d="M6 21Q16 3 26 21" fill="none" stroke="#F2A541" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M11 21v-6.2M16 21v-8.6M21 21v-6.2" stroke="#FFFFFF" strokeWidth="1.75" strokeLinecap="round" />
      <path d="M4.5 21h23" stroke="#FFFFFF" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** Mark plus the configured company name as text (so a rebrand needs no artwork change). */
export function Logo() {
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo__name">{company.name}</span>
    </span>
  );
}
