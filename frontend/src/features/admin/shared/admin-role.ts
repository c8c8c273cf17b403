/**
 * The admin's role model. A staff account carries its role in the access token's top-level
 * `staff_role` claim (owner, editor or author; set by the auth server's access token hook); the
 * admin passcode counts as an owner (the break-glass sign-in). Row-level security on the server
 * is the real guard: this only decides what the screens offer, so nobody is shown a control the
 * server would refuse.
 */
export const STAFF_ROLES = ['owner', 'editor', 'author'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** How each role is named on screen, and what it may do (one line, for the invite dialog). */
export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  owner: 'Owner',
  editor: 'Editor',
  author: 'Author',
};
export const ROLE_DESCRIPTIONS: Readonly<Record<StaffRole, string>> = {
  owner: 'Everything, including staff accounts, the lead pipeline and lead exports.',
  editor: 'Publishes posts and edits pages, SEO, whitepapers and media; reads leads and analytics.',
  author: 'Writes draft blog posts and uploads images; an editor publishes them.',
};

/** What the screens may offer. */
export type Capability =
  /** Publish, schedule and unpublish posts. */
  | 'publishPosts'
  /** Edit and delete any post (an author: only their own drafts). */
  | 'editAnyPost'
  /** Webpage Edit and Page SEO. */
  | 'editPages'
  /** Redirects, the 404 log, and the SEO of category, tag and author archives (an author reads them). */
  | 'editSeo'
  | 'editWhitepapers'
  /** Change or delete any image (an author: only the ones they uploaded). */
  | 'manageAnyMedia'
  | 'readLeads'
  /** Change a lead's status, note, assignee or spam flag; retry a webhook delivery. */
  | 'workLeads'
  | 'exportLeads'
  | 'readAnalytics'
  /** The activity screen (an editor sees their own entries). */
  | 'readActivity'
  /** Every person's activity. */
  | 'readAllActivity'
  | 'manageStaff';

const EDITOR: readonly Capability[] = [
  'publishPosts',
  'editAnyPost',
  'editPages',
  'editSeo',
  'editWhitepapers',
  'manageAnyMedia',
  'readLeads',
  'readAnalytics',
  'readActivity',
];
const CAPABILITIES: Readonly<Record<StaffRole, ReadonlySet<Capability>>> = {
  owner: new Set<Capability>([...EDITOR, 'workLeads', 'exportLeads', 'readAllActivity', 'manageStaff']),
  editor: new Set(EDITOR),
  author: new Set(),
};

export function can(role: StaffRole, capability: Capability): boolean {
  return CAPABILITIES[role].has(capability);
}

/** The jobs the admin navigation groups its screens by, in order. */
export const SECTION_GROUPS = ['Content', 'Audience', 'Team', 'You'] as const;
export type SectionGroup = (typeof SECTION_GROUPS)[number];

/**
 * An admin screen: its navigation label, its path under /admin, the job it belongs to, and what
 * it needs (null: everyone).
 */
export interface AdminSection {
  label: string;
  path: string;
  group: SectionGroup;
  needs: Capability | null;
}

/** The admin navigation, in order. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { label: 'Blog Posts', path: 'blog', group: 'Content', needs: null },
  { label: 'Pages', path: 'site-pages', group: 'Content', needs: null },
  { label: 'Categories & tags', path: 'taxonomies', group: 'Content', needs: null },
  { label: 'Webpage Edit', path: 'content', group: 'Content', needs: 'editPages' },
  { label: 'Page SEO', path: 'pages', group: 'Content', needs: 'editPages' },
  { label: 'Redirects', path: 'redirects', group: 'Content', needs: null },
  { label: 'Whitepapers', path: 'whitepapers', group: 'Content', needs: 'editWhitepapers' },
  { label: 'Media', path: 'media', group: 'Content', needs: null },
  { label: 'Site health', path: 'health', group: 'Content', needs: null },
  { label: 'Leads', path: 'leads', group: 'Audience', needs: 'readLeads' },
  { label: 'Analytics', path: 'analytics', group: 'Audience', needs: 'readAnalytics' },
  { label: 'Activity', path: 'activity', group: 'Team', needs: 'readActivity' },
  { label: 'Staff', path: 'staff', group: 'Team', needs: 'manageStaff' },
  { label: 'Account', path: 'account', group: 'You', needs: null },
];

/** The sections a role sees. */
export function sectionsFor(role: StaffRole): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => section.needs === null || can(role, section.needs));
}

/** The sections a role sees, by job, in order; jobs with nothing for the role left out. */
export function sectionGroupsFor(role: StaffRole): { group: SectionGroup; sections: AdminSection[] }[] {
  const sections = sectionsFor(role);
  return SECTION_GROUPS.map((group) => ({
    group,
    sections: sections.filter((section) => section.group === group),
  })).filter(({ sections: inGroup }) => inGroup.length > 0);
}

/** The section of an /admin/... path (its first segment), if it is one. */
export function sectionOf(pathname: string): AdminSection | undefined {
  const segment = /^\/admin\/([^/]+)/.exec(pathname)?.[1];
  return ADMIN_SECTIONS.find((section) => section.path === segment);
}

/** Whether a role may open an /admin/... path (paths that are no section are the router's business). */
export function mayOpen(role: StaffRole, pathname: string): boolean {
  const section = sectionOf(pathname);
  return !section || section.needs === null || can(role, section.needs);
}
