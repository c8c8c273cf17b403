// A campaign page of ten blocks at /bench-landing (issue 38's benchmark page), created through
// /rest/v1 with the service key of a server started on the local demo JWT secret
// (tests/tools/with-server.sh). Used by run.sh (throughput against nginx) and lighthouse.mjs.
//   CLAIMBRIDGE_URL=http://localhost:54321 node tests/bench/site/landing-page.mjs
import { createHmac } from 'node:crypto'

export const LANDING_ROUTE = '/bench-landing'

const JWT_SECRET = process.env.JWT_SECRET ?? 'super-secret-jwt-token-with-at-least-32-characters-long'

function serviceKey() {
  const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ role: 'service_role', iss: 'bench' })}`
  return `${unsigned}.${createHmac('sha256', JWT_SECRET).update(unsigned).digest('base64url')}`
}

const logo = (name, file) => ({ name, image: { src: `/images/customers/${file}.svg`, alt: `${name} logo` } })

const BLOCKS = [
  { id: 'hero', kind: 'hero', data: {
    eyebrow: 'Free assessment for oxygen and CPAP suppliers',
    heading: 'Stop losing resupply revenue to missed refill windows',
    text: 'We review 50 of your recent CPAP and oxygen claims and show where documentation, timing and modifiers cost you money.',
    points: ['Refill-rule checks on every resupply order', 'KX and RR modifiers applied by payer rule', 'Denials worked within five business days'],
    visual: 'claim-timeline',
    actions: [{ label: 'Book my assessment', href: '#assessment' }, { label: 'See RCM services', href: '/rcm-services' }] } },
  { id: 'logos', kind: 'logo-strip', data: {
    title: 'Suppliers who moved their resupply billing to {company}',
    logos: [logo('Summit Home Medical', 'summit-home-medical'), logo('CareLine Mobility', 'careline-mobility'),
      logo('Oxygen Plus Supply', 'oxygen-plus-supply'), logo('Riverbend Respiratory', 'riverbend-respiratory'),
      logo('Coastal Sleep Solutions', 'coastal-sleep-solutions')] } },
  { id: 'numbers', kind: 'stats-strip', data: {
    title: 'Resupply results', look: 'band',
    stats: [{ value: '31%', label: 'More resupply orders shipped' }, { value: '5%', label: 'Denial rate after 90 days' }, { value: '33', label: 'Days in A/R' }] } },
  { id: 'features', kind: 'feature-grid', data: {
    title: 'What the program covers', lead: 'Outreach, documentation and billing in one workflow.', columns: '3',
    cards: [
      { icon: 'message', title: 'Patient outreach', text: 'Texts, email and calls no sooner than 14 days before shipping, with every answer recorded.' },
      { icon: 'file-text', title: 'Documentation', text: 'Face-to-face notes, orders and compliance downloads checked before the claim goes out.' },
      { icon: 'receipt', title: 'Billing', text: 'Claims built with the right HCPCS codes, quantities and modifiers for each payer.' }] } },
  { id: 'steps', kind: 'steps', data: {
    title: 'How the assessment works', surface: true,
    steps: [{ title: 'Send a claim export', text: 'Fifty recent resupply claims with their remittances.' },
      { title: 'We review them', text: 'A billing specialist traces each claim from order to payment.' },
      { title: 'You get the findings', text: 'A one-hour call with the denials, delays and underpayments we found.' }] } },
  { id: 'quote', kind: 'testimonial', data: {
    quote: 'Our CPAP resupply claims used to sit for a week waiting on paperwork. Now they go out the day the order ships.',
    name: 'Dana Whitfield', role: 'Director of Billing, Summit Home Medical' } },
  { id: 'faq', kind: 'faq', data: {
    title: 'Questions suppliers ask',
    items: [{ question: 'What does the assessment cost?', answer: 'Nothing. It takes one call and a claim export.' },
      { question: 'Which payers do you cover?', answer: 'Medicare, Medicaid plans and the commercial payers in your region.' }] } },
  { id: 'papers', kind: 'whitepaper-cards', data: { title: 'Read before the call', show: 'all', limit: 3 } },
  { id: 'cta', kind: 'cta-band', data: {
    title: 'Find out what your resupply program is missing',
    actions: [{ label: 'Book my assessment', href: '#assessment' }, { label: 'Talk to us', href: '#contact' }] } },
  { id: 'assessment', kind: 'lead-form', data: { anchor: 'assessment', title: 'Book a free resupply assessment', submitLabel: 'Book my assessment' } },
]

export async function createLandingPage(base) {
  const html = await (await fetch(`${base}/`)).text()
  const anonKey = html.match(/"supabaseAnonKey"\s*:\s*"([^"]+)"/)?.[1] ?? ''
  const key = serviceKey()
  const headers = { apikey: anonKey, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }
  await fetch(`${base}/rest/v1/block_pages?route=eq.${LANDING_ROUTE}`, { method: 'DELETE', headers })
  const created = await fetch(`${base}/rest/v1/block_pages`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ route: LANDING_ROUTE, name: 'Resupply assessment', blocks: BLOCKS, published: true }),
  })
  if (created.status !== 201) throw new Error(`creating ${LANDING_ROUTE}: ${created.status} ${await created.text()}`)
  // The site follows the write on its notification: wait until the page is served.
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await fetch(`${base}${LANDING_ROUTE}`)).status === 200) return LANDING_ROUTE
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${LANDING_ROUTE} is not served`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await createLandingPage((process.env.CLAIMBRIDGE_URL ?? 'http://localhost:54321').replace(/\/$/, ''))
  console.log(`${LANDING_ROUTE}: ten blocks`)
}
