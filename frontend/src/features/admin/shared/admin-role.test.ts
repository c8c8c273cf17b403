import { describe, expect, it } from 'vitest';
import adminSections from '@/testing/admin-sections.json';
import { can, isStaffRole, mayOpen, sectionOf, sectionsFor, STAFF_ROLES } from './admin-role';

const labels = (role: (typeof STAFF_ROLES)[number]) => sectionsFor(role).map((section) => section.label);

describe('the admin role model', () => {
  it('knows the three roles and nothing else', () => {
    expect(STAFF_ROLES).toEqual(['owner', 'editor', 'author']);
    for (const role of ['owner', 'editor', 'author']) expect(isStaffRole(role)).toBe(true);
    for (const other of ['admin', 'Owner', '', 'service_role', null, undefined, 1]) {
      expect(isStaffRole(other)).toBe(false);
    }
  });

  it('an author sees Blog Posts, Pages, Media, the SEO screens they read, and their account', () => {
    expect(labels('author')).toEqual(adminSections.author);
    expect(can('author', 'editSeo')).toBe(false);
    expect(can('author', 'publishPosts')).toBe(false);
    expect(can('author', 'editAnyPost')).toBe(false);
    expect(can('author', 'manageAnyMedia')).toBe(false);
  });

  it('an editor sees everything but Staff, and reads leads without working or exporting them', () => {
    expect(labels('editor')).toEqual(adminSections.editor);
    expect(can('editor', 'publishPosts')).toBe(true);
    expect(can('editor', 'editSeo')).toBe(true);
    expect(can('editor', 'readLeads')).toBe(true);
    expect(can('editor', 'workLeads')).toBe(false);
    expect(can('editor', 'exportLeads')).toBe(false);
    expect(can('editor', 'readAllActivity')).toBe(false);
    expect(can('editor', 'manageStaff')).toBe(false);
  });

  it('an owner (the passcode among them) sees everything, Staff included', () => {
    expect(labels('owner')).toContain('Staff');
    expect(labels('owner')).toHaveLength(14);
    expect(['exportLeads', 'workLeads', 'readAllActivity', 'manageStaff'].every((c) => can('owner', c as never))).toBe(
      true,
    );
  });

  it('opens only the sections of the role; unknown admin paths are left to the router', () => {
    expect(sectionOf('/admin/leads/123')?.label).toBe('Leads');
    expect(sectionOf('/auth')).toBeUndefined();
    expect(mayOpen('author', '/admin/blog')).toBe(true);
    expect(mayOpen('author', '/admin/media')).toBe(true);
    expect(mayOpen('author', '/admin/account')).toBe(true);
    expect(mayOpen('author', '/admin/redirects')).toBe(true);
    expect(mayOpen('author', '/admin/health')).toBe(true);
    expect(mayOpen('author', '/admin/taxonomies')).toBe(true);
    expect(mayOpen('author', '/admin/leads')).toBe(false);
    expect(mayOpen('author', '/admin/pages')).toBe(false);
    expect(mayOpen('editor', '/admin/staff')).toBe(false);
    expect(mayOpen('editor', '/admin/activity')).toBe(true);
    expect(mayOpen('owner', '/admin/staff')).toBe(true);
    expect(mayOpen('author', '/admin/no-such-page')).toBe(true);
  });
});
