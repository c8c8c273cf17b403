-- ClaimBridge seed data: storage buckets, page SEO records, blog posts and whitepapers.
-- Plain SQL for PostgreSQL 15; runs once on a freshly migrated, empty database (the ClaimBridge server
-- runs it inside one transaction) and on hosted Supabase. Every insert is idempotent: running this file
-- again changes nothing. The files behind blog-images/ and whitepapers/ live in supabase/seed/storage/;
-- see supabase/seed/README.md. Whitepaper page counts match the PDFs written by
-- supabase/seed/generate-whitepapers.py.

-- Storage buckets ---------------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('blog-images', 'blog-images', true, 10485760, array['image/png', 'image/jpeg', 'image/webp', 'image/gif']),
  ('whitepapers', 'whitepapers', true, 52428800, array['application/pdf'])
on conflict do nothing;

-- Page SEO records, one per public route (product-spec §2). Page bodies come from the React pages, so
-- content stays null. /downloads is only reached after the lead form, so it is not indexed.
insert into public.page_seo_settings (page_route, page_name, meta_title, meta_description, keywords,
  canonical_url, featured_image_url, featured_image_alt, og_title, og_description, og_image, og_type,
  twitter_card_type, twitter_title, twitter_description, twitter_image, noindex, nofollow, schema_json,
  content)
values (
  '/', 'Home',
  'HME/DME Billing Services and RCM Software | ClaimBridge',
  'Billing, claims and revenue-cycle services plus cloud software for HME/DME suppliers. Fewer denials, faster prior authorizations, lower days in A/R since 2016.',
  array['DME billing services', 'HME billing software', 'DME revenue cycle management', 'medical equipment claims']::text[],
  'https://www.claimbridge.com/', null, null,
  'HME/DME Billing Services and RCM Software',
  'Billing, claims and revenue-cycle services plus cloud software for HME/DME suppliers. Fewer denials, faster prior authorizations, lower days in A/R since 2016.',
  '/og/default.png', 'website', 'summary_large_image',
  'HME/DME Billing Services and RCM Software',
  'Billing, claims and revenue-cycle services plus cloud software for HME/DME suppliers. Fewer denials, faster prior authorizations, lower days in A/R since 2016.',
  '/og/default.png', false, false,
  '{"@context": "https://schema.org", "@type": "Organization", "name": "ClaimBridge", "url": "https://www.claimbridge.com/", "description": "Revenue-cycle services and cloud software for HME/DME suppliers.", "foundingDate": "2016", "areaServed": "US"}'::jsonb,
  null)
on conflict do nothing;

insert into public.page_seo_settings (page_route, page_name, meta_title, meta_description, keywords,
  canonical_url, featured_image_url, featured_image_alt, og_title, og_description, og_image, og_type,
  twitter_card_type, twitter_title, twitter_description, twitter_image, noindex, nofollow, schema_json,
  content)
values (
  '/services', 'Services',
  'HME/DME Software and Billing Services | ClaimBridge',
  'Software and services for retail DME, delivery, complex rehab, mail order, orthotics and prosthetics, API integrations and cash flow for equipment suppliers.',
  array['HME/DME software', 'DME delivery management', 'complex rehab billing', 'mail order DME', 'O&P billing']::text[],
  'https://www.claimbridge.com/services', null, null,
  'HME/DME Software and Billing Services',
  'Software and services for retail DME, delivery, complex rehab, mail order, orthotics and prosthetics, API integrations and cash flow for equipment suppliers.',
  '/og/default.png', 'website', 'summary_large_image',
  'HME/DME Software and Billing Services',
  'Software and services for retail DME, delivery, complex rehab, mail order, orthotics and prosthetics, API integrations and cash flow for equipment suppliers.',
  '/og/default.png', false, false,
  '{"@context": "https://schema.org", "@type": "WebPage", "name": "HME/DME Software and Billing Services", "url": "https://www.claimbridge.com/services", "description": "Software and services for retail DME, delivery, complex rehab, mail order, orthotics and prosthetics, API integrations and cash flow for equipment suppliers.", "isPartOf": {"@type": "WebSite", "name": "ClaimBridge", "url": "https://www.claimbridge.com/"}}'::jsonb,
  null)
on conflict do nothing;

insert into public.page_seo_settings (page_route, page_name, meta_title, meta_description, keywords,
  canonical_url, featured_image_url, featured_image_alt, og_title, og_description, og_image, og_type,
  twitter_card_type, twitter_title, twitter_description, twitter_image, noindex, nofollow, schema_json,
  content)
values (
  '/rcm-services', 'RCM Services',
  'Outsourced RCM Services for HME/DME Suppliers | ClaimBridge',
  'Outsourced revenue-cycle management for HME/DME startups, growing suppliers, established providers, CPAP and oxygen specialists, and multi-location chains.',
  array['DME RCM services', 'outsourced DME billing', 'HME revenue cycle', 'CPAP billing', 'oxygen billing']::text[],
  'https://www.claimbridge.com/rcm-services', null, null,
  'Outsourced RCM Services for HME/DME Suppliers',
  'Outsourced revenue-cycle management for HME/DME startups, growing suppliers, established providers, CPAP and oxygen specialists, and multi-location chains.',
  '/og/default.png', 'website', 'summary_large_image',
  'Outsourced RCM Services for HME/DME Suppliers',
  'Outsourced revenue-cycle management for HME/DME startups, growing suppliers, established providers, CPAP and oxygen specialists, and multi-location chains.',
  '/og/default.png', false, false,
  '{"@context": "https://schema.org", "@type": "WebPage", "name": "Outsourced RCM Services for HME/DME Suppliers", "url": "https://www.claimbridge.com/rcm-services", "description": "Outsourced revenue-cycle management for HME/DME startups, growing suppliers, established providers, CPAP and oxygen specialists, and multi-location chains.", "isPartOf": {"@type": "WebSite", "name": "ClaimBridge", "url": "https://www.claimbridge.com/"}}'::jsonb,
  null)
on conflict do nothing;

insert into public.page_seo_settings (page_route, page_name, meta_title, meta_description, keywords,
  canonical_url, featured_image_url, featured_image_alt, og_title, og_description, og_image, og_type,
  twitter_card_type, twitter_title, twitter_description, twitter_image, noindex, nofollow, schema_json,
  content)
values (
  '/about', 'About',
  'About Us: DME Revenue-Cycle Specialists | ClaimBridge',
  'Founded in 2016, ClaimBridge works only with HME/DME suppliers: billing and claims services, prior authorization and cloud software, with a team on call 24/7.',
  array['about ClaimBridge', 'DME billing company', 'HME revenue cycle specialists']::text[],
  'https://www.claimbridge.com/about', null, null,
  'About Us: DME Revenue-Cycle Specialists',
  'Founded in 2016, ClaimBridge works only with HME/DME suppliers: billing and claims services, prior authorization and cloud software, with a team on call 24/7.',
  '/og/default.png', 'website', 'summary_large_image',
  'About Us: DME Revenue-Cycle Specialists',
  'Founded in 2016, ClaimBridge works only with HME/DME suppliers: billing and claims services, prior authorization and cloud software, with a team on call 24/7.',
  '/og/default.png', false, false,
  '{"@context": "https://schema.org", "@type": "WebPage", "name": "About Us: DME Revenue-Cycle Specialists", "url": "https://www.claimbridge.com/about", "description": "Founded in 2016, ClaimBridge works only with HME/DME suppliers: billing and claims services, prior authorization and cloud software, with a team on call 24/7.", "isPartOf": {"@type": "WebSite", "name": "ClaimBridge", "url": "https://www.claimbridge.com/"}}'::jsonb,
  null)
on conflict do nothing;

insert into public.page_seo_settings (page_route, page_name, meta_title, meta_description, keywords,
  canonical_url, featured_image_url, featured_image_alt, og_title, og_description, og_image, og_type,
  twitter_card_type, twitter_title, twitter_description, twitter_image, noindex, nofollow, schema_json,
  content)
values (
  '/contact', 'Contact',
  'Contact Us: Talk to a DME Billing Expert | ClaimBridge',
  'Talk to ClaimBridge about DME billing, denials, prior authorization or software. Our hours are Mon-Fri, 8am to 5pm EST. We reply to requests within 24 hours.',
  array['contact ClaimBridge', 'DME billing consultation', 'schedule a demo']::text[],
  'https://www.claimbridge.com/contact', null, null,
  'Contact Us: Talk to a DME Billing Expert',
  'Talk to ClaimBridge about DME billing, denials, prior authorization or software. Our hours are Mon-Fri, 8am to 5pm EST. We reply to requests within 24 hours.',
  '/og/default.png', 'website', 'summary_large_image',
  'Contact Us: Talk to a DME Billing Expert',
  'Talk to ClaimBridge about DME billing, denials, prior authorization or software. Our hours are Mon-Fri, 8am to 5pm EST. We reply to requests within 24 hours.',
  '/og/default.png', false, false,
  '{"@context": "https://schema.org", "@type": "WebPage", "name": "Contact Us: Talk to a DME Billing Expert", "url": "https://www.claimbridge.com/contact", "description": "Talk to ClaimBridge about DME billing, denials, prior authorization or software. Our hours are Mon-Fri, 8am to 5pm EST. We reply to requests within 24 hours.", "isPartOf": {"@type": "WebSite", "name": "ClaimBridge", "url": "https://www.claimbridge.com/"}}'::jsonb,
  null)
on conflict do nothing;

insert into public.page_seo_settings (page_route, page_name, meta_title, meta_description, keywords,
  canonical_url, featured_image_url, featured_image_alt, og_title, og_description, og_image, og_type,
  twitter_card_type, twitter_title, twitter_description, twitter_image, noindex, nofollow, schema_json,
  content)
values (
  '/careers', 'Careers',
  'Careers in DME Billing and Healthcare Tech | ClaimBridge',
  'Join ClaimBridge and help equipment suppliers get paid for the care they deliver. See our benefits and send your resume for billing, compliance or tech roles.',
  array['ClaimBridge careers', 'medical billing jobs', 'DME billing careers', 'healthcare software jobs']::text[],
  'https://www.claimbridge.com/careers', null, null,
  'Careers in DME Billing and Healthcare Tech',
  'Join ClaimBridge and help equipment suppliers get paid for the care they deliver. See our benefits and send your resume for billing, compliance or tech roles.',
  '/og/default.png', 'website', 'summary_large_image',
  'Careers in DME Billing and Healthcare Tech',
  'Join ClaimBridge and help equipment suppliers get paid for the care they deliver. See our benefits and send your resume for billing, compliance or tech roles.',
  '/og/default.png', false, false,
  '{"@context": "https://schema.org", "@type": "WebPage", "name": "Careers in DME Billing and Healthcare Tech", "url": "https://www.claimbridge.com/careers", "description": "Join ClaimBridge and help equipment suppliers get paid for the care they deliver. See our benefits and send your resume for billing, compliance or tech roles.", "isPartOf": {"@type": "WebSite", "name": "ClaimBridge", "url": "https://www.claimbridge.com/"}}'::jsonb,
  null)
on conflict do nothing;

insert into public.page_seo_settings (page_route, page_name, meta_title, meta_description, keywords,
  canonical_url, featured_image_url, featured_image_alt, og_title, og_description, og_image, og_type,
  twitter_card_type, twitter_title, twitter_description, twitter_image, noindex, nofollow, schema_json,
  content)
values (
  '/blog', 'Blog',
  'Blog: DME Billing, Denials and Compliance | ClaimBridge',
  'Practical articles for HME/DME suppliers on claims, denials, prior authorization, modifiers, oxygen and PAP billing, audits and days in A/R from our team.',
  array['DME billing blog', 'DME denial management', 'prior authorization', 'DME compliance', 'days in A/R']::text[],
  'https://www.claimbridge.com/blog', null, null,
  'Blog: DME Billing, Denials and Compliance',
  'Practical articles for HME/DME suppliers on claims, denials, prior authorization, modifiers, oxygen and PAP billing, audits and days in A/R from our team.',
  '/og/default.png', 'website', 'summary_large_image',
  'Blog: DME Billing, Denials and Compliance',
  'Practical articles for HME/DME suppliers on claims, denials, prior authorization, modifiers, oxygen and PAP billing, audits and days in A/R from our team.',
  '/og/default.png', false, false,
  '{"@context": "https://schema.org", "@type": "WebPage", "name": "Blog: DME Billing, Denials and Compliance", "url": "https://www.claimbridge.com/blog", "description": "Practical articles for HME/DME suppliers on claims, denials, prior authorization, modifiers, oxygen and PAP billing, audits and days in A/R from our team.", "isPartOf": {"@type": "WebSite", "name": "ClaimBridge", "url": "https://www.claimbridge.com/"}}'::jsonb,
  null)
on conflict do nothing;

insert into public.page_seo_settings (page_route, page_name, meta_title, meta_description, keywords,
  canonical_url, featured_image_url, featured_image_alt, og_title, og_description, og_image, og_type,
  twitter_card_type, twitter_title, twitter_description, twitter_image, noindex, nofollow, schema_json,
  content)
values (
  '/whitepapers', 'Whitepapers',
  'Whitepapers and Guides for DME Suppliers | ClaimBridge',
  'Free guides for HME/DME suppliers: a denial management playbook, a prior authorization field guide, audit readiness checklists and a days in A/R worksheet.',
  array['DME whitepapers', 'denial management playbook', 'prior authorization guide', 'DME audit readiness']::text[],
  'https://www.claimbridge.com/whitepapers', null, null,
  'Whitepapers and Guides for DME Suppliers',
  'Free guides for HME/DME suppliers: a denial management playbook, a prior authorization field guide, audit readiness checklists and a days in A/R worksheet.',
  '/og/default.png', 'website', 'summary_large_image',
  'Whitepapers and Guides for DME Suppliers',
  'Free guides for HME/DME suppliers: a denial management playbook, a prior authorization field guide, audit readiness checklists and a days in A/R worksheet.',
  '/og/default.png', false, false,
  '{"@context": "https://schema.org", "@type": "WebPage", "name": "Whitepapers and Guides for DME Suppliers", "url": "https://www.claimbridge.com/whitepapers", "description": "Free guides for HME/DME suppliers: a denial management playbook, a prior authorization field guide, audit readiness checklists and a days in A/R worksheet.", "isPartOf": {"@type": "WebSite", "name": "ClaimBridge", "url": "https://www.claimbridge.com/"}}'::jsonb,
  null)
on conflict do nothing;

insert into public.page_seo_settings (page_route, page_name, meta_title, meta_description, keywords,
  canonical_url, featured_image_url, featured_image_alt, og_title, og_description, og_image, og_type,
  twitter_card_type, twitter_title, twitter_description, twitter_image, noindex, nofollow, schema_json,
  content)
values (
  '/downloads', 'Downloads',
  'Your DME Whitepaper Downloads Are Ready | ClaimBridge',
  'Thank you for your interest in ClaimBridge. Download the whitepapers and guides for HME/DME suppliers you requested, then contact us with questions at any time.',
  array['ClaimBridge downloads', 'DME whitepapers', 'HME/DME guides']::text[],
  'https://www.claimbridge.com/downloads', null, null,
  'Your DME Whitepaper Downloads Are Ready',
  'Thank you for your interest in ClaimBridge. Download the whitepapers and guides for HME/DME suppliers you requested, then contact us with questions at any time.',
  '/og/default.png', 'website', 'summary_large_image',
  'Your DME Whitepaper Downloads Are Ready',
  'Thank you for your interest in ClaimBridge. Download the whitepapers and guides for HME/DME suppliers you requested, then contact us with questions at any time.',
  '/og/default.png', true, false,
  '{"@context": "https://schema.org", "@type": "WebPage", "name": "Your DME Whitepaper Downloads Are Ready", "url": "https://www.claimbridge.com/downloads", "description": "Thank you for your interest in ClaimBridge. Download the whitepapers and guides for HME/DME suppliers you requested, then contact us with questions at any time.", "isPartOf": {"@type": "WebSite", "name": "ClaimBridge", "url": "https://www.claimbridge.com/"}}'::jsonb,
  null)
on conflict do nothing;

insert into public.page_seo_settings (page_route, page_name, meta_title, meta_description, keywords,
  canonical_url, featured_image_url, featured_image_alt, og_title, og_description, og_image, og_type,
  twitter_card_type, twitter_title, twitter_description, twitter_image, noindex, nofollow, schema_json,
  content)
values (
  '/api-integrations', 'API Integrations',
  'API Integrations for HME/DME Software | ClaimBridge',
  'Connect ClaimBridge to your EHR, billing system, CRM and communication tools. Exchange orders, documents, claims and delivery status without re-keying data.',
  array['DME API integrations', 'EHR integration', 'billing system integration', 'CRM integration']::text[],
  'https://www.claimbridge.com/api-integrations', null, null,
  'API Integrations for HME/DME Software',
  'Connect ClaimBridge to your EHR, billing system, CRM and communication tools. Exchange orders, documents, claims and delivery status without re-keying data.',
  '/og/default.png', 'website', 'summary_large_image',
  'API Integrations for HME/DME Software',
  'Connect ClaimBridge to your EHR, billing system, CRM and communication tools. Exchange orders, documents, claims and delivery status without re-keying data.',
  '/og/default.png', false, false,
  '{"@context": "https://schema.org", "@type": "WebPage", "name": "API Integrations for HME/DME Software", "url": "https://www.claimbridge.com/api-integrations", "description": "Connect ClaimBridge to your EHR, billing system, CRM and communication tools. Exchange orders, documents, claims and delivery status without re-keying data.", "isPartOf": {"@type": "WebSite", "name": "ClaimBridge", "url": "https://www.claimbridge.com/"}}'::jsonb,
  null)
on conflict do nothing;

insert into public.page_seo_settings (page_route, page_name, meta_title, meta_description, keywords,
  canonical_url, featured_image_url, featured_image_alt, og_title, og_description, og_image, og_type,
  twitter_card_type, twitter_title, twitter_description, twitter_image, noindex, nofollow, schema_json,
  content)
values (
  '/privacy-policy', 'Privacy Policy',
  'Privacy Policy: How We Protect Your Data | ClaimBridge',
  'How ClaimBridge collects, uses, shares, secures and retains personal information, the rights you have, and how to contact us. We do not sell personal data.',
  array['ClaimBridge privacy policy', 'data protection', 'privacy rights']::text[],
  'https://www.claimbridge.com/privacy-policy', null, null,
  'Privacy Policy: How We Protect Your Data',
  'How ClaimBridge collects, uses, shares, secures and retains personal information, the rights you have, and how to contact us. We do not sell personal data.',
  '/og/default.png', 'website', 'summary_large_image',
  'Privacy Policy: How We Protect Your Data',
  'How ClaimBridge collects, uses, shares, secures and retains personal information, the rights you have, and how to contact us. We do not sell personal data.',
  '/og/default.png', false, false,
  '{"@context": "https://schema.org", "@type": "WebPage", "name": "Privacy Policy: How We Protect Your Data", "url": "https://www.claimbridge.com/privacy-policy", "description": "How ClaimBridge collects, uses, shares, secures and retains personal information, the rights you have, and how to contact us. We do not sell personal data.", "isPartOf": {"@type": "WebSite", "name": "ClaimBridge", "url": "https://www.claimbridge.com/"}}'::jsonb,
  null)
on conflict do nothing;

insert into public.page_seo_settings (page_route, page_name, meta_title, meta_description, keywords,
  canonical_url, featured_image_url, featured_image_alt, og_title, og_description, og_image, og_type,
  twitter_card_type, twitter_title, twitter_description, twitter_image, noindex, nofollow, schema_json,
  content)
values (
  '/cookie-policy', 'Cookie Policy',
  'Cookie Policy: How and Why We Use Cookies | ClaimBridge',
  'Which cookies ClaimBridge uses: essential, analytics, functional and marketing. How third-party cookies work and how to manage your preferences in the browser.',
  array['ClaimBridge cookie policy', 'cookies', 'cookie preferences']::text[],
  'https://www.claimbridge.com/cookie-policy', null, null,
  'Cookie Policy: How and Why We Use Cookies',
  'Which cookies ClaimBridge uses: essential, analytics, functional and marketing. How third-party cookies work and how to manage your preferences in the browser.',
  '/og/default.png', 'website', 'summary_large_image',
  'Cookie Policy: How and Why We Use Cookies',
  'Which cookies ClaimBridge uses: essential, analytics, functional and marketing. How third-party cookies work and how to manage your preferences in the browser.',
  '/og/default.png', false, false,
  '{"@context": "https://schema.org", "@type": "WebPage", "name": "Cookie Policy: How and Why We Use Cookies", "url": "https://www.claimbridge.com/cookie-policy", "description": "Which cookies ClaimBridge uses: essential, analytics, functional and marketing. How third-party cookies work and how to manage your preferences in the browser.", "isPartOf": {"@type": "WebSite", "name": "ClaimBridge", "url": "https://www.claimbridge.com/"}}'::jsonb,
  null)
on conflict do nothing;

insert into public.page_seo_settings (page_route, page_name, meta_title, meta_description, keywords,
  canonical_url, featured_image_url, featured_image_alt, og_title, og_description, og_image, og_type,
  twitter_card_type, twitter_title, twitter_description, twitter_image, noindex, nofollow, schema_json,
  content)
values (
  '/blog/streamlining-dme-claims-processing', 'Article: Streamlining DME Claims Processing',
  'Streamlining DME Claims Processing in 4 Steps | ClaimBridge',
  'Where DME claims wait between order and payment, and the four steps worth automating first: eligibility, documentation checklists, claim edits and ERA posting.',
  array['DME claims processing', 'claims automation', 'clean claim rate', 'DME billing workflow']::text[],
  'https://www.claimbridge.com/blog/streamlining-dme-claims-processing', '/blog-images/streamlining-dme-claims-processing.svg', 'Claim pipeline with four completed stages and one pending, above a list of claim rows',
  'Streamlining DME Claims Processing in 4 Steps',
  'Where DME claims wait between order and payment, and the four steps worth automating first: eligibility, documentation checklists, claim edits and ERA posting.',
  '/og/default.png', 'article', 'summary_large_image',
  'Streamlining DME Claims Processing in 4 Steps',
  'Where DME claims wait between order and payment, and the four steps worth automating first: eligibility, documentation checklists, claim edits and ERA posting.',
  '/og/default.png', false, false,
  '{"@context": "https://schema.org", "@type": "WebPage", "name": "Streamlining DME Claims Processing in 4 Steps", "url": "https://www.claimbridge.com/blog/streamlining-dme-claims-processing", "description": "Where DME claims wait between order and payment, and the four steps worth automating first: eligibility, documentation checklists, claim edits and ERA posting.", "isPartOf": {"@type": "WebSite", "name": "ClaimBridge", "url": "https://www.claimbridge.com/"}}'::jsonb,
  null)
on conflict do nothing;

insert into public.page_seo_settings (page_route, page_name, meta_title, meta_description, keywords,
  canonical_url, featured_image_url, featured_image_alt, og_title, og_description, og_image, og_type,
  twitter_card_type, twitter_title, twitter_description, twitter_image, noindex, nofollow, schema_json,
  content)
values (
  '/blog/compliance-best-practices-dme-providers', 'Article: Compliance Best Practices for DME Providers',
  'Compliance Best Practices for DME Providers | ClaimBridge',
  'A practical compliance program for DME suppliers: OIG''s seven elements, supplier standards, exclusion screening, documentation, refills and overpayment refunds.',
  array['DME compliance', 'DMEPOS supplier standards', 'OIG exclusion screening', 'compliance program']::text[],
  'https://www.claimbridge.com/blog/compliance-best-practices-dme-providers', '/blog-images/compliance-best-practices-dme-providers.svg', 'Compliance checklist with four items checked beside a shield',
  'Compliance Best Practices for DME Providers',
  'A practical compliance program for DME suppliers: OIG''s seven elements, supplier standards, exclusion screening, documentation, refills and overpayment refunds.',
  '/og/default.png', 'article', 'summary_large_image',
  'Compliance Best Practices for DME Providers',
  'A practical compliance program for DME suppliers: OIG''s seven elements, supplier standards, exclusion screening, documentation, refills and overpayment refunds.',
  '/og/default.png', false, false,
  '{"@context": "https://schema.org", "@type": "WebPage", "name": "Compliance Best Practices for DME Providers", "url": "https://www.claimbridge.com/blog/compliance-best-practices-dme-providers", "description": "A practical compliance program for DME suppliers: OIG''s seven elements, supplier standards, exclusion screening, documentation, refills and overpayment refunds.", "isPartOf": {"@type": "WebSite", "name": "ClaimBridge", "url": "https://www.claimbridge.com/"}}'::jsonb,
  null)
on conflict do nothing;

insert into public.page_seo_settings (page_route, page_name, meta_title, meta_description, keywords,
  canonical_url, featured_image_url, featured_image_alt, og_title, og_description, og_image, og_type,
  twitter_card_type, twitter_title, twitter_description, twitter_image, noindex, nofollow, schema_json,
  content)
values (
  '/blog/mobile-delivery-management', 'Article: Mobile Delivery Management',
  'Mobile Delivery Management: A Game Changer | ClaimBridge',
  'How mobile proof of delivery helps DME suppliers bill the same day: required delivery record elements, serial number scanning, setup checklists and routing.',
  array['DME delivery management', 'proof of delivery', 'mobile delivery app', 'DME logistics']::text[],
  'https://www.claimbridge.com/blog/mobile-delivery-management', '/blog-images/mobile-delivery-management.svg', 'Delivery route with stops on a map next to a driver''s phone showing a signature',
  'Mobile Delivery Management: A Game Changer',
  'How mobile proof of delivery helps DME suppliers bill the same day: required delivery record elements, serial number scanning, setup checklists and routing.',
  '/og/default.png', 'article', 'summary_large_image',
  'Mobile Delivery Management: A Game Changer',
  'How mobile proof of delivery helps DME suppliers bill the same day: required delivery record elements, serial number scanning, setup checklists and routing.',
  '/og/default.png', false, false,
  '{"@context": "https://schema.org", "@type": "WebPage", "name": "Mobile Delivery Management: A Game Changer", "url": "https://www.claimbridge.com/blog/mobile-delivery-management", "description": "How mobile proof of delivery helps DME suppliers bill the same day: required delivery record elements, serial number scanning, setup checklists and routing.", "isPartOf": {"@type": "WebSite", "name": "ClaimBridge", "url": "https://www.claimbridge.com/"}}'::jsonb,
  null)
on conflict do nothing;

insert into public.page_seo_settings (page_route, page_name, meta_title, meta_description, keywords,
  canonical_url, featured_image_url, featured_image_alt, og_title, og_description, og_image, og_type,
  twitter_card_type, twitter_title, twitter_description, twitter_image, noindex, nofollow, schema_json,
  content)
values (
  '/blog/maximizing-revenue-real-time-reporting', 'Article: Maximizing Revenue with Real-Time Reporting',
  'Maximizing Revenue with Real-Time Reporting | ClaimBridge',
  'Use live data to track denials by reason and payer, find underpayments and unbilled revenue, measure staff KPIs and make payer and product decisions faster.',
  array['DME revenue reporting', 'denial tracking', 'underpayments', 'billing KPIs', 'real-time reporting']::text[],
  'https://www.claimbridge.com/blog/maximizing-revenue-real-time-reporting', '/blog-images/maximizing-revenue-real-time-reporting.svg', 'Revenue dashboard with four KPI tiles, a rising trend line and a bar chart by payer',
  'Maximizing Revenue with Real-Time Reporting',
  'Use live data to track denials by reason and payer, find underpayments and unbilled revenue, measure staff KPIs and make payer and product decisions faster.',
  '/og/default.png', 'article', 'summary_large_image',
  'Maximizing Revenue with Real-Time Reporting',
  'Use live data to track denials by reason and payer, find underpayments and unbilled revenue, measure staff KPIs and make payer and product decisions faster.',
  '/og/default.png', false, false,
  '{"@context": "https://schema.org", "@type": "WebPage", "name": "Maximizing Revenue with Real-Time Reporting", "url": "https://www.claimbridge.com/blog/maximizing-revenue-real-time-reporting", "description": "Use live data to track denials by reason and payer, find underpayments and unbilled revenue, measure staff KPIs and make payer and product decisions faster.", "isPartOf": {"@type": "WebSite", "name": "ClaimBridge", "url": "https://www.claimbridge.com/"}}'::jsonb,
  null)
on conflict do nothing;

insert into public.page_seo_settings (page_route, page_name, meta_title, meta_description, keywords,
  canonical_url, featured_image_url, featured_image_alt, og_title, og_description, og_image, og_type,
  twitter_card_type, twitter_title, twitter_description, twitter_image, noindex, nofollow, schema_json,
  content)
values (
  '/blog/dme-billing-coding-guide', 'Article: DME Billing and Coding Guide',
  'DME Billing and Coding Guide: 9 Common Errors | ClaimBridge',
  'Nine common DME billing and coding errors, from missing documentation and wrong HCPCS codes to duplicate claims and bad patient data, and how to fix each one.',
  array['DME billing', 'DME coding', 'HCPCS coding', 'billing errors', 'claim denials']::text[],
  'https://www.claimbridge.com/blog/dme-billing-coding-guide', '/blog-images/dme-billing-coding-guide.svg', 'Claim form with two highlighted code fields under a magnifying glass',
  'DME Billing and Coding Guide: 9 Common Errors',
  'Nine common DME billing and coding errors, from missing documentation and wrong HCPCS codes to duplicate claims and bad patient data, and how to fix each one.',
  '/og/default.png', 'article', 'summary_large_image',
  'DME Billing and Coding Guide: 9 Common Errors',
  'Nine common DME billing and coding errors, from missing documentation and wrong HCPCS codes to duplicate claims and bad patient data, and how to fix each one.',
  '/og/default.png', false, false,
  '{"@context": "https://schema.org", "@type": "WebPage", "name": "DME Billing and Coding Guide: 9 Common Errors", "url": "https://www.claimbridge.com/blog/dme-billing-coding-guide", "description": "Nine common DME billing and coding errors, from missing documentation and wrong HCPCS codes to duplicate claims and bad patient data, and how to fix each one.", "isPartOf": {"@type": "WebSite", "name": "ClaimBridge", "url": "https://www.claimbridge.com/"}}'::jsonb,
  null)
on conflict do nothing;

-- Blog posts: the five articles with fixed routes (same slugs, titles, categories and read times as the
-- spec), more published posts, and two drafts. Featured images are in supabase/seed/storage/blog-images/.
-- The five fixed-route articles' content is their page's body (frontend/src/features/articles/bodies/)
-- and a closing paragraph, written by supabase/seed/generate-articles.py: edit the body there, not here.
-- Streamlining DME Claims Processing (published, 577 words)
insert into public.blog_posts (slug, title, description, content, category, read_time, published,
  meta_title, focus_keyword, featured_image_url, featured_image_alt, excerpt, og_title, og_description,
  og_image, twitter_card_type, canonical_url, author_name, tags, schema_type, noindex, nofollow,
  created_at, updated_at)
values (
  'streamlining-dme-claims-processing',
  'Streamlining DME Claims Processing',
  'A CPAP claim can take 31 days from order to payment when only two are billing work. See the four DME claim steps worth automating first, and how to measure it.',
  $html$<p>An equipment claim passes through intake, eligibility, documentation, delivery, billing and payment posting before the money lands. Each handoff is a place where a claim can wait. Automation helps most when it removes the waiting, not when it adds another screen to check.</p>
<h2>Where the time goes</h2>
<p>Follow one CPAP setup through a typical supplier and count the days. The order arrives by fax on day 0. Eligibility is checked on day 1. The sleep study and office notes are requested on day 2 and arrive on day 6. Delivery happens on day 9, but the signed delivery ticket reaches the billing office on day 12. The claim goes out on day 13 and is rejected on day 14 for a missing ordering provider NPI. It is corrected and paid on day 31.</p>
<p>Only about two of those 31 days are billing work. The rest is waiting for paper and fixing data that was wrong at intake.</p>
<h2>Four steps worth automating first</h2>
<h3>1. Eligibility and benefits at intake and every rental month</h3>
<p>Run a real-time eligibility check (the X12 270/271 transaction) when the order is entered, and again before each rental month is billed. Coverage changes mid-rental are a common cause of CO-27 and CO-22 denials, and a scheduled re-check catches them before the claim goes out.</p>
<h3>2. Documentation checklists by HCPCS family</h3>
<p>Attach a checklist to the order based on what is being dispensed. A PAP device needs the face-to-face evaluation, a qualifying sleep test and a standard written order. A hospital bed needs the order and notes supporting the medical need. Power mobility needs the face-to-face examination, a written order before delivery and a home assessment. The system should hold the order until every item is present, and show the intake team what is missing.</p>
<h3>3. Claim edits before submission</h3>
<p>Most rejections are predictable. Build edits that stop a claim when:</p>
<ul>
<li>the ordering provider NPI is missing or not enrolled with the payer;</li>
<li>a rental line has no RR modifier, or a capped rental month is missing its KH, KI or KJ modifier;</li>
<li>KX is attached but the documentation checklist is incomplete;</li>
<li>GA is attached with no signed advance beneficiary notice on file;</li>
<li>the same patient, HCPCS code and date of service were already billed.</li>
</ul>
<h3>4. Electronic remittance posting</h3>
<p>Post payments and adjustments from the 835 remittance file instead of keying them. Automatic posting also turns every denial into structured data: a claim adjustment reason code, a remark code and a payer. That is what a denial worklist is built from.</p>
<h2>What to keep manual</h2>
<p>Automation should route work to people, not replace judgment. Appeals that need a clinical argument, payer calls about a policy interpretation, and conversations with referral sources about documentation still need an experienced biller. The goal is to give that person fewer, better-prepared claims.</p>
<h2>How to measure the result</h2>
<p>Pick three measures before you change anything, and track them monthly:</p>
<ol>
<li><strong>Days from delivery to claim submission.</strong> Paper processes usually run 3 to 7 days; a connected delivery and billing workflow can bring it to 1.</li>
<li><strong>Clean claim rate.</strong> The share of claims accepted and paid without rework. Aim for 95 percent or more.</li>
<li><strong>Days in A/R.</strong> The lagging measure that shows whether faster submission and fewer denials are turning into cash.</li>
</ol>
<p>If you want to see where your own claims wait, our team can map a sample of 50 recent claims from order to payment. <a href="https://www.claimbridge.com/contact">Contact ClaimBridge</a> to set it up.</p>$html$,
  'Claims Processing', '5', true,
  'Streamlining DME Claims Processing With Automation', 'DME claims processing',
  '/blog-images/streamlining-dme-claims-processing.svg',
  'Claim pipeline with four completed stages and one pending, above a list of claim rows',
  'Most of a DME claim''s life is waiting for paper. Automate eligibility, documentation checks, claim edits and ERA posting first.',
  'Streamlining DME Claims Processing With Automation',
  'A CPAP claim can take 31 days from order to payment when only two are billing work. See the four DME claim steps worth automating first, and how to measure it.',
  '/og/default.png', 'summary_large_image', 'https://www.claimbridge.com/blog/streamlining-dme-claims-processing',
  'Maria Delgado, Director of Revenue Cycle Operations',
  array['claims processing', 'automation', 'eligibility', 'clean claim rate']::text[], 'BlogPosting', false, false,
  '2023-12-14 15:00:00+00', '2023-12-14 15:00:00+00')
on conflict do nothing;

-- Compliance Best Practices for DME Providers (published, 761 words)
insert into public.blog_posts (slug, title, description, content, category, read_time, published,
  meta_title, focus_keyword, featured_image_url, featured_image_alt, excerpt, og_title, og_description,
  og_image, twitter_card_type, canonical_url, author_name, tags, schema_type, noindex, nofollow,
  created_at, updated_at)
values (
  'compliance-best-practices-dme-providers',
  'Compliance Best Practices for DME Providers',
  'Build a DME compliance program that works day to day: OIG''s seven elements, supplier standards, monthly exclusion screening, refill rules and refunds.',
  $html$<p>Medicare holds equipment suppliers to more specific rules than most provider types: supplier standards, accreditation, surety bonds, order and delivery requirements, refill rules and a ban on most unsolicited phone contact. A compliance program for a DME supplier has to cover all of them, and it has to work on a Tuesday afternoon, not only during an audit.</p>
<h2>Start with the seven elements</h2>
<p>The HHS Office of Inspector General describes seven elements of an effective compliance program, most recently in its <a href="https://oig.hhs.gov/compliance/general-compliance-program-guidance/" rel="noopener">General Compliance Program Guidance</a> published in November 2023. For a supplier they look like this:</p>
<ol>
<li><strong>Written policies and procedures</strong> for intake, documentation, delivery, billing, refunds and marketing.</li>
<li><strong>A compliance officer and committee</strong> with the authority to stop a practice, and a direct line to the owner or board.</li>
<li><strong>Training</strong> at hire and every year, specific to each role: intake staff learn order requirements, drivers learn proof of delivery, billers learn modifiers.</li>
<li><strong>Open lines of communication</strong>, including an anonymous way to report a concern.</li>
<li><strong>Auditing and monitoring</strong> on a schedule, with results reported to the committee.</li>
<li><strong>Consistent enforcement</strong> of the standards, including discipline.</li>
<li><strong>Prompt response</strong> to problems: investigate, correct, and refund overpayments.</li>
</ol>
<h2>Know the supplier standards</h2>
<p>The DMEPOS supplier standards in 42 CFR 424.57 are conditions of billing privileges. Several cause problems in practice:</p>
<ul>
<li>Keep accreditation current and make sure every product line you bill is covered by it.</li>
<li>Maintain the required surety bond and comprehensive liability insurance.</li>
<li>Keep a physical location that is open and staffed during posted hours. Site visits happen without notice.</li>
<li>Report changes to ownership, location or product lines to the enrollment contractor within the required time.</li>
<li>Do not make unsolicited telephone contact with Medicare patients about equipment, except in the narrow cases the rules allow.</li>
</ul>
<h2>Screen everyone, every month</h2>
<p>Billing Medicare for items or services furnished by an excluded person can create overpayments and civil monetary penalties. Check employees, contractors and referring practitioners against the OIG List of Excluded Individuals and Entities and the SAM.gov exclusion list at hire and monthly after that. Also check any state Medicaid exclusion lists where you bill Medicaid. Keep the screening results; an undocumented check does not count.</p>
<h2>Documentation that holds up</h2>
<p>Most compliance findings for suppliers are documentation findings. Build these into the workflow instead of leaving them to memory:</p>
<ul>
<li><strong>Orders.</strong> A standard written order with every required element before you bill, and before delivery for items on the written-order-prior-to-delivery list.</li>
<li><strong>Medical need.</strong> The treating practitioner's records must support the item. Your own intake notes do not replace them.</li>
<li><strong>Proof of delivery.</strong> Patient name, delivery address, item description, quantity, date and the signature of the patient or a designee.</li>
<li><strong>Refills.</strong> Contact the patient no sooner than 14 calendar days before shipping, ship no sooner than 10 calendar days before the current supply runs out, and record what the patient said they still had.</li>
<li><strong>ABNs.</strong> Issue an advance beneficiary notice only when you expect a specific denial, for a specific reason, before delivery. Routine or blanket ABNs are not valid.</li>
</ul>
<h2>Watch the inducement rules</h2>
<p>The federal Anti-Kickback Statute and the beneficiary inducement rules apply to everyday decisions. Routinely waiving coinsurance, offering free items to patients who switch suppliers, or paying referral sources for marketing help can all create exposure. Write down your financial hardship policy, apply it case by case, and document each waiver.</p>
<h2>Protect patient information</h2>
<p>Suppliers handle orders, clinical notes, insurance cards and delivery records, often on phones and in vans. Run a HIPAA security risk analysis at least once a year and when systems change. Encrypt laptops and phones, give each user their own login, remove access on the day someone leaves, and sign business associate agreements with every vendor that touches patient data, including your billing service and delivery software.</p>
<h2>Refund what you find</h2>
<p>When an internal review finds a claim that should not have been paid, the overpayment must be reported and returned within 60 days of being identified. Track each finding in a log with the claim, the amount, the reason and the refund date. Regulators read a supplier that finds and fixes its own errors very differently from one that waits to be told.</p>
<h2>A monthly compliance calendar</h2>
<ul>
<li>Week 1: exclusion screening and license checks.</li>
<li>Week 2: audit 10 paid claims from one product line.</li>
<li>Week 3: review payer bulletins and LCD updates in the <a href="https://www.cms.gov/medicare-coverage-database/search.aspx" rel="noopener">Medicare Coverage Database</a>.</li>
<li>Week 4: compliance committee meeting, with findings, refunds and training completed.</li>
</ul>
<p>ClaimBridge builds these checks into its billing workflow and runs quarterly documentation audits for managed-services clients. <a href="https://www.claimbridge.com/contact">Talk to our compliance team</a>.</p>$html$,
  'Compliance', '7', true,
  'Compliance Best Practices for DME Providers', 'DME compliance',
  '/blog-images/compliance-best-practices-dme-providers.svg',
  'Compliance checklist with four items checked beside a shield',
  'Supplier standards, exclusion screening, documentation, refills and refunds: a compliance program that holds up outside of audit season.',
  'Compliance Best Practices for DME Providers',
  'Build a DME compliance program that works day to day: OIG''s seven elements, supplier standards, monthly exclusion screening, refill rules and refunds.',
  '/og/default.png', 'summary_large_image', 'https://www.claimbridge.com/blog/compliance-best-practices-dme-providers',
  'James Okafor, Compliance Manager',
  array['compliance', 'supplier standards', 'exclusion screening', 'documentation', 'HIPAA']::text[], 'Article', false, false,
  '2024-01-10 15:00:00+00', '2024-01-10 15:00:00+00')
on conflict do nothing;

-- Mobile Delivery Management: A Game Changer (published, 484 words)
insert into public.blog_posts (slug, title, description, content, category, read_time, published,
  meta_title, focus_keyword, featured_image_url, featured_image_alt, excerpt, og_title, og_description,
  og_image, twitter_card_type, canonical_url, author_name, tags, schema_type, noindex, nofollow,
  created_at, updated_at)
values (
  'mobile-delivery-management',
  'Mobile Delivery Management: A Game Changer',
  'Paper delivery tickets hold DME claims for days. See what proof of delivery must contain and how a mobile workflow lets suppliers bill on the day of delivery.',
  $html$<p>For an equipment supplier, the date of service is usually the date of delivery, and the delivery ticket is the proof. When that ticket is a sheet of paper in a van, the claim waits for the van. Mobile delivery management replaces the paper with a record that reaches billing before the driver reaches the next stop.</p>
<h2>What a delivery has to prove</h2>
<p>For items delivered directly to the patient, Medicare expects a delivery record with:</p>
<ul>
<li>the patient's name and the delivery address;</li>
<li>a description of the item detailed enough to match the claim, such as brand, model or serial number;</li>
<li>the quantity delivered;</li>
<li>the date of delivery;</li>
<li>the signature of the patient or a designee, with the designee's relationship noted.</li>
</ul>
<p>Missing serial numbers and unsigned or undated tickets are among the most common reasons a delivery record fails review. A mobile app can make each of these a required field, so the ticket cannot be closed without them.</p>
<h2>What changes with a mobile workflow</h2>
<h3>The claim goes out the same day</h3>
<p>With paper tickets, most suppliers bill 3 to 5 days after delivery, longer when tickets arrive with missing information. When the signed record syncs from the driver's phone, the claim can be released the same afternoon once the documentation checklist is complete.</p>
<h3>Serial numbers match inventory</h3>
<p>Scanning the barcode on a concentrator or a CPAP device links that serial number to the patient, the rental and the claim. When the item comes back, the same scan closes the rental and returns the unit to inventory for cleaning.</p>
<h3>Setup and education are recorded</h3>
<p>A setup checklist for each item type, such as mask fitting for PAP or safety instructions for oxygen, gives you a dated record that education was provided. Photos of the installed equipment help when a patient later reports a problem.</p>
<h3>Routes follow the schedule</h3>
<p>Dispatchers can see every driver's stops and adjust for same-day hospital discharges without a round of phone calls. Patients can get an arrival window by text message instead of waiting at home all day.</p>
<h2>Numbers to track</h2>
<ol>
<li><strong>Days from delivery to claim:</strong> the headline measure, which should fall to 1 day or less.</li>
<li><strong>Delivery records returned for correction:</strong> the share of tickets billing sends back. Aim for under 2 percent.</li>
<li><strong>Stops per driver per day:</strong> shows whether routing is helping.</li>
</ol>
<h2>Before you roll it out</h2>
<ul>
<li>Agree on one delivery checklist per item type with billing, compliance and the warehouse, then build it into the app.</li>
<li>Decide how drivers handle a patient who cannot sign, and what the designee must record.</li>
<li>Make sure phones lock, encrypt their storage and can be wiped remotely, since each one carries patient information.</li>
<li>Run a two-week pilot on one route and compare days to bill and returned tickets against a paper route.</li>
</ul>
<p>ClaimBridge's delivery app connects proof of delivery directly to claims in our billing platform. <a href="https://www.claimbridge.com/contact">Ask for a walkthrough</a>.</p>$html$,
  'Technology', '4', true,
  'Mobile Delivery Management for DME Suppliers', 'DME delivery management',
  '/blog-images/mobile-delivery-management.svg',
  'Delivery route with stops on a map next to a driver''s phone showing a signature',
  'When the signed delivery record syncs from the driver''s phone, the claim can go out the same afternoon instead of days later.',
  'Mobile Delivery Management for DME Suppliers',
  'Paper delivery tickets hold DME claims for days. See what proof of delivery must contain and how a mobile workflow lets suppliers bill on the day of delivery.',
  '/og/default.png', 'summary_large_image', 'https://www.claimbridge.com/blog/mobile-delivery-management',
  'Priya Raman, Product Manager, Delivery and Logistics',
  array['delivery management', 'proof of delivery', 'mobile', 'logistics']::text[], 'BlogPosting', false, false,
  '2023-12-28 15:00:00+00', '2023-12-28 15:00:00+00')
on conflict do nothing;

-- Maximizing Revenue with Real-Time Reporting (published, 680 words)
insert into public.blog_posts (slug, title, description, content, category, read_time, published,
  meta_title, focus_keyword, featured_image_url, featured_image_alt, excerpt, og_title, og_description,
  og_image, twitter_card_type, canonical_url, author_name, tags, schema_type, noindex, nofollow,
  created_at, updated_at)
values (
  'maximizing-revenue-real-time-reporting',
  'Maximizing Revenue with Real-Time Reporting',
  'Track denials by reason code and payer, route follow-up to worklists, find underpayments and unbilled revenue, and measure staff KPIs with live DME data.',
  $html$<p>Most equipment suppliers close the month, pull an aging report, and find out in week two what went wrong in week one. By then, rental claims have repeated the same error and a few denials have slipped past their appeal dates. Real-time reporting does not change what you measure. It changes when you can act on it.</p>
<h2>Track denials while they are still cheap to fix</h2>
<p>A denial is cheapest to fix in the first week, while the delivery ticket is still at hand and the referral source still remembers the patient. Live denial tracking should do three things.</p>
<h3>Flag every denial by reason code and payer</h3>
<p>Group denials by claim adjustment reason code, remark code and payer as soon as the remittance posts. A rise in CO-16 denials from one Medicare Advantage plan points to a different fix than a rise in CO-50 denials across all payers for one HCPCS family.</p>
<h3>Assign follow-up to a worklist automatically</h3>
<p>Route each denial to the person who can fix it: eligibility denials to intake, authorization denials to the prior authorization team, modifier and coding denials to billing. Show the appeal deadline and the expected amount on each row, and sort by both.</p>
<h3>Spot systemic errors early</h3>
<p>When the same denial appears on five claims in a day, it is rarely five separate mistakes. It is usually a payer rule change, an intake template gap or a claim edit that stopped working. A daily view by reason code makes the pattern visible while there are five claims to correct, not fifty.</p>
<h2>Find revenue leaks</h2>
<p>Denials are the visible part of lost revenue. Three other leaks only show up when you compare live data with what you expected to collect.</p>
<ul>
<li><strong>Underpayments.</strong> Compare each payment with the contracted or fee-schedule amount for that HCPCS code and modifier. A payer that pays the purchase rate on a rental line, or last year's fee schedule, can underpay for months without producing a single denial.</li>
<li><strong>Unbilled revenue.</strong> Count deliveries with no claim after 3 days, and rentals with no claim for the current month. Missing paperwork, on-hold orders and recurring rentals that never rolled are all revenue you earned and did not bill.</li>
<li><strong>High-risk payers or regions.</strong> Denial rate, days to pay and the share of balances written off, by payer and by branch. One plan or one territory often accounts for a large share of the problem.</li>
</ul>
<h2>Measure the team, fairly</h2>
<p>Staff KPIs work when they measure things people control and when everyone can see them during the day, not in a monthly meeting.</p>
<ul>
<li><strong>Claims submitted per day</strong>, per biller, separated by new claims and recurring rentals.</li>
<li><strong>Denials worked per team member</strong>, counting only those closed with an outcome: corrected, reopened, appealed or written off with a reason.</li>
<li><strong>Revenue recovered per follow-up</strong>: dollars collected divided by the follow-up actions taken. It shows whether effort is going to the claims that matter.</li>
</ul>
<p>Pair each number with a quality check. A biller who submits 120 claims a day with a 15 percent rejection rate is not ahead of one who submits 90 clean claims.</p>
<h2>Make strategic decisions from live data</h2>
<p>The same data supports decisions well beyond the billing office:</p>
<ol>
<li><strong>Payer contracts.</strong> Before renegotiating, know each plan's real days to pay, denial rate and underpayment rate for your top 20 HCPCS codes.</li>
<li><strong>Product lines.</strong> Compare collected revenue per delivery, not billed charges, when deciding whether to expand a line such as complex rehab or resupply.</li>
<li><strong>Staffing.</strong> Watch denial volume and unbilled counts by week to see when you need another biller, before the backlog appears in days in A/R.</li>
<li><strong>Referral sources.</strong> Track documentation completeness by referring practice, and spend education time where orders most often arrive incomplete.</li>
</ol>
<h2>Getting started</h2>
<p>Start with one daily view: new denials by reason and payer, with an owner for each. Add unbilled deliveries next, then underpayment checks against your fee schedules. Each one pays for itself in recovered claims within a few weeks.</p>
<p>ClaimBridge dashboards update as claims, remittances and deliveries post. <a href="https://www.claimbridge.com/contact">Schedule a demo</a> to see them with sample data.</p>$html$,
  'Analytics', '6', true,
  'Maximizing DME Revenue with Real-Time Reporting', 'real-time reporting',
  '/blog-images/maximizing-revenue-real-time-reporting.svg',
  'Revenue dashboard with four KPI tiles, a rising trend line and a bar chart by payer',
  'Denial tracking, revenue leaks, staff KPIs and strategic decisions: what changes when DME billing data is live instead of monthly.',
  'Maximizing DME Revenue with Real-Time Reporting',
  'Track denials by reason code and payer, route follow-up to worklists, find underpayments and unbilled revenue, and measure staff KPIs with live DME data.',
  '/og/default.png', 'summary_large_image', 'https://www.claimbridge.com/blog/maximizing-revenue-real-time-reporting',
  'Kevin Brandt, Head of Analytics',
  array['analytics', 'denial tracking', 'underpayments', 'KPIs', 'reporting']::text[], 'BlogPosting', false, false,
  '2024-01-05 15:00:00+00', '2024-01-05 15:00:00+00')
on conflict do nothing;

-- DME Billing and Coding Guide: Nine Common Errors and How to Fix Them (published, 762 words)
insert into public.blog_posts (slug, title, description, content, category, read_time, published,
  meta_title, focus_keyword, featured_image_url, featured_image_alt, excerpt, og_title, og_description,
  og_image, twitter_card_type, canonical_url, author_name, tags, schema_type, noindex, nofollow,
  created_at, updated_at)
values (
  'dme-billing-coding-guide',
  'DME Billing and Coding Guide: Nine Common Errors and How to Fix Them',
  'Nine DME billing and coding errors that cause most denials, from missing documentation and wrong HCPCS codes to duplicate claims, each with a workflow fix.',
  $html$<p>Equipment billing fails in predictable ways. The same nine errors account for most of the denials, rework and audit findings we see at HME and DME suppliers, and each one has a fix that can be built into the workflow. Here they are, with the fix for each.</p>
<h2>1. Missing documentation</h2>
<p><strong>The error:</strong> The claim is billed before the order, the treating practitioner's notes or the proof of delivery are complete, or the notes do not support the coverage criteria in the applicable LCD.</p>
<p><strong>The fix:</strong> Use a documentation checklist for each HCPCS family and hold claims until every item is attached. Review the medical record against the coverage criteria, not only for the presence of a signature.</p>
<h2>2. Wrong coding</h2>
<p><strong>The error:</strong> A HCPCS code that does not match the item delivered, a miscellaneous code where a specific code exists, or missing and misordered modifiers such as RR, NU, KH, KI and KJ.</p>
<p><strong>The fix:</strong> Check products against the <a href="https://www.dmepdac.com/" rel="noopener">PDAC</a> product classification list, map every inventory item to its HCPCS code once, and let the billing system apply rental and purchase modifiers from the item's payment category.</p>
<h2>3. Missing prior authorization or insurance verification</h2>
<p><strong>The error:</strong> Delivery happens before the payer's authorization decision, the authorization number is missing from the claim, or coverage changed and nobody checked.</p>
<p><strong>The fix:</strong> Verify eligibility at intake and before each rental month. Store authorization numbers, units and dates with the order, and block delivery scheduling until a required authorization is approved.</p>
<h2>4. Failing to follow regulatory changes</h2>
<p><strong>The error:</strong> Billing under last year's rules: an LCD revision, a new code, a fee schedule update or a change in documentation requirements, such as Medicare's retirement of certificates of medical necessity for dates of service from January 1, 2023.</p>
<p><strong>The fix:</strong> Assign one person to read DME MAC bulletins, LCD and policy article updates and payer newsletters every week, and to turn each change into a claim edit or checklist update with an effective date.</p>
<h2>5. Provider and billing miscommunication</h2>
<p><strong>The error:</strong> The referring practice sends an order without the clinical notes, or the notes do not mention the condition the item treats. Billing learns about it after the claim denies.</p>
<p><strong>The fix:</strong> Send referral sources a one-page requirements sheet for the items they order most, and request missing documents at intake with a specific list. Track documentation completeness by referring practice and follow up where it is low.</p>
<h2>6. Weak denial follow-up</h2>
<p><strong>The error:</strong> Denials sit in clearinghouse reports until the appeal window closes, or they are resubmitted without fixing the reason.</p>
<p><strong>The fix:</strong> Post denials into a worklist by reason code, assign each one an owner and a deadline, and review the top reasons every week. For Medicare, use a reopening for clerical errors and a redetermination, within 120 days, when you disagree with the decision.</p>
<h2>7. Billing non-covered items</h2>
<p><strong>The error:</strong> Billing an item the payer does not cover, or one that does not meet the coverage criteria, without telling the patient in advance.</p>
<p><strong>The fix:</strong> When you expect Medicare to deny an item as not reasonable and necessary, give the patient an advance beneficiary notice before delivery and append the GA modifier. If no ABN was given, use GZ. For items outside the Medicare benefit, such as convenience items, GY tells the payer you expect a denial so the patient's secondary coverage can be billed.</p>
<h2>8. Duplicate claims</h2>
<p><strong>The error:</strong> Resubmitting a claim that is still in process, or billing the same rental month twice after a correction, which produces CO-18 denials and can look like overbilling in an audit.</p>
<p><strong>The fix:</strong> Check claim status before any resubmission. Use the correct frequency code on corrected claims for payers that accept them, and block a second claim for the same patient, HCPCS code and date of service.</p>
<h2>9. Inaccurate patient data</h2>
<p><strong>The error:</strong> A misspelled name, an old Medicare Beneficiary Identifier, a wrong date of birth or a missing secondary payer. These reject at the front end or deny as patient not identified.</p>
<p><strong>The fix:</strong> Scan insurance cards at intake, use the eligibility response to confirm name, identifier and date of birth, and re-verify when a patient reports a plan change.</p>
<h2>Put the fixes where the errors start</h2>
<p>Eight of these nine errors start before the claim is built: at intake, at the referral source or at delivery. That is why adding more billers rarely fixes a denial problem. Moving the checks upstream does.</p>
<p>If you would like a second set of eyes on your denial patterns, <a href="https://www.claimbridge.com/contact">contact ClaimBridge</a> for a free billing assessment.</p>$html$,
  'Billing & Coding', '8', true,
  'DME Billing and Coding Guide: Nine Common Errors', 'DME billing and coding',
  '/blog-images/dme-billing-coding-guide.svg',
  'Claim form with two highlighted code fields under a magnifying glass',
  'Missing documentation, wrong codes, missed authorizations, duplicates and bad patient data: nine DME billing errors and the fix for each.',
  'DME Billing and Coding Guide: Nine Common Errors',
  'Nine DME billing and coding errors that cause most denials, from missing documentation and wrong HCPCS codes to duplicate claims, each with a workflow fix.',
  '/og/default.png', 'summary_large_image', 'https://www.claimbridge.com/blog/dme-billing-coding-guide',
  'Lauren Mitchell, CPC, Senior Billing and Coding Specialist',
  array['billing', 'coding', 'HCPCS', 'modifiers', 'denials']::text[], 'TechArticle', false, false,
  '2024-01-17 15:00:00+00', '2024-01-17 15:00:00+00')
on conflict do nothing;

-- PAP Prior Authorization and the 90-Day Adherence Window (published, 572 words)
insert into public.blog_posts (slug, title, description, content, category, read_time, published,
  meta_title, focus_keyword, featured_image_url, featured_image_alt, excerpt, og_title, og_description,
  og_image, twitter_card_type, canonical_url, author_name, tags, schema_type, noindex, nofollow,
  created_at, updated_at)
values (
  'pap-therapy-prior-authorization-adherence',
  'PAP Prior Authorization and the 90-Day Adherence Window',
  'What a complete PAP request contains, which plans require prior authorization, and a day-by-day schedule that keeps CPAP rentals covered after 90 days.',
  $html$<p>PAP devices are among the highest-volume items an equipment supplier bills, and among the most frequently denied. The reasons are rarely about whether the patient has sleep apnea. They are about timing: when the face-to-face visit happened, when the sleep test was read, whether a plan required authorization, and whether adherence was documented inside the window.</p>
<h2>Does this plan need prior authorization?</h2>
<p>Traditional Medicare does not require prior authorization for CPAP (E0601) or bilevel devices without backup rate (E0470). Many Medicare Advantage, Medicaid and commercial plans do. Store the rule at the plan level: two plans from the same carrier can differ, and a patient who moves from Original Medicare to a Medicare Advantage plan at open enrollment can need an authorization for a rental already in progress.</p>
<h2>The initial request</h2>
<p>Most plans follow the structure of the Medicare PAP policy, so a packet built to that standard rarely comes back. It should contain:</p>
<ul>
<li><strong>The face-to-face clinical evaluation</strong> by the treating practitioner before the sleep test, documenting signs and symptoms of obstructive sleep apnea.</li>
<li><strong>The sleep test</strong>, either in a facility or at home, with the AHI or RDI. Medicare covers PAP for an AHI or RDI of 15 or more events per hour, or 5 to 14 with documented symptoms or conditions such as excessive daytime sleepiness, impaired cognition, hypertension or ischemic heart disease.</li>
<li><strong>A standard written order</strong> for the device, the humidifier if ordered, and the mask and supplies.</li>
</ul>
<p>Check that the dates line up. A sleep test dated before the face-to-face visit is a common reason for a denial that no appeal will fix.</p>
<h2>The 90-day adherence window</h2>
<p>Medicare covers an initial 12-week period. To continue coverage after it, two things must happen:</p>
<ol>
<li>The treating practitioner re-evaluates the patient between day 31 and day 91 after starting therapy, and documents that symptoms improved.</li>
<li>Objective data shows use of 4 or more hours per night on 70 percent of nights during a consecutive 30-day period in the first three months.</li>
</ol>
<p>Seventy percent of 30 nights is 21 nights. A patient who uses the device for 5 hours on 20 nights and not at all on the other 10 does not qualify, even though the average looks healthy.</p>
<h2>A schedule that protects the rental</h2>
<ul>
<li><strong>Day 0:</strong> setup, mask fitting, and the re-evaluation visit booked with the practitioner's office.</li>
<li><strong>Day 7:</strong> first data download; call the patient if use is under 4 hours per night.</li>
<li><strong>Day 30:</strong> download and review; flag patients with fewer than 21 qualifying nights.</li>
<li><strong>Days 45 to 60:</strong> confirm the re-evaluation visit happened and request the note.</li>
<li><strong>Day 75:</strong> final adherence report, and an authorization renewal request if the plan requires one.</li>
</ul>
<p>Most early non-adherence is a mask problem: leaks, pressure marks or claustrophobia with a full-face mask. A call at day 7 and a mask change fix more adherence problems than any letter at day 80.</p>
<h2>On the claim</h2>
<ul>
<li>Bill the device as a capped rental with RR and the KH, KI or KJ modifier for the rental month.</li>
<li>Append KX only when the coverage criteria are met and documented, including adherence for months 4 onward.</li>
<li>Put the authorization number on the claim for plans that require one, and stop billing at the authorized end date until a renewal is approved.</li>
</ul>
<p>ClaimBridge prior authorization specialists track PAP requests and adherence windows for suppliers of every size. Download our <a href="https://www.claimbridge.com/whitepapers">Prior Authorization Field Guide</a> for the full checklists.</p>$html$,
  'Prior Authorization', '5', true,
  'PAP Prior Authorization and the 90-Day Adherence Window', 'CPAP prior authorization',
  '/blog-images/pap-therapy-prior-authorization-adherence.svg',
  'Thirty-night calendar with most nights marked as used, next to an adherence gauge',
  'Face-to-face timing, qualifying sleep tests, and 4 hours a night on 21 of 30 nights: how to keep PAP rentals authorized and paid.',
  'PAP Prior Authorization and the 90-Day Adherence Window',
  'What a complete PAP request contains, which plans require prior authorization, and a day-by-day schedule that keeps CPAP rentals covered after 90 days.',
  '/og/default.png', 'summary_large_image', 'https://www.claimbridge.com/blog/pap-therapy-prior-authorization-adherence',
  'Tom Alvarez, Prior Authorization Team Lead',
  array['prior authorization', 'CPAP', 'PAP adherence', 'sleep apnea', 'KX modifier']::text[], 'Article', false, false,
  '2024-06-12 15:00:00+00', '2024-06-12 15:00:00+00')
on conflict do nothing;

-- Oxygen Billing After the 36-Month Rental Cap (published, 619 words)
insert into public.blog_posts (slug, title, description, content, category, read_time, published,
  meta_title, focus_keyword, featured_image_url, featured_image_alt, excerpt, og_title, og_description,
  og_image, twitter_card_type, canonical_url, author_name, tags, schema_type, noindex, nofollow,
  created_at, updated_at)
values (
  'oxygen-billing-36-month-rental-cap',
  'Oxygen Billing After the 36-Month Rental Cap',
  'How Medicare''s 36-month oxygen rental cap works, what suppliers can still bill in months 37 to 60, how transfers affect the count, and which modifiers apply.',
  $html$<p>Home oxygen is billed differently from almost every other rental. Medicare pays a monthly rental for oxygen equipment for 36 months, and then stops paying for the equipment, but the supplier's obligation to the patient does not stop. Suppliers that do not track the month count lose money in both directions: they bill months that will not pay, and they miss contents billing that will.</p>
<h2>How the 36-month cap works</h2>
<ul>
<li>The monthly rental for stationary equipment, such as a concentrator (E1390), covers the equipment, delivery, maintenance and, for concentrators, everything the patient needs to use it.</li>
<li>Portable equipment, such as a portable gaseous system (E0431) or a portable concentrator (E1392), is paid as a separate monthly add-on, subject to the same cap.</li>
<li>After the 36th paid rental month, Medicare stops paying rental. The supplier keeps ownership of the equipment.</li>
<li>The supplier that was paid for month 36 must continue to furnish the equipment, and keep it working, for the rest of the equipment's 5-year reasonable useful lifetime. That means months 37 through 60 with no rental payment.</li>
</ul>
<h2>What can still be billed after month 36</h2>
<p>During the 36 rental months, oxygen contents are included in the stationary equipment payment. For patients using stationary or portable gaseous or liquid oxygen, the contents are billed monthly after the cap: stationary contents with E0441 (gaseous) or E0442 (liquid), and portable contents with E0443 (gaseous) or E0444 (liquid). A patient on a stationary concentrator with no tanks generates no contents billing after the cap, but still needs service.</p>
<p>This is why the equipment mix at setup matters. A concentrator with a portable concentrator has no contents revenue after month 36. A concentrator with portable gaseous tanks does.</p>
<h2>When the count carries over</h2>
<p>The 36 months belong to the patient's period of continuous use, not to your company. If a patient comes to you from another supplier in month 20, you are paid for the 16 months that remain. Before accepting a transfer, confirm the month count with the prior supplier or through claim history, and confirm who holds the equipment.</p>
<p>A new 36-month rental period generally starts only in specific circumstances, such as when the 5-year reasonable useful lifetime ends and the patient elects new equipment, or when an item is lost, stolen or irreparably damaged and replaced. A gap in billing alone does not reset the count.</p>
<h2>Qualifying and documenting</h2>
<p>Since January 1, 2023, Medicare no longer uses the oxygen certificate of medical necessity (CMS-484). The coverage criteria did not go away; they now have to be clear in the treating practitioner's records and the order. A qualifying test shows an arterial PO2 at or below 55 mm Hg or an oxygen saturation at or below 88 percent under the conditions the policy specifies. See the <a href="https://www.cgsmedicare.com/jc/claims/cmn_dif_elimination.html">DME MAC notice on the CMN elimination</a> for the details.</p>
<h2>Modifiers to get right</h2>
<ul>
<li><strong>QE</strong> when the prescribed stationary flow is less than 1 liter per minute.</li>
<li><strong>QG</strong> when it is greater than 4 liters per minute.</li>
<li><strong>QF</strong> when it is greater than 4 liters per minute and portable oxygen is also prescribed.</li>
</ul>
<p>Liter-flow modifiers change the payment amount, so a flow change during the rental needs a new order and a billing change from that date.</p>
<h2>Track it per patient</h2>
<p>Keep a month counter on every oxygen rental that shows the current month, the cap month, the end of the useful lifetime and the contents billing start date. Report monthly on patients reaching month 36 in the next 60 days so that contents billing starts on time and nobody bills a rental month that will deny.</p>
<p>ClaimBridge manages oxygen rental cycles for suppliers across all four DME MAC jurisdictions. <a href="https://www.claimbridge.com/contact">Talk to our billing team</a>.</p>$html$,
  'Billing & Coding', '5', true,
  'Oxygen Billing After the 36-Month Rental Cap', 'oxygen 36-month cap',
  '/blog-images/oxygen-billing-36-month-rental-cap.svg',
  'Sixty-month timeline with 36 filled months and 24 outlined months beside an oxygen cylinder',
  'Rental stops at month 36, but service continues to month 60. Track the count per patient and bill contents on time.',
  'Oxygen Billing After the 36-Month Rental Cap',
  'How Medicare''s 36-month oxygen rental cap works, what suppliers can still bill in months 37 to 60, how transfers affect the count, and which modifiers apply.',
  '/og/default.png', 'summary_large_image', 'https://www.claimbridge.com/blog/oxygen-billing-36-month-rental-cap',
  'Lauren Mitchell, CPC, Senior Billing and Coding Specialist',
  array['oxygen', 'rental cap', 'capped rental', 'oxygen contents', 'modifiers']::text[], 'TechArticle', false, false,
  '2025-02-19 15:00:00+00', '2025-03-04 16:30:00+00')
on conflict do nothing;

-- KX, GA and GZ Modifiers: When Each One Belongs on a DME Claim (published, 584 words)
insert into public.blog_posts (slug, title, description, content, category, read_time, published,
  meta_title, focus_keyword, featured_image_url, featured_image_alt, excerpt, og_title, og_description,
  og_image, twitter_card_type, canonical_url, author_name, tags, schema_type, noindex, nofollow,
  created_at, updated_at)
values (
  'kx-ga-gz-modifiers-dme-claims',
  'KX, GA and GZ Modifiers: When Each One Belongs on a DME Claim',
  'KX, GA and GZ decide who pays when a Medicare DME claim is denied. Learn when each modifier applies, how ABNs fit in, and the claim edits that enforce them.',
  $html$<p>Three two-letter modifiers decide who pays when a Medicare equipment claim is reviewed: the payer, the patient or the supplier. KX, GA and GZ are not interchangeable, and using the wrong one, or none, turns a documentation question into a liability question.</p>
<h2>KX: the coverage criteria are met</h2>
<p>KX means "requirements specified in the medical policy have been met." Many DME MAC local coverage determinations require it. By adding KX, the supplier states that the documentation on file meets every coverage criterion in the policy for that item.</p>
<ul>
<li>Add KX only after the documentation has been reviewed against the LCD, not because the item usually qualifies.</li>
<li>For PAP rentals from month 4 onward, KX also means the adherence and re-evaluation requirements were met.</li>
<li>In policies that require KX, a line without it, and without GA or GZ, is denied.</li>
</ul>
<p>KX is an attestation. In an audit, a KX claim whose records do not meet the criteria is an overpayment, and a pattern of them is a compliance problem.</p>
<h2>GA: you expect a denial and the patient was told</h2>
<p>GA means a waiver of liability statement was issued as required by payer policy. In practice, the patient signed an advance beneficiary notice (ABN, form CMS-R-131) before delivery, because you expected Medicare to deny the item as not reasonable and necessary.</p>
<ul>
<li>The ABN must name the item, give a specific reason you expect a denial, and estimate the cost.</li>
<li>It must be given before delivery, with enough time for the patient to decide.</li>
<li>Routine or blanket ABNs given to every patient are not valid and do not shift liability.</li>
</ul>
<p>If a GA line is denied, the denial carries the PR group code and the patient is responsible.</p>
<h2>GZ: you expect a denial and there is no ABN</h2>
<p>GZ means the item is expected to be denied as not reasonable and necessary, and no ABN is on file. Use it when you know the coverage criteria are not met and you did not obtain an ABN, for example after an emergency delivery. Expect GZ lines to be denied, with the supplier liable. Billing GZ honestly is still better than leaving the modifier off: it tells the contractor you are not claiming the criteria were met.</p>
<h2>GY: not a Medicare benefit at all</h2>
<p>GY is different. It means the item is statutorily excluded or does not meet the definition of any Medicare benefit, such as a convenience item. The claim denies as patient responsibility, and the denial allows a secondary payer that covers the item to pay. An ABN is not required for GY items, though a voluntary notice is good practice.</p>
<h2>A decision table</h2>
<ul>
<li><strong>Criteria met and documented:</strong> KX. If denied, appeal with the records.</li>
<li><strong>Criteria not met, valid ABN signed:</strong> GA. If denied, the patient is responsible.</li>
<li><strong>Criteria not met, no ABN:</strong> GZ. If denied, the supplier is responsible.</li>
<li><strong>Not a Medicare benefit:</strong> GY. The patient or a secondary payer is responsible.</li>
</ul>
<h2>Build it into the claim edits</h2>
<p>These rules are easy to enforce in software and easy to forget by hand. Block KX when the item's documentation checklist is incomplete, block GA when no signed ABN is attached, and never allow KX with GA or GZ on the same line. Place pricing modifiers such as RR, NU or UE first, followed by the capped rental month modifier and then KX, GA or GZ.</p>
<p>ClaimBridge applies these edits on every claim we submit for our clients. <a href="https://www.claimbridge.com/contact">Contact us</a> to review how your modifiers are set up.</p>$html$,
  'Billing & Coding', '4', true,
  'KX, GA and GZ Modifiers on DME Claims Explained', 'KX GA GZ modifiers',
  '/blog-images/kx-ga-gz-modifiers-dme-claims.svg',
  'List of claim lines with colored modifier tags, one line highlighted',
  'KX attests the criteria are met, GA means a valid ABN is on file, GZ means it is not. Use the wrong one and liability shifts.',
  'KX, GA and GZ Modifiers on DME Claims Explained',
  'KX, GA and GZ decide who pays when a Medicare DME claim is denied. Learn when each modifier applies, how ABNs fit in, and the claim edits that enforce them.',
  '/og/default.png', 'summary_large_image', 'https://www.claimbridge.com/blog/kx-ga-gz-modifiers-dme-claims',
  'Denise Carter, CRCR, Billing Compliance Lead',
  array['modifiers', 'KX modifier', 'ABN', 'GA modifier', 'GZ modifier']::text[], 'TechArticle', false, false,
  '2025-08-06 15:00:00+00', '2025-08-06 15:00:00+00')
on conflict do nothing;

-- Days in A/R for DME Suppliers: How to Measure It and What Moves It (published, 525 words)
insert into public.blog_posts (slug, title, description, content, category, read_time, published,
  meta_title, focus_keyword, featured_image_url, featured_image_alt, excerpt, og_title, og_description,
  og_image, twitter_card_type, canonical_url, author_name, tags, schema_type, noindex, nofollow,
  created_at, updated_at)
values (
  'days-in-ar-dme-suppliers',
  'Days in A/R for DME Suppliers: How to Measure It and What Moves It',
  'Calculate days in A/R the same way every month, read aging buckets by payer and product line, and pull the five levers that shorten the DME revenue cycle.',
  $html$<p>Days in accounts receivable is the number owners ask about first and billing teams like least, because it moves for reasons nobody in the billing office controls. It is still the best single measure of how quickly equipment revenue turns into cash. The trick is calculating it the same way every month and reading it alongside the measures that explain it.</p>
<h2>How to calculate it</h2>
<p>Days in A/R equals total open accounts receivable divided by average daily charges. Average daily charges are usually the last 90 days of charges divided by 90.</p>
<p>An example supplier has $1,240,000 in open A/R at month end and billed $2,700,000 over the last 90 days. Average daily charges are $30,000, so days in A/R are $1,240,000 divided by $30,000, or 41.3 days.</p>
<h2>Gross charges or expected amounts</h2>
<p>Equipment charge masters are often set well above Medicare and contracted rates. If one payer pays 40 percent of charges and another pays 80 percent, a change in payer mix moves days in A/R even when nothing about collections has changed. Calculating both A/R and daily charges at expected reimbursement, the contracted or allowed amount, gives a number that follows cash. Whichever basis you choose, keep it fixed.</p>
<h2>What the number hides</h2>
<ul>
<li><strong>Unbilled deliveries.</strong> Claims held for missing documentation are not in A/R yet, so a supplier that bills slowly can show excellent days in A/R. Track days from delivery to claim alongside it.</li>
<li><strong>Rental timing.</strong> Each rental month is billed when it begins, so a growing rental book adds steady, young A/R that flatters the average.</li>
<li><strong>Credit balances.</strong> Netting overpayments against open balances hides both a refund obligation and slow collections.</li>
</ul>
<h2>Read the aging buckets</h2>
<p>Split A/R by age: 0 to 30, 31 to 60, 61 to 90, 91 to 120 and over 120 days. Then split each bucket by payer and by product line. A common target is less than 15 to 20 percent of A/R older than 90 days. If the total looks fine but the over-120 bucket is growing, the team is working new claims and letting old ones age toward write-off.</p>
<h2>What actually moves it</h2>
<ol>
<li><strong>Bill faster.</strong> Move documentation checks before delivery so claims are not held after it. Getting from 5 days to 1 day between delivery and claim takes about 4 days out of the cycle.</li>
<li><strong>Submit cleaner.</strong> Every rejected or denied claim adds weeks. Eligibility, authorization and modifier edits raise the clean claim rate.</li>
<li><strong>Follow up on a cadence.</strong> Check every insurance claim without a response at 30 days, not when it turns up on a 90-day report.</li>
<li><strong>Work denials within a week.</strong> Use a worklist sorted by amount and deadline.</li>
<li><strong>Collect the patient share at delivery.</strong> Estimate coinsurance and deductibles from the eligibility response and collect when the item arrives.</li>
</ol>
<h2>Report it with context</h2>
<p>Show days in A/R on one page with days to bill, clean claim rate, denial rate and the share of A/R over 90 days, trended for 12 months. When days in A/R rises, the other four show why.</p>
<p>Our <a href="https://www.claimbridge.com/whitepapers">Days in A/R worksheet</a> walks through the calculation step by step. ClaimBridge reports these measures live for every managed-services client.</p>$html$,
  'Revenue Cycle', '4', true,
  'Days in A/R for DME Suppliers: Measure and Improve', 'days in A/R',
  '/blog-images/days-in-ar-dme-suppliers.svg',
  'Accounts receivable aging bars next to a gauge',
  'Total A/R divided by average daily charges, read with the aging buckets and the five levers that actually move it.',
  'Days in A/R for DME Suppliers: Measure and Improve',
  'Calculate days in A/R the same way every month, read aging buckets by payer and product line, and pull the five levers that shorten the DME revenue cycle.',
  '/og/default.png', 'summary_large_image', 'https://www.claimbridge.com/blog/days-in-ar-dme-suppliers',
  'Kevin Brandt, Head of Analytics',
  array['days in A/R', 'accounts receivable', 'aging', 'revenue cycle', 'KPIs']::text[], 'BlogPosting', false, false,
  '2026-03-11 15:00:00+00', '2026-03-11 15:00:00+00')
on conflict do nothing;

-- Audit Readiness for DME Suppliers: TPE, RAC and UPIC Requests (draft, 513 words)
insert into public.blog_posts (slug, title, description, content, category, read_time, published,
  meta_title, focus_keyword, featured_image_url, featured_image_alt, excerpt, og_title, og_description,
  og_image, twitter_card_type, canonical_url, author_name, tags, schema_type, noindex, nofollow,
  created_at, updated_at)
values (
  'dme-audit-readiness-tpe-rac-upic',
  'Audit Readiness for DME Suppliers: TPE, RAC and UPIC Requests',
  'Who sends DME documentation requests, what to do in the first 48 hours, what a complete record contains, and how to audit your own claims before they do.',
  $html$<p>Every equipment supplier that bills Medicare long enough receives an additional documentation request. The letter itself is routine. What decides the outcome is whether the records for that claim can be pulled, checked and sent well inside the deadline, and whether they answer the questions the reviewer will ask.</p>
<h2>Who sends the request</h2>
<h3>DME MAC: Targeted Probe and Educate</h3>
<p>Under TPE, the DME MAC reviews a sample of 20 to 40 claims for a supplier, usually for one item group with a high error rate. After each round the supplier receives one-on-one education. A supplier can go through up to three rounds; continued high error rates after the third round can lead to referral to CMS for further action, such as extended prepayment review or a referral to a recovery auditor.</p>
<h3>Recovery Audit Contractor</h3>
<p>The RAC for DMEPOS reviews claims after payment, generally within three years of the paid date, and issues overpayment demands for claims it finds unsupported. RAC findings can be appealed through the same five levels as any Medicare claim decision.</p>
<h3>Unified Program Integrity Contractor</h3>
<p>UPICs investigate potential fraud, waste and abuse. A UPIC request may come with a site visit, interviews or a request for a large set of records, and can lead to payment suspension or a referral to law enforcement. Treat a UPIC request as a priority for the owner and, usually, for legal counsel.</p>
<h3>CERT</h3>
<p>The Comprehensive Error Rate Testing contractor samples claims to measure improper payments nationally. A CERT request is not an accusation, but an unanswered one is counted as an error and the claim can be recouped.</p>
<h2>The first 48 hours</h2>
<ol>
<li>Log the request: contractor, claim numbers, date on the letter and due date. Most requests allow 45 days from the date of the letter.</li>
<li>Pull every claim's file and check it against a checklist before anyone writes a cover letter.</li>
<li>Request anything missing from referral sources now. Practitioner offices need time.</li>
<li>Assign one owner for the response and one reviewer.</li>
</ol>
<h2>What a complete record contains</h2>
<ul>
<li>The standard written order, and proof it was on file before delivery for items that need a written order prior to delivery.</li>
<li>The treating practitioner's records that support medical need, including the face-to-face encounter where the item requires one.</li>
<li>Proof of delivery matching the item, serial number, quantity and date billed.</li>
<li>For rentals and supplies, evidence of continued need and use, and refill documentation for each shipment.</li>
<li>Any signed ABN supporting a GA modifier.</li>
</ul>
<p>Add a cover letter listing each claim and the pages that support it, number the pages, and submit through esMD or the contractor's portal. Keep the confirmation.</p>
<h2>Audit yourself first</h2>
<p>Each quarter, sample 10 to 20 paid claims per product line and score them with the same checklist. Track the error rate by element, fix the intake step that produced the error, and re-sample next quarter. When your own review finds an overpayment, report and return it within 60 days of identifying it.</p>
<p>ClaimBridge prepares documentation request responses for clients and runs quarterly internal audits. Our <a href="https://www.claimbridge.com/whitepapers">audit readiness guide</a> includes the full checklist.</p>$html$,
  'Compliance', '5', false,
  'DME Audit Readiness: TPE, RAC and UPIC Requests', 'DME audit readiness',
  '/blog-images/dme-audit-readiness-tpe-rac-upic.svg',
  'Stack of documentation folders with a checklist, a calendar with a due date and a clock',
  'TPE, RAC, UPIC and CERT requests ask the same question. Have every claim''s records ready to answer it well inside 45 days.',
  'DME Audit Readiness: TPE, RAC and UPIC Requests',
  'Who sends DME documentation requests, what to do in the first 48 hours, what a complete record contains, and how to audit your own claims before they do.',
  '/og/default.png', 'summary_large_image', 'https://www.claimbridge.com/blog/dme-audit-readiness-tpe-rac-upic',
  'James Okafor, Compliance Manager',
  array['audits', 'TPE', 'RAC', 'UPIC', 'ADR']::text[], 'Article', false, false,
  '2026-09-15 15:00:00+00', '2026-09-15 15:00:00+00')
on conflict do nothing;

-- Standard Written Orders, CMNs and DWOs: What Medicare Requires Now (draft, 477 words)
insert into public.blog_posts (slug, title, description, content, category, read_time, published,
  meta_title, focus_keyword, featured_image_url, featured_image_alt, excerpt, og_title, og_description,
  og_image, twitter_card_type, canonical_url, author_name, tags, schema_type, noindex, nofollow,
  created_at, updated_at)
values (
  'standard-written-order-documentation-checklist',
  'Standard Written Orders, CMNs and DWOs: What Medicare Requires Now',
  'Medicare replaced DWOs with the standard written order in 2020 and retired CMNs in 2023. See what a valid DME order contains and when you need a new one.',
  $html$<p>Equipment suppliers still talk about CMNs and DWOs, and many intake forms still carry those names. For Medicare, both have been replaced. Knowing what each term means now, and what a valid order has to contain, prevents a whole family of denials and audit findings.</p>
<h2>From DWO to standard written order</h2>
<p>For dates of service from January 1, 2020, Medicare replaced the detailed written order (DWO) and the other order types with a single standard written order (SWO). Someone other than the treating practitioner may prepare it, but the practitioner must review and sign it. A valid SWO contains:</p>
<ul>
<li>the beneficiary's name or Medicare Beneficiary Identifier;</li>
<li>the order date;</li>
<li>a general description of the item, which can be a general description, a HCPCS code or its narrative, or a brand name and model number;</li>
<li>each separately billed option, accessory or supply ordered with it, listed separately;</li>
<li>the quantity to be dispensed, if applicable;</li>
<li>the treating practitioner's name or NPI;</li>
<li>the treating practitioner's signature.</li>
</ul>
<p>The SWO must be on file before you bill. For items on the Required Face-to-Face Encounter and Written Order Prior to Delivery list, such as power mobility devices, it must be on file before delivery, and the face-to-face encounter must have taken place within the six months before the order. Noridian's <a href="https://med.noridianmedicare.com/web/jadme/topics/documentation/standard-written-order">standard written order page</a> lists the current requirements.</p>
<h2>CMNs and DIFs are gone for Medicare</h2>
<p>For dates of service from January 1, 2023, Medicare no longer uses certificates of medical necessity or DME information forms. That covered oxygen (CMS-484), pneumatic compression devices, osteogenesis stimulators, TENS units, seat lift mechanisms, external infusion pumps and enteral and parenteral nutrition. Claims sent with CMN or DIF data for those dates are rejected.</p>
<p>The coverage criteria those forms captured still apply. They now have to be documented in the treating practitioner's records, and in some cases on the claim. Some Medicaid programs and commercial plans still ask for their own forms, so keep the requirement at the plan level.</p>
<h2>When you need a new order</h2>
<ul>
<li>For every purchase and every initial rental.</li>
<li>When the order changes, such as a new quantity or a different item.</li>
<li>When the item is replaced.</li>
<li>On a regular schedule when the medical policy requires it.</li>
<li>When the patient changes suppliers and the new supplier cannot get a copy of a valid order.</li>
</ul>
<h2>An intake checklist</h2>
<ol>
<li>Check every SWO element before the order is accepted, not before the claim is built.</li>
<li>Confirm the signature belongs to the treating practitioner and the order date is on or before the delivery date.</li>
<li>For written-order-prior-to-delivery items, record the date the order was received and block delivery scheduling until then.</li>
<li>Retire CMN fields from Medicare intake templates and replace them with a request for the clinical notes that support each coverage criterion.</li>
</ol>
<p>ClaimBridge intake specialists check orders against these requirements before delivery. <a href="https://www.claimbridge.com/contact">Contact us</a> to learn more.</p>$html$,
  'Documentation', '4', false,
  'Standard Written Orders, CMNs and DWOs Explained', 'standard written order',
  '/blog-images/standard-written-order-documentation-checklist.svg',
  'Written order with a completed checklist and a signature line',
  'The seven elements of a standard written order, what replaced CMNs, and an intake checklist that stops order denials.',
  'Standard Written Orders, CMNs and DWOs Explained',
  'Medicare replaced DWOs with the standard written order in 2020 and retired CMNs in 2023. See what a valid DME order contains and when you need a new one.',
  '/og/default.png', 'summary_large_image', 'https://www.claimbridge.com/blog/standard-written-order-documentation-checklist',
  'Denise Carter, CRCR, Billing Compliance Lead',
  array['standard written order', 'DWO', 'CMN', 'documentation', 'intake']::text[], 'TechArticle', false, false,
  '2026-10-20 15:00:00+00', '2026-10-20 15:00:00+00')
on conflict do nothing;

-- Whitepapers. The table has no natural unique key, so each row carries a fixed id to keep this insert
-- idempotent. file_path is relative to the whitepapers bucket; null shows 'Coming Soon'.
insert into public.whitepapers (id, title, description, category, pages, featured, file_path, created_at,
  updated_at)
values (
  '97e83d27-c914-5bb0-8857-3158bf8a25fb',
  'The DME Denial Management Playbook',
  'How HME/DME suppliers sort denials by root cause, build one worklist with deadlines and owners, and run a weekly review that stops repeat denials.',
  'Revenue Cycle', 5, true, 'dme-denial-management-playbook.pdf',
  '2025-09-09 14:00:00+00', '2025-09-09 14:00:00+00')
on conflict do nothing;

insert into public.whitepapers (id, title, description, category, pages, featured, file_path, created_at,
  updated_at)
values (
  'e138e158-a845-590d-b5e0-cebeca698f33',
  'Prior Authorization Field Guide for PAP, Oxygen and Mobility',
  'What complete prior authorization requests contain for PAP devices, home oxygen and power mobility, and how to track each one to a decision without losing rental months.',
  'Prior Authorization', 5, true, 'dme-prior-authorization-field-guide.pdf',
  '2026-02-03 14:00:00+00', '2026-02-03 14:00:00+00')
on conflict do nothing;

insert into public.whitepapers (id, title, description, category, pages, featured, file_path, created_at,
  updated_at)
values (
  '468dfe12-445e-542c-813c-8a651b12df66',
  'Audit Readiness for DME Suppliers: TPE, RAC and UPIC',
  'Who sends additional documentation requests, what a complete response includes, and a quarterly internal audit routine that finds gaps first.',
  'Compliance', 4, false, 'dme-audit-readiness-guide.pdf',
  '2025-05-14 14:00:00+00', '2025-05-14 14:00:00+00')
on conflict do nothing;

insert into public.whitepapers (id, title, description, category, pages, featured, file_path, created_at,
  updated_at)
values (
  '1041af15-9ede-58f0-baa9-4c446d1e995e',
  'Measuring Days in A/R: A Worksheet for HME/DME Suppliers',
  'A step-by-step days in A/R calculation, how to read aging buckets by payer and product line, and the measures that explain a change.',
  'Analytics', 4, false, 'days-in-ar-worksheet.pdf',
  '2024-11-06 14:00:00+00', '2024-11-06 14:00:00+00')
on conflict do nothing;

-- No file yet: the site shows 'Coming Soon'; pages is the planned length.
insert into public.whitepapers (id, title, description, category, pages, featured, file_path, created_at,
  updated_at)
values (
  '48083e00-c3aa-55fb-9613-dc0719797bcd',
  'Competitive Bidding Readiness for HME/DME Suppliers',
  'How the next round of the Medicare DMEPOS Competitive Bidding Program could affect your product lines, payer mix and contract decisions.',
  'Reimbursement', 8, false, null,
  '2026-10-28 14:00:00+00', '2026-10-28 14:00:00+00')
on conflict do nothing;
