import type { ArticleMeta } from '@/components/article/article-meta';
import { ARTICLE_SLUGS } from '@/config/article-slugs';

/** Where an article's closing call to action sends the reader. */
export interface ArticleCtaAction {
  opens: 'contact-dialog' | 'contact-page';
  label: string;
}

/** A static article: what its page shows above the body, and its closing call to action. */
export interface StaticArticle extends ArticleMeta {
  cta: {
    title: string;
    /** The paragraph under the title; given the company's name at render time. */
    text: (companyName: string) => string;
    action: ArticleCtaAction;
  };
}

const hero = (slug: string, alt: string) => ({
  src: `/blog-images/${slug}.svg`,
  alt,
  width: 1200,
  height: 630,
});

export const ARTICLES = {
  streamlining: {
    slug: ARTICLE_SLUGS.streamlining,
    title: 'Streamlining DME Claims Processing',
    description:
      'A CPAP claim can take 31 days from order to payment when only two of them are billing work. These are the four claim steps worth automating first, and how to measure the result.',
    category: 'Claims Processing',
    readTime: 5,
    publishedOn: '2023-12-14',
    author: 'Maria Delgado, Director of Revenue Cycle Operations',
    hero: hero(
      ARTICLE_SLUGS.streamlining,
      'Claim pipeline with four completed stages and one pending, above a list of claim rows',
    ),
    cta: {
      title: 'See where your claims wait',
      text: () =>
        'Our team maps a sample of 50 of your recent claims from order to payment and shows which steps to automate first.',
      action: { opens: 'contact-dialog', label: 'Get Started' },
    },
  },
  compliance: {
    slug: ARTICLE_SLUGS.compliance,
    title: 'Compliance Best Practices for DME Providers',
    description:
      "Build a DME compliance program that works day to day: OIG's seven elements, supplier standards, monthly exclusion screening, refill rules and refunds.",
    category: 'Compliance',
    readTime: 7,
    publishedOn: '2024-01-10',
    author: 'James Okafor, Compliance Manager',
    hero: hero(ARTICLE_SLUGS.compliance, 'Compliance checklist with four items checked beside a shield'),
    cta: {
      title: 'Make compliance part of the billing workflow',
      text: (companyName) =>
        `${companyName} builds these checks into billing and runs quarterly documentation audits for managed-service clients.`,
      action: { opens: 'contact-dialog', label: 'Get Started' },
    },
  },
  mobileDelivery: {
    slug: ARTICLE_SLUGS.mobileDelivery,
    title: 'Mobile Delivery Management: A Game Changer',
    description:
      'Paper delivery tickets hold DME claims for days. What proof of delivery must contain, and how a mobile workflow lets suppliers bill on the day of delivery.',
    category: 'Technology',
    readTime: 4,
    publishedOn: '2023-12-28',
    author: 'Priya Raman, Product Manager, Delivery and Logistics',
    hero: hero(
      ARTICLE_SLUGS.mobileDelivery,
      "Delivery route with stops on a map next to a driver's phone showing a signature",
    ),
    cta: {
      title: 'Bill on the day you deliver',
      text: (companyName) =>
        `${companyName}'s delivery app sends signed proof of delivery straight to the claim. See it on a real route.`,
      action: { opens: 'contact-page', label: 'Schedule Demo' },
    },
  },
  realTimeReporting: {
    slug: ARTICLE_SLUGS.realTimeReporting,
    title: 'Maximizing Revenue with Real-Time Reporting',
    description:
      'Track denials by reason code and payer, route follow-up to worklists, find underpayments and unbilled revenue, and measure staff KPIs with live DME data.',
    category: 'Analytics',
    readTime: 6,
    publishedOn: '2024-01-05',
    author: 'Kevin Brandt, Head of Analytics',
    hero: hero(
      ARTICLE_SLUGS.realTimeReporting,
      'Revenue dashboard with four KPI tiles, a rising trend line and a bar chart by payer',
    ),
    cta: {
      title: 'See your denials, leaks and KPIs live',
      text: (companyName) =>
        `${companyName} dashboards update as claims, remittances and deliveries post. We will walk you through them with sample data.`,
      action: { opens: 'contact-page', label: 'Schedule Demo' },
    },
  },
  billingCodingGuide: {
    slug: ARTICLE_SLUGS.billingCodingGuide,
    title: 'DME Billing and Coding Guide: Nine Common Errors and How to Fix Them',
    description:
      'A billing and coding guide for durable and home medical equipment: the nine errors behind most denials, from missing documentation to duplicate claims, each with a workflow fix.',
    category: 'Billing & Coding',
    readTime: 8,
    publishedOn: '2024-01-17',
    author: 'Lauren Mitchell, CPC, Senior Billing and Coding Specialist',
    hero: hero(
      ARTICLE_SLUGS.billingCodingGuide,
      'Claim form with two highlighted code fields under a magnifying glass',
    ),
    cta: {
      title: 'Get a free billing assessment',
      text: () =>
        'Send us a sample of recent denials. A certified coder will show you which of these nine errors cost you the most, and how to fix them upstream.',
      action: { opens: 'contact-page', label: 'Contact Us for an Assessment' },
    },
  },
} as const satisfies Record<string, StaticArticle>;

export type ArticleKey = keyof typeof ARTICLES;
