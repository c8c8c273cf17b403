import { defineIcon, type IconProps } from '@/components/ui/icons';

/**
 * Small stroke icons for admin actions (decorative: buttons carry their own labels): the
 * site's icon drawn at 18px, without the xmlns attribute the admin's icons never carried.
 */
const ADMIN_ICON: IconProps = { size: 18, xmlns: undefined };

export const EditIcon = defineIcon(
  <>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
  </>,
  ADMIN_ICON,
);

export const TrashIcon = defineIcon(
  <>
    <path d="M3 6h18" />
    <path d="M8 6V4h8v2" />
    <path d="M19 6l-1 14H6L5 6" />
  </>,
  ADMIN_ICON,
);
