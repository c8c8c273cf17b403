import type { BlogListItem } from '@/data/blog/types';

/** Shown when the blog list cannot load (spec §2): the four built-in sample posts. */
export const SAMPLE_POSTS: readonly BlogListItem[] = [
  {
    id: 'sample-streamlining',
    title: 'Streamlining DME Claims Processing',
    slug: 'streamlining-dme-claims-processing',
    description:
      'The four claim steps worth automating first, from eligibility checks to payment posting, and how to measure the result.',
    category: 'Claims Processing',
    read_time: '5',
    created_at: '2023-12-14T14:00:00Z',
  },
  {
    id: 'sample-compliance',
    title: 'Compliance Best Practices for DME Providers',
    slug: 'compliance-best-practices-dme-providers',
    description:
      "Build a DME compliance program that works day to day: OIG's seven elements, supplier standards and exclusion screening.",
    category: 'Compliance',
    read_time: '7',
    created_at: '2024-01-10T14:00:00Z',
  },
  {
    id: 'sample-mobile-delivery',
    title: 'Mobile Delivery Management: A Game Changer',
    slug: 'mobile-delivery-management',
    description:
      'What proof of delivery must contain, and how a mobile workflow lets suppliers bill on the day of delivery.',
    category: 'Technology',
    read_time: '4',
    created_at: '2023-12-28T14:00:00Z',
  },
  {
    id: 'sample-real-time-reporting',
    title: 'Maximizing Revenue with Real-Time Reporting',
    slug: 'maximizing-revenue-real-time-reporting',
    description:
      'Track denials by reason and payer, find revenue leaks and measure staff KPIs with live data instead of month-end reports.',
    category: 'Analytics',
    read_time: '6',
    created_at: '2024-01-05T14:00:00Z',
  },
];
