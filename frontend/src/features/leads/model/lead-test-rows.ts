import type { RelayedLead, WhitepaperSubmission } from './lead-types';

/** A whitepaper submission as the database sends it, for tests; `changes` set what a test is about. */
export function whitepaperRow(changes: Partial<WhitepaperSubmission> = {}): WhitepaperSubmission {
  return {
    id: 's1',
    company_name: 'Acme DME',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@acme.test',
    phone: '555',
    job_title: '',
    company_size: '10-50',
    revenue: '5',
    current_challenges: 'Denials',
    created_at: '2026-01-02T00:00:00Z',
    status: 'qualified',
    assignee: 'Sam Rivera',
    spam_reason: null,
    spam_flagged_at: null,
    updated_at: '2026-01-05T09:30:00Z',
    ...changes,
  };
}

/** A contact lead stored by the lead relay, for tests. */
export function relayedRow(changes: Partial<RelayedLead> = {}): RelayedLead {
  return {
    id: 'l1',
    source: 'contact',
    email: 'bob@beta.test',
    company_name: 'Beta Medical',
    full_name: 'Bob Smith',
    payload: {},
    received_at: '2026-01-03T00:00:00Z',
    lead_deliveries: null,
    status: 'new',
    assignee: '',
    spam_reason: null,
    spam_flagged_at: null,
    updated_at: '2026-01-03T00:00:00Z',
    ...changes,
  };
}
