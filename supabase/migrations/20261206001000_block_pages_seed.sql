-- The site's six marketing pages as block pages (issue 38): home, services, RCM services, about,
-- careers and API integrations, each section a block with today's copy character for character
-- (`{company}` where the page showed the configured company name), so staff change a headline
-- without a deploy. They are the site's own pages (system): published, never deleted, unpublished
-- or moved (private.block_page_check).
--
-- Block ids keep the element ids the pages always had: a block's title id is `${id}-title`
-- (services-list-title, about-stats-title...), a CTA band's anchor is its section id (#home-cta),
-- and cards, customer types and integration categories keep theirs as anchors (#hme-dme-software,
-- #small-startups, #ehr...). See frontend/src/components/blocks/kinds/.
--
-- Idempotent: a route that already has a page (a staff edit, a second run) keeps it. The existence
-- test comes first because the check trigger refuses a taken route (23505) before ON CONFLICT
-- could skip the row.

-- Home (/)
insert into public.block_pages (route, name, blocks, published, system)
select '/', 'Home', $blocks$[
  {
    "id": "hero",
    "kind": "hero",
    "data": {
      "eyebrow": "Revenue-cycle management for HME/DME suppliers",
      "heading": "Get paid for every piece of equipment you deliver.",
      "text": "ClaimBridge pairs billing specialists with cloud software built for equipment suppliers. We run intake, prior authorization, claims, denials and A/R, so your team can focus on patients and deliveries.",
      "points": [
        "Clean claims before submission: eligibility, DWO, CMN and modifier checks on every order.",
        "Denials worked, not parked: flagged by reason code and payer, routed to a follow-up worklist.",
        "Prior authorizations tracked from request to approval, so deliveries are not held up.",
        "Live reporting on days in A/R, payer mix and cash collected."
      ],
      "visual": "claim-timeline",
      "actions": [
        {
          "label": "Schedule Demo",
          "href": "/contact"
        },
        {
          "label": "Explore RCM services",
          "href": "/rcm-services"
        }
      ]
    }
  },
  {
    "id": "logos",
    "kind": "logo-strip",
    "data": {
      "title": "Trusted by equipment suppliers, from single-location startups to regional chains",
      "logos": [
        {
          "name": "Summit Home Medical",
          "image": {
            "src": "/images/customers/summit-home-medical.svg",
            "alt": "Summit Home Medical"
          }
        },
        {
          "name": "CareLine Mobility",
          "image": {
            "src": "/images/customers/careline-mobility.svg",
            "alt": "CareLine Mobility"
          }
        },
        {
          "name": "Oxygen Plus Supply",
          "image": {
            "src": "/images/customers/oxygen-plus-supply.svg",
            "alt": "Oxygen Plus Supply"
          }
        },
        {
          "name": "Riverbend Respiratory",
          "image": {
            "src": "/images/customers/riverbend-respiratory.svg",
            "alt": "Riverbend Respiratory"
          }
        },
        {
          "name": "Heartland HME Services",
          "image": {
            "src": "/images/customers/heartland-hme.svg",
            "alt": "Heartland HME Services"
          }
        },
        {
          "name": "Keystone O&P Clinics",
          "image": {
            "src": "/images/customers/keystone-op.svg",
            "alt": "Keystone O&P Clinics"
          }
        },
        {
          "name": "Coastal Sleep Solutions",
          "image": {
            "src": "/images/customers/coastal-sleep-solutions.svg",
            "alt": "Coastal Sleep Solutions"
          }
        }
      ]
    }
  },
  {
    "id": "stats",
    "kind": "stats-strip",
    "data": {
      "title": "ClaimBridge by the numbers",
      "look": "band",
      "stats": [
        {
          "value": "500+",
          "label": "Organizations served"
        },
        {
          "value": "$2.5B+",
          "label": "Claims processed annually"
        },
        {
          "value": "99.8%",
          "label": "Customer satisfaction"
        }
      ]
    }
  },
  {
    "id": "testimonial",
    "kind": "testimonial",
    "data": {
      "title": "What our clients say",
      "quote": "Our CPAP resupply claims used to sit for a week waiting on paperwork. Now they go out the day the order ships. In two quarters our denial rate fell from 14% to 5% and days in A/R went from 61 to 33.",
      "name": "Dana Whitfield",
      "role": "Director of Billing, Summit Home Medical"
    }
  },
  {
    "id": "home-cta",
    "kind": "cta-band",
    "data": {
      "anchor": "home-cta",
      "title": "Find out what your claims are waiting on",
      "text": "Tell us your product lines and claim volume. A revenue-cycle specialist replies within 24 hours with a plan for your first 90 days.",
      "actions": [
        {
          "label": "Get Started",
          "href": "#contact"
        },
        {
          "label": "RCM services by customer type",
          "href": "/rcm-services"
        }
      ]
    }
  }
]$blocks$::jsonb, true, true
where not exists (select 1 from public.block_pages where route = '/')
on conflict (route) do nothing;

-- Services (/services)
insert into public.block_pages (route, name, blocks, published, system)
select '/services', 'Services', $blocks$[
  {
    "id": "header",
    "kind": "page-header",
    "data": {
      "eyebrow": "Services",
      "title": "Software and billing services for HME/DME suppliers",
      "subtitle": "Eight ways we help equipment suppliers get orders documented, delivered, billed and paid: as software your team runs, or as a service we run for you."
    }
  },
  {
    "id": "services-list",
    "kind": "feature-grid",
    "data": {
      "title": "What we do",
      "lead": "Every service runs on the same platform, so intake, delivery and billing share one record of each order.",
      "columns": "4",
      "cards": [
        {
          "anchor": "hme-dme-software",
          "icon": "dashboard",
          "title": "HME/DME Software",
          "text": "One cloud system for intake, documentation, billing, inventory and reporting, built around how equipment is ordered, delivered and rented.",
          "points": [
            "Eligibility checked on order entry and before every rental month",
            "Documentation checklists by HCPCS family hold a claim until it is complete",
            "Rental billing with RR and KH, KI or KJ modifiers applied for you"
          ]
        },
        {
          "anchor": "retail-dme",
          "icon": "store",
          "title": "Retail DME",
          "text": "Sell walk-in and online items and bill insurance from the same counter, with one inventory behind both.",
          "points": [
            "Point of sale for cash, card, HSA and FSA payments",
            "Split one sale between the payer and the patient balance",
            "Stock shared across showroom, warehouse and delivery vans"
          ]
        },
        {
          "anchor": "mobile-delivery-management",
          "icon": "truck",
          "title": "Mobile Delivery Management",
          "text": "Drivers record proof of delivery on a phone, and the signed ticket reaches billing before the van reaches its next stop.",
          "points": [
            "Signature, date, items and serial numbers required before a ticket closes",
            "Barcode scans link each serial number to the patient and the rental",
            "Route planning with arrival-window texts for patients"
          ]
        },
        {
          "anchor": "api-integrations",
          "icon": "plug",
          "title": "API Integrations",
          "text": "Connect ClaimBridge to your EHR, billing, CRM and communication tools so orders and documents stop being re-keyed.",
          "points": [
            "REST API and signed webhooks for orders, claims and deliveries",
            "HL7 v2 and FHIR orders in; X12 270/271, 837P and 835 for payers",
            "A sandbox with test patients, payers and remittances"
          ],
          "linkLabel": "See integrations",
          "linkHref": "/api-integrations"
        },
        {
          "anchor": "complex-rehab",
          "icon": "wheelchair",
          "title": "Complex Rehab",
          "text": "Power mobility and custom seating from evaluation to payment, where one missing document can hold a chair for months.",
          "points": [
            "Face-to-face exam, written order and home assessment tracked per chair",
            "ATP and therapist evaluations kept with the order, not in email",
            "Prior authorization status for every power mobility device that needs it"
          ]
        },
        {
          "anchor": "mail-order",
          "icon": "package",
          "title": "Mail Order",
          "text": "Resupply programs that ship on schedule and stay inside the refill rules payers audit.",
          "points": [
            "Patient contact no sooner than 14 days before shipping, with the answer recorded",
            "Outreach by text, email and phone, with a biller only for exceptions",
            "CPAP supplies, diabetic testing, urological and ostomy programs"
          ]
        },
        {
          "anchor": "orthotics-prosthetics",
          "icon": "prosthetic",
          "title": "Orthotics & Prosthetics",
          "text": "Custom-fabricated and off-the-shelf devices coded and documented right the first time.",
          "points": [
            "L-code selection that separates custom-fitted from off-the-shelf",
            "Practitioner notes, functional level and detailed written orders in one file",
            "Casting, fitting and delivery dates checked against the claim"
          ]
        },
        {
          "anchor": "cash-flow-acceleration",
          "icon": "trending-up",
          "title": "Cash Flow Acceleration",
          "text": "Specialists who know DME payers work your denials and aged A/R until the money is in or the reason is documented.",
          "points": [
            "Every denial worked by reason code within 5 business days",
            "Cleanup projects for A/R older than 90 days",
            "Payments checked against fee schedules and contracts for underpayments"
          ]
        }
      ]
    }
  },
  {
    "id": "services-models",
    "kind": "text-cards",
    "data": {
      "title": "Software, service or both",
      "lead": "Start with the part that costs you the most today. Moving between models does not mean moving systems.",
      "surface": true,
      "items": [
        {
          "title": "Software",
          "text": "Your team runs billing in ClaimBridge. We configure payers, checklists and reports, migrate open orders and train every role."
        },
        {
          "title": "Managed service",
          "text": "Our billing specialists run intake checks, claims, posting, denials and A/R in your ClaimBridge account, with a monthly review."
        },
        {
          "title": "Both",
          "text": "Keep intake and delivery in house and hand us claims, denials and aged A/R. Most growing suppliers start here."
        }
      ]
    }
  },
  {
    "id": "services-demo",
    "kind": "cta-band",
    "data": {
      "anchor": "services-demo",
      "title": "See it with your own claims",
      "text": "In 30 minutes we walk through intake, delivery and billing with orders like yours, and show where your claims wait today.",
      "actions": [
        {
          "label": "Schedule Demo",
          "href": "/contact"
        },
        {
          "label": "Get Started",
          "href": "#contact"
        }
      ]
    }
  }
]$blocks$::jsonb, true, true
where not exists (select 1 from public.block_pages where route = '/services')
on conflict (route) do nothing;

-- RCM Services (/rcm-services)
insert into public.block_pages (route, name, blocks, published, system)
select '/rcm-services', 'RCM Services', $blocks$[
  {
    "id": "header",
    "kind": "page-header",
    "data": {
      "eyebrow": "Outsourced revenue-cycle management",
      "title": "RCM Services",
      "subtitle": "From intake to payment, run by billing specialists who work only on HME/DME claims. You keep the patients and the deliveries; we get the claims paid.",
      "actions": [
        {
          "label": "Schedule Free Assessment",
          "href": "/contact"
        }
      ]
    }
  },
  {
    "id": "rcm-steps",
    "kind": "steps",
    "data": {
      "eyebrow": "What is included",
      "title": "Every step between the order and the payment",
      "lead": "Take the whole revenue cycle off your team, or only the steps where claims stall today.",
      "steps": [
        {
          "title": "Intake and eligibility",
          "text": "Orders checked for a complete written order, eligibility and benefits before anything ships."
        },
        {
          "title": "Prior authorization",
          "text": "Requests submitted with the right records, followed up every 48 hours, approvals stored with the order."
        },
        {
          "title": "Claims",
          "text": "HCPCS codes and modifiers checked, claims scrubbed against payer edits and sent within one business day of delivery."
        },
        {
          "title": "Payment posting",
          "text": "ERA files posted automatically, paper EOBs keyed within two business days, secondary claims released."
        },
        {
          "title": "Denials and appeals",
          "text": "Every denial routed by reason code, corrected or appealed with a deadline, root causes reported monthly."
        },
        {
          "title": "A/R and reporting",
          "text": "Open claims followed up by age and value, with live reporting on days in A/R, cash and denial trends."
        }
      ]
    }
  },
  {
    "id": "rcm-segments",
    "kind": "segments",
    "data": {
      "title": "RCM Services by Customer Type",
      "lead": "A ten-person startup and a twelve-branch chain lose money in different places. Here is where each usually does, and what we change.",
      "surface": true,
      "segments": [
        {
          "anchor": "small-startups",
          "title": "Small HME/DME Startups",
          "subtitle": "1-10 employees",
          "description": "You are enrolling with payers, passing accreditation and billing your first claims, often with one person handling intake, billing and collections.",
          "image": {
            "src": "/images/rcm/small-startups.svg",
            "alt": "Go-live checklist for a new supplier: NPI, accreditation and surety bond done, payer enrollments in progress"
          },
          "painPoints": [
            "Payer enrollment delays hold up the first payments",
            "No in-house expertise in modifiers, order rules and LCD coverage criteria",
            "Cash tied up for 60 days or more while claims are learned by trial and error",
            "Too few claims to justify a full-time biller"
          ],
          "solutions": [
            "Enrollment support with Medicare, Medicaid and commercial plans",
            "Claims billed correctly from the first one, with edits before submission",
            "A named billing specialist who answers the phone",
            "Monthly pricing that grows with your claim volume"
          ]
        },
        {
          "anchor": "growing-companies",
          "title": "Growing HME/DME Companies",
          "subtitle": "10-50 employees",
          "description": "Volume is up, new payers and product lines are coming on, and the billing process that worked at 200 claims a month is breaking at 1,500.",
          "image": {
            "src": "/images/rcm/growing-companies.svg",
            "alt": "Bar chart of monthly claim volume rising 38 percent over six months"
          },
          "painPoints": [
            "Denials rising as volume outpaces staff",
            "Prior authorizations tracked in spreadsheets and inboxes",
            "Days in A/R creeping past 50",
            "Months spent hiring and training each new biller"
          ],
          "solutions": [
            "Denial worklists by reason code and payer, worked within 5 business days",
            "Prior authorization tracking from request to approval",
            "Billing capacity that grows with volume, without hiring",
            "A monthly KPI review with your leadership team"
          ]
        },
        {
          "anchor": "established-providers",
          "title": "Established HME/DME Providers",
          "subtitle": "50+ employees",
          "description": "You have a billing department. The question is whether it is working the claims that matter most, and whether leadership can see the numbers before month end.",
          "image": {
            "src": "/images/rcm/established-providers.svg",
            "alt": "Revenue-cycle dashboard: 32 days in A/R, 96 percent clean claims, 4.1 percent denial rate, with A/R days trending down"
          },
          "painPoints": [
            "Aged A/R over 90 days that nobody has time to work",
            "Underpayments unnoticed across dozens of payer contracts",
            "Audit exposure (TPE, RAC, UPIC) without a routine documentation review",
            "Reports pulled by hand at month end"
          ],
          "solutions": [
            "A/R cleanup projects that run alongside your team",
            "Underpayment checks against contracted rates and fee schedules",
            "Quarterly documentation audits and help answering record requests",
            "Live dashboards for days in A/R, clean claim rate and denial trends"
          ]
        },
        {
          "anchor": "specialized-suppliers",
          "title": "Specialized HME/DME Suppliers",
          "subtitle": "CPAP, oxygen, wheelchairs",
          "description": "Respiratory and mobility lines carry the strictest documentation rules and the longest rental cycles in equipment billing.",
          "image": {
            "src": "/images/rcm/specialized-suppliers.svg",
            "alt": "Product tiles for CPAP devices, oxygen cylinders and wheelchairs"
          },
          "painPoints": [
            "PAP adherence windows missed, turning paid rentals into denials",
            "Oxygen qualifying tests and 36-month rental caps tracked by hand",
            "Power mobility prior authorizations that take weeks",
            "Resupply shipped without the patient contact on record"
          ],
          "solutions": [
            "PAP adherence checkpoints at day 30 and day 75 of the first 90",
            "Oxygen rental month counters with cap and retest alerts",
            "Complex rehab documentation packets checked before submission",
            "Resupply schedules that follow refill contact and shipping rules"
          ]
        },
        {
          "anchor": "multi-location-chains",
          "title": "Multi-location HME/DME Chains",
          "subtitle": "Several branches, one revenue cycle",
          "description": "Each branch has its own intake habits, referral sources and payer mix, and billing has to turn all of them into clean claims.",
          "image": {
            "src": "/images/rcm/multi-location-chains.svg",
            "alt": "Four branch locations connected to one central billing worklist"
          },
          "painPoints": [
            "Intake and documentation done differently at each branch",
            "No single view of A/R and denials across locations",
            "Duplicate patients and orders between branch systems",
            "Branch managers who cannot see their own numbers"
          ],
          "solutions": [
            "One intake standard and checklist set for every branch",
            "Central worklists with branch filters and named owners",
            "Consolidated and per-branch reporting, updated daily",
            "A rollout playbook for newly acquired locations"
          ]
        }
      ]
    }
  },
  {
    "id": "rcm-consultation",
    "kind": "cta-band",
    "data": {
      "anchor": "rcm-consultation",
      "title": "Find out where your claims are waiting",
      "text": "We review 50 of your recent claims from order to payment and show you which denials, delays and underpayments cost the most. It takes one call and costs nothing.",
      "actions": [
        {
          "label": "Book Your Free Consultation",
          "href": "/contact"
        }
      ]
    }
  }
]$blocks$::jsonb, true, true
where not exists (select 1 from public.block_pages where route = '/rcm-services')
on conflict (route) do nothing;

-- About (/about)
insert into public.block_pages (route, name, blocks, published, system)
select '/about', 'About', $blocks$[
  {
    "id": "header",
    "kind": "page-header",
    "data": {
      "eyebrow": "About us",
      "title": "About {company}",
      "subtitle": "Revenue-cycle specialists and software for home and durable medical equipment suppliers since 2016."
    }
  },
  {
    "id": "about-story",
    "kind": "story",
    "data": {
      "title": "Our story",
      "paragraphs": [
        "{company} was founded in 2016 by two people who knew equipment billing from the inside. One had run billing for a regional oxygen and CPAP supplier; the other had built the spreadsheets and scripts that kept that office afloat. Claims were not failing because people did not care. They failed because documentation arrived late, payer rules changed quietly and nobody could see the backlog until the month closed.",
        "We started as a billing service for five local suppliers and built software for our own team, because nothing on the market followed a claim from order to payment the way equipment billing needs. Suppliers asked to use it themselves. Today the same platform runs our managed service and the billing departments of suppliers who keep it in house.",
        "We still work only with HME and DME suppliers. That is why our billers know when a claim needs KX, GA or GZ without looking it up, and why our software treats a capped rental as the normal case instead of a workaround."
      ],
      "missionTitle": "Our mission",
      "missionText": "Get equipment suppliers paid fully and on time for the care they deliver, so they can keep patients breathing, moving and at home."
    }
  },
  {
    "id": "about-stats",
    "kind": "stats-strip",
    "data": {
      "title": "{company} at a glance",
      "look": "tiles",
      "stats": [
        {
          "value": "2016",
          "label": "Founded"
        },
        {
          "value": "100%",
          "label": "Focus on HME/DME"
        },
        {
          "value": "Top 3",
          "label": "Start-up ranking"
        },
        {
          "value": "24/7",
          "label": "Team on call"
        }
      ]
    }
  },
  {
    "id": "about",
    "kind": "principles",
    "data": {
      "title": "How we work",
      "lead": "Three habits that explain most of what our clients notice in the first 90 days.",
      "items": [
        {
          "title": "Numbers over adjectives",
          "text": "Every client gets the same monthly scorecard we use internally: clean claim rate, denial rate by reason, days in A/R and cash collected."
        },
        {
          "title": "Fix it upstream",
          "text": "Most denials start at intake or delivery. We change the checklist or the claim edit that let the error through, not just the claim."
        },
        {
          "title": "Answer the phone",
          "text": "Each client has a named specialist and a direct line. Urgent authorization and delivery questions reach someone at any hour."
        }
      ],
      "recognitionEyebrow": "Recognition",
      "recognitionTitle": "Ranked top 3 among healthcare revenue-cycle start-ups",
      "recognitionText": "In 2019, three years after our first client went live, {company} placed third of 42 companies in the Mid-South Healthcare Innovation start-up ranking, judged on measured client results.",
      "facts": [
        {
          "label": "Average days in A/R, first 40 clients",
          "value": "58 → 34"
        },
        {
          "label": "Clean claim rate after 6 months",
          "value": "96%"
        }
      ]
    }
  },
  {
    "id": "about-cta",
    "kind": "cta-band",
    "data": {
      "anchor": "about-cta",
      "title": "Talk to people who only do equipment billing",
      "text": "Tell us what you supply and how you bill today. We reply within 24 hours.",
      "actions": [
        {
          "label": "Get Started",
          "href": "#contact"
        },
        {
          "label": "Join the team",
          "href": "/careers"
        }
      ]
    }
  }
]$blocks$::jsonb, true, true
where not exists (select 1 from public.block_pages where route = '/about')
on conflict (route) do nothing;

-- Careers (/careers)
insert into public.block_pages (route, name, blocks, published, system)
select '/careers', 'Careers', $blocks$[
  {
    "id": "header",
    "kind": "page-header",
    "data": {
      "eyebrow": "Careers",
      "title": "Help equipment suppliers get paid for the care they deliver",
      "subtitle": "{company} hires billing specialists, compliance analysts and engineers who like solving problems that have a right answer."
    }
  },
  {
    "id": "careers-benefits",
    "kind": "feature-grid",
    "data": {
      "title": "Benefits",
      "lead": "What every full-time team member gets, whatever the role.",
      "columns": "3",
      "cards": [
        {
          "icon": "heart-pulse",
          "title": "Health, dental and vision",
          "text": "Medical, dental and vision plans from your first day, with 90% of employee premiums paid."
        },
        {
          "icon": "dollar",
          "title": "401(k) with a 4% match",
          "text": "Dollar for dollar up to 4% of salary, vested immediately."
        },
        {
          "icon": "laptop",
          "title": "Remote or hybrid",
          "text": "Work from home anywhere in the US, or from our office. We send the laptop, monitors and headset."
        },
        {
          "icon": "graduation",
          "title": "Paid certifications",
          "text": "Exam fees, study time and a raise for CPC, CRCS and CHC certifications, plus a yearly training budget."
        },
        {
          "icon": "sun",
          "title": "Time off that gets used",
          "text": "20 days of paid time off, 10 paid holidays and your birthday. Coverage is planned so you can log off."
        },
        {
          "icon": "users",
          "title": "A team that teaches",
          "text": "Every new biller is paired with a senior specialist for the first 90 days, on real claims."
        }
      ]
    }
  },
  {
    "id": "careers-openings",
    "kind": "resume-invite",
    "data": {
      "title": "No Open Positions at This Time",
      "text": "We are not hiring for a specific role right now, but we keep every resume we receive and contact people first when billing, compliance or engineering roles open."
    }
  }
]$blocks$::jsonb, true, true
where not exists (select 1 from public.block_pages where route = '/careers')
on conflict (route) do nothing;

-- API Integrations (/api-integrations)
insert into public.block_pages (route, name, blocks, published, system)
select '/api-integrations', 'API Integrations', $blocks$[
  {
    "id": "header",
    "kind": "page-header",
    "data": {
      "eyebrow": "API Integrations",
      "title": "Connect {company} to the systems you already use",
      "subtitle": "Orders, documents, claims and delivery status move between your EHR, billing, CRM and communication tools without anyone re-keying them.",
      "actions": [
        {
          "label": "Request API Access",
          "href": "#contact"
        }
      ]
    }
  },
  {
    "id": "api-features",
    "kind": "feature-grid",
    "data": {
      "title": "Built for developers and billing teams",
      "lead": "The same API our own apps use, with the standards equipment billing runs on.",
      "columns": "3",
      "cards": [
        {
          "icon": "code",
          "title": "REST API",
          "text": "Patients, orders, documents, deliveries and claims over JSON, described by an OpenAPI 3 specification you can generate clients from."
        },
        {
          "icon": "webhook",
          "title": "Webhooks",
          "text": "Signed events such as order.created, authorization.approved, delivery.completed, claim.paid and claim.denied, retried for up to 3 days."
        },
        {
          "icon": "file-text",
          "title": "Healthcare standards",
          "text": "HL7 v2 and FHIR R4 orders from referral sources; X12 270/271, 276/277, 837P and 835 with payers and clearinghouses."
        },
        {
          "icon": "lock",
          "title": "Security built in",
          "text": "OAuth 2.0 client credentials, TLS 1.2 or higher, keys scoped to one integration, and an audit log of every call."
        },
        {
          "icon": "terminal",
          "title": "Sandbox",
          "text": "Test patients, payers and remittance files in a sandbox you can reset at any time, with the same API as production."
        },
        {
          "icon": "users",
          "title": "Integration engineers",
          "text": "An engineer scopes each project with your team. Most standard connections go live in 2 to 4 weeks."
        }
      ]
    }
  },
  {
    "id": "api-categories",
    "kind": "integration-categories",
    "data": {
      "title": "Integrations by category",
      "lead": "Prebuilt connections to the systems our clients use most. Anything with an API or a standard file format can be connected.",
      "surface": true,
      "categories": [
        {
          "anchor": "ehr",
          "icon": "stethoscope",
          "title": "EHR and e-ordering",
          "text": "Receive orders with the clinical notes attached, and send status back to the referring practice.",
          "systems": [
            "Epic",
            "Oracle Health (Cerner)",
            "athenahealth",
            "eClinicalWorks",
            "NextGen Healthcare",
            "Parachute Health"
          ]
        },
        {
          "anchor": "billing",
          "icon": "receipt",
          "title": "Billing, clearinghouses and accounting",
          "text": "Send claims and eligibility requests, receive remittances, and post cash to the general ledger.",
          "systems": [
            "Waystar",
            "Availity",
            "Change Healthcare",
            "QuickBooks Online",
            "Sage Intacct"
          ]
        },
        {
          "anchor": "crm",
          "icon": "target",
          "title": "CRM",
          "text": "Track referral sources and their documentation completeness next to your sales pipeline.",
          "systems": [
            "Salesforce",
            "HubSpot",
            "Microsoft Dynamics 365",
            "Zoho CRM"
          ]
        },
        {
          "anchor": "communication",
          "icon": "message",
          "title": "Patient and team communication",
          "text": "Text delivery windows and resupply reminders to patients, and alert your team when work needs them.",
          "systems": [
            "Twilio",
            "RingCentral",
            "Microsoft Teams",
            "Slack",
            "SendGrid"
          ]
        }
      ],
      "note": "Product names are trademarks of their owners. Some connections use the vendor's partner program or a license you provide."
    }
  },
  {
    "id": "api-cta",
    "kind": "cta-band",
    "data": {
      "anchor": "api-cta",
      "title": "Plan your integration",
      "text": "Tell us which systems you run. An integration engineer will map the data flows and give you a go-live date.",
      "actions": [
        {
          "label": "Request API Access",
          "href": "#contact"
        },
        {
          "label": "Talk to an Integration Engineer",
          "href": "/contact"
        }
      ]
    }
  }
]$blocks$::jsonb, true, true
where not exists (select 1 from public.block_pages where route = '/api-integrations')
on conflict (route) do nothing;
