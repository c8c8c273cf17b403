import type { ComponentType } from 'react';
import { CheckCircleIcon, ClockIcon, MailIcon, MapPinIcon, PhoneIcon, type IconProps } from '@/components/ui/icons';
import {
  AlertIcon,
  AwardIcon,
  BuildingIcon,
  CalendarIcon,
  CodeIcon,
  DashboardIcon,
  DollarIcon,
  FileTextIcon,
  GraduationIcon,
  HeartPulseIcon,
  LaptopIcon,
  LockIcon,
  MessageIcon,
  PackageIcon,
  PlugIcon,
  ProstheticIcon,
  ReceiptIcon,
  RefreshIcon,
  ShieldCheckIcon,
  StethoscopeIcon,
  StoreIcon,
  SunIcon,
  TargetIcon,
  TerminalIcon,
  TrendingUpIcon,
  TruckIcon,
  UsersIcon,
  WebhookIcon,
  WheelchairIcon,
} from '@/components/ui/marketing-icons';
import type { BlockData } from '../block-schema';

/**
 * The icons a card or category may choose (the `icon` choice of block-schemas.json, in its
 * order; block-icons.test.ts keeps the two the same).
 */
export const BLOCK_ICONS = {
  dashboard: DashboardIcon,
  store: StoreIcon,
  truck: TruckIcon,
  plug: PlugIcon,
  wheelchair: WheelchairIcon,
  package: PackageIcon,
  prosthetic: ProstheticIcon,
  'trending-up': TrendingUpIcon,
  'shield-check': ShieldCheckIcon,
  lock: LockIcon,
  code: CodeIcon,
  webhook: WebhookIcon,
  'file-text': FileTextIcon,
  refresh: RefreshIcon,
  users: UsersIcon,
  award: AwardIcon,
  'heart-pulse': HeartPulseIcon,
  graduation: GraduationIcon,
  calendar: CalendarIcon,
  dollar: DollarIcon,
  laptop: LaptopIcon,
  sun: SunIcon,
  message: MessageIcon,
  stethoscope: StethoscopeIcon,
  receipt: ReceiptIcon,
  target: TargetIcon,
  alert: AlertIcon,
  building: BuildingIcon,
  terminal: TerminalIcon,
  'check-circle': CheckCircleIcon,
  mail: MailIcon,
  phone: PhoneIcon,
  'map-pin': MapPinIcon,
  clock: ClockIcon,
} satisfies Record<string, ComponentType<IconProps>>;

export type BlockIconName = keyof typeof BLOCK_ICONS;

/** The icon an item chose; a name this code does not know (a newer block) shows the check mark. */
export function iconOf(data: BlockData, field = 'icon'): ComponentType<IconProps> {
  const name = data[field];
  return typeof name === 'string' && Object.hasOwn(BLOCK_ICONS, name)
    ? BLOCK_ICONS[name as BlockIconName]
    : CheckCircleIcon;
}
