import { CloseIcon } from './icons';

interface CloseButtonProps {
  className: string;
  /** The button's accessible name (the icon is decorative). */
  label: string;
  onClick: () => void;
  /** The icon's size in pixels. */
  size?: number;
}

/** An icon-only close (×) button, named for screen readers by a visually hidden label. */
export function CloseButton({ className, label, onClick, size = 18 }: CloseButtonProps) {
  return (
    <button type="button" className={className} onClick={onClick}>
      <CloseIcon size={size} />
      <span className="visually-hidden">{label}</span>
    </button>
  );
}
