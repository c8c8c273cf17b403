import { adminKeys } from '@/data/admin/keys';

/** Query-key prefixes of the two lead tables the admin's inbox reads. */
export const leadKeys = {
  /** leads: contact inquiries accepted by the relay, with their deliveries. */
  relayed: [...adminKeys.all, 'leads'] as const,
  /** whitepaper_submissions. */
  submissions: [...adminKeys.all, 'whitepaper-submissions'] as const,
};
