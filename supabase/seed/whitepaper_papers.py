"""The whitepapers' text, page by page: generate-whitepapers.py lays it out as PDFs."""

PAPERS = [
    {
        "file": "dme-denial-management-playbook.pdf",
        "title": "The DME Denial Management Playbook",
        "short_title": "Denial Management Playbook",
        "subtitle": "How HME/DME suppliers sort, work and prevent claim denials with one worklist and a weekly "
                    "root-cause review.",
        "category": "Revenue Cycle",
        "pages": [
            {
                "heading": "Why denials need a worklist, not an inbox",
                "blocks": [
                    ("p", "Most equipment suppliers do not lose money on the denials they appeal. They lose it on "
                          "the denials nobody opens. A Medicare denial that sits in a clearinghouse report for 60 "
                          "days has used half of the 120 days allowed for a redetermination, and rental claims "
                          "repeat the same error every month until someone fixes the cause."),
                    ("h", "The arithmetic of a typical month"),
                    ("p", "Take an example supplier that submits 2,400 claim lines a month with an initial denial "
                          "rate of 9 percent. That is 216 denied lines. At an average allowed amount of $140, the "
                          "month puts $30,240 at risk. If a quarter of those lines are never reworked, the supplier "
                          "writes off about $7,560 a month, or $90,720 a year, before counting staff time."),
                    ("h", "Three numbers to watch"),
                    ("ul", [
                        "Initial denial rate: denied lines divided by submitted lines, by payer and by HCPCS family.",
                        "Days from denial to action: the time between the remittance and the first corrected "
                        "claim, reopening or appeal. Aim for 7 days or less.",
                        "Overturn rate: the share of worked denials that end in payment. A low rate means the "
                        "team is appealing what it should be correcting, or the reverse.",
                    ]),
                    ("p", "The rest of this playbook shows how to group denials by root cause, build a worklist "
                          "that puts the right claim in front of the right person, and feed what you learn back "
                          "into intake so the same denial does not come back next month."),
                ],
            },
            {
                "heading": "Sort denials by root cause",
                "blocks": [
                    ("p", "Claim adjustment reason codes (CARCs) and remittance advice remark codes (RARCs) tell "
                          "you what the payer decided, not who on your team can fix it. Map each code to an owner "
                          "before it reaches the worklist."),
                    ("table", [
                        ("Root cause", "Common CARCs", "Owner"),
                        ("Eligibility and coverage", "CO-22, CO-27, CO-31, CO-109", "Intake"),
                        ("Missing or invalid information", "CO-16 with RARCs", "Billing"),
                        ("Authorization", "CO-15, CO-197", "Prior auth team"),
                        ("Modifier or coding", "CO-4, CO-97", "Coding"),
                        ("Medical necessity", "CO-50, CO-167", "Documentation"),
                        ("Duplicate", "CO-18", "Billing"),
                        ("Timely filing", "CO-29", "Billing lead"),
                    ]),
                    ("p", "Read the RARC with every CO-16. The CARC only says information is missing; the remark "
                          "code says which field, such as a missing ordering provider NPI or an invalid date span "
                          "on a rental line."),
                    ("h", "Correct, reopen or appeal"),
                    ("ul", [
                        "Rejected before adjudication: fix and resubmit. It was never a claim determination.",
                        "Clerical error on a processed Medicare claim: request a reopening, available for one "
                        "year from the initial determination.",
                        "Disagreement on coverage or documentation: file a redetermination within 120 days of "
                        "receiving the initial determination, with the records that answer the denial reason.",
                    ]),
                ],
            },
            {
                "heading": "Build the worklist",
                "blocks": [
                    ("p", "A useful denial worklist has one row per denied line and enough context that the person "
                          "working it never has to open three systems to decide what to do."),
                    ("h", "Fields every row needs"),
                    ("ul", [
                        "Patient account, payer, plan type and the HCPCS code with its modifiers.",
                        "CARC, RARC and the group code (CO, PR, OA), with the owner from your root-cause map.",
                        "Billed and expected amounts, the date of denial and the last date to appeal.",
                        "For rentals, the rental month and whether later months are on hold behind this one.",
                    ]),
                    ("h", "Priority that reflects money and deadlines"),
                    ("p", "Sort by expected amount multiplied by the likelihood of recovery, then pull anything "
                          "within 15 days of its appeal or timely-filing deadline to the top. A $38 supply line "
                          "with a clear fix can wait a day; a $1,900 power wheelchair base with 10 days left "
                          "cannot."),
                    ("h", "Assignment rules"),
                    ("ul", [
                        "Route by root cause first, payer second. Your authorization specialist should see every "
                        "CO-197 across payers.",
                        "Cap each queue at what one person can work in a day, about 40 to 60 lines for corrected "
                        "claims and 8 to 12 for written appeals.",
                        "Close a row only with an outcome: corrected, reopened, appealed, written off with a "
                        "reason, or transferred to patient responsibility.",
                    ]),
                ],
            },
            {
                "heading": "Prevent the repeat",
                "blocks": [
                    ("p", "Working denials recovers money. Preventing them recovers staff time as well. Hold a "
                          "30-minute review every week with intake, documentation, billing and the prior "
                          "authorization team."),
                    ("h", "The weekly review agenda"),
                    ("ul", [
                        "Top five denial reasons by dollars for the last 30 days, by payer.",
                        "One root cause to fix this week, with a named owner and a date.",
                        "Any rule change from a payer bulletin, LCD revision or fee schedule update.",
                        "Last week's fix: did denials for that reason fall?",
                    ]),
                    ("h", "Fixes that usually pay back first"),
                    ("ul", [
                        "Re-verify eligibility before every rental month, not only at setup.",
                        "Hold claims until the order, proof of delivery and required notes are attached, using a "
                        "checklist per HCPCS family.",
                        "Build modifier rules into claim edits: KX only when the documentation supports it, GA "
                        "only with a signed ABN on file.",
                        "Stop duplicate submissions by checking claim status before resubmitting.",
                    ]),
                    ("note", "ClaimBridge runs this playbook for suppliers as a managed service and inside its denial "
                             "worklist software. Talk to us at www.claimbridge.com/contact."),
                ],
            },
        ],
    },
    {
        "file": "dme-prior-authorization-field-guide.pdf",
        "title": "Prior Authorization Field Guide for PAP, Oxygen and Mobility",
        "short_title": "Prior Authorization Field Guide",
        "subtitle": "What complete requests contain, how to track them to a decision, and how to keep rental "
                    "authorizations from lapsing.",
        "category": "Prior Authorization",
        "pages": [
            {
                "heading": "Where prior authorization applies",
                "blocks": [
                    ("p", "Prior authorization rules for equipment differ by payer, and the differences matter "
                          "more than the similarities. Build your intake around the payer mix you actually have."),
                    ("h", "Traditional Medicare"),
                    ("p", "CMS keeps a Required Prior Authorization List for DMEPOS. It covers selected power "
                          "mobility devices, pressure reducing support surfaces, certain lower-limb prostheses "
                          "and certain orthoses. CMS adds codes with advance notice, so check the list each "
                          "quarter. An affirmed request gives a unique tracking number (UTN) that must appear on "
                          "the claim."),
                    ("h", "Medicare Advantage, Medicaid and commercial plans"),
                    ("p", "These plans set their own lists. Many require authorization for PAP devices, oxygen, "
                          "hospital beds, continuous glucose monitors and power mobility devices. Requirements can "
                          "differ between two plans from the same carrier, so store rules at the plan level, not "
                          "the payer level."),
                    ("h", "Signs your process is leaking"),
                    ("ul", [
                        "CO-15 and CO-197 denials above 1 percent of submitted lines.",
                        "Deliveries made before the authorization decision date.",
                        "Rental months billed after the authorized unit count or end date.",
                        "Requests returned for missing information more than once.",
                    ]),
                ],
            },
            {
                "heading": "PAP devices: a complete request",
                "blocks": [
                    ("p", "PAP requests fail most often because the clinical story is incomplete, not because "
                          "the patient does not qualify. Under the Medicare PAP policy, which many plans mirror, "
                          "a complete initial packet shows:"),
                    ("ul", [
                        "A face-to-face clinical evaluation by the treating practitioner before the sleep test, "
                        "documenting symptoms of obstructive sleep apnea.",
                        "A qualifying sleep test: an AHI or RDI of 15 or more, or 5 to 14 with documented "
                        "symptoms or conditions such as excessive daytime sleepiness or hypertension.",
                        "A standard written order for the device (E0601 or E0470) and each accessory.",
                    ]),
                    ("h", "Continued coverage after the trial"),
                    ("p", "Medicare covers an initial 12-week period. To continue, the treating practitioner "
                          "re-evaluates the patient between day 31 and day 91, and the record must show use of 4 "
                          "hours or more per night on 70 percent of nights in a consecutive 30-day period during "
                          "the first three months."),
                    ("ul", [
                        "Pull device data downloads at day 30 and day 60, not at day 85.",
                        "Call patients below 4 hours average in the first two weeks; mask fit is the usual fix.",
                        "Schedule the re-evaluation visit at setup so it lands inside the window.",
                    ]),
                ],
            },
            {
                "heading": "Oxygen and mobility packets",
                "blocks": [
                    ("h", "Home oxygen"),
                    ("p", "Qualifying results are an arterial PO2 at or below 55 mm Hg or an oxygen saturation at "
                          "or below 88 percent, under the testing conditions the payer specifies (at rest, during "
                          "exercise or during sleep). Since January 1, 2023 Medicare no longer uses the CMS-484 "
                          "certificate of medical necessity, so the treating practitioner's records and the "
                          "order carry that information. Many commercial plans still ask for a form."),
                    ("ul", [
                        "Match the equipment ordered to the testing: exercise testing supports portable oxygen.",
                        "Record liter flow and frequency of use on the order.",
                        "Track re-authorization dates for each rental month the plan approves.",
                    ]),
                    ("h", "Power mobility and complex rehab"),
                    ("p", "Mobility packets are the longest and the easiest to return for missing pages."),
                    ("ul", [
                        "A face-to-face examination documenting the mobility limitation in the home, and why a "
                        "cane, walker or manual wheelchair will not resolve it.",
                        "A written order received before delivery, with every separately billed option listed.",
                        "A home assessment confirming the device can be used in the home.",
                        "For complex rehab power chairs, a specialty evaluation by a PT or OT and the "
                        "involvement of a RESNA-certified assistive technology professional.",
                    ]),
                ],
            },
            {
                "heading": "Track every request to a decision",
                "blocks": [
                    ("p", "A request is not finished when it is faxed or uploaded. It is finished when the "
                          "decision is on file and the claim carries the authorization number."),
                    ("table", [
                        ("Status", "Next action", "Check after"),
                        ("Drafted", "Complete missing items", "Same day"),
                        ("Submitted", "Confirm receipt", "2 business days"),
                        ("Pended for information", "Send records", "1 business day"),
                        ("Affirmed", "Schedule delivery", "On decision"),
                        ("Non-affirmed", "Fix and resubmit or appeal", "On decision"),
                        ("Expiring", "Request renewal", "30 days before end"),
                    ]),
                    ("h", "Rules that keep rentals paid"),
                    ("ul", [
                        "Store the authorized units, start date and end date with the rental, not in a note.",
                        "Block claim creation for any month outside the authorized period.",
                        "Start renewal 30 days before the end date; some plans need new clinical notes.",
                        "Report weekly: requests by status, average days to decision, and deliveries held.",
                    ]),
                    ("note", "ClaimBridge prior authorization specialists work these queues for suppliers, and the "
                             "ClaimBridge platform tracks every request to its decision."),
                ],
            },
        ],
    },
    {
        "file": "dme-audit-readiness-guide.pdf",
        "title": "Audit Readiness for DME Suppliers: TPE, RAC and UPIC",
        "short_title": "Audit Readiness Guide",
        "subtitle": "Who sends additional documentation requests, what a complete response looks like, and how to "
                    "run your own probe before a contractor does.",
        "category": "Compliance",
        "pages": [
            {
                "heading": "Who is asking, and why",
                "blocks": [
                    ("p", "Several Medicare contractors can ask a DME supplier for records. They differ in what "
                          "triggers the review and what happens if the records fall short."),
                    ("ul", [
                        "DME MAC - Targeted Probe and Educate (TPE): up to three rounds of 20 to 40 claims, each "
                        "followed by one-on-one education. Suppliers that still have high error rates after "
                        "three rounds can be referred to CMS for further action.",
                        "Recovery Audit Contractor (RAC): post-payment review of claims, generally within three "
                        "years of the date paid. Findings become overpayment demands.",
                        "Unified Program Integrity Contractor (UPIC): investigates potential fraud, waste and "
                        "abuse. Can request records, visit a location, recommend payment suspension or refer "
                        "cases to law enforcement.",
                        "Comprehensive Error Rate Testing (CERT): samples claims to measure improper payments. "
                        "An unanswered CERT request counts as an error.",
                    ]),
                    ("h", "The common thread"),
                    ("p", "Every one of these reviews asks the same question: does the record support the item, "
                          "the quantity and the dates billed? Suppliers that can answer it for any claim within a "
                          "day rarely have trouble with the deadline, and usually not with the outcome."),
                    ("p", "Most requests allow 45 days to respond. Treat the date on the letter, not the date it "
                          "reached the right desk, as day one."),
                ],
            },
            {
                "heading": "A complete response to a documentation request",
                "blocks": [
                    ("p", "Reviewers deny what they cannot find. Send the records in the order the policy asks "
                          "questions, and label every section."),
                    ("ul", [
                        "The standard written order with all required elements, and proof it was received "
                        "before delivery where the item requires a written order prior to delivery.",
                        "The treating practitioner's medical records that establish need, including the "
                        "face-to-face encounter when the item requires one.",
                        "Proof of delivery: a signed and dated delivery slip or carrier tracking matched to the "
                        "item, quantity and serial number billed.",
                        "For rentals and supplies: evidence of continued need and continued use, and a refill "
                        "request and confirmation for each resupply shipment.",
                        "Any advance beneficiary notice used to support a GA modifier.",
                    ]),
                    ("h", "Packaging the response"),
                    ("ul", [
                        "Add a cover letter that lists each claim and the page range supporting it.",
                        "Number every page and highlight the findings the policy requires.",
                        "Submit through esMD or the contractor portal and keep the confirmation.",
                        "Log the submission date and calendar the decision follow-up.",
                    ]),
                ],
            },
            {
                "heading": "Run your own probe first",
                "blocks": [
                    ("p", "An internal audit on a fixed schedule finds the same gaps a contractor would, while "
                          "you can still correct the process and, where needed, refund overpayments."),
                    ("h", "A quarterly routine"),
                    ("ul", [
                        "Sample 10 to 20 paid claims per product line: oxygen, PAP, mobility, beds and support "
                        "surfaces, orthotics, and supplies.",
                        "Score each claim with the same checklist a reviewer would use, one line per required "
                        "element.",
                        "Calculate an error rate by product line and by element, not just overall.",
                        "Educate the staff involved, fix the intake step, and re-sample that line next quarter.",
                    ]),
                    ("table", [
                        ("Element checked", "Example result", "Action"),
                        ("Order elements complete", "19 of 20", "Template update"),
                        ("Proof of delivery matches", "17 of 20", "Driver training"),
                        ("Continued use documented", "15 of 20", "Resupply script"),
                        ("Modifiers supported", "20 of 20", "None"),
                    ]),
                    ("note", "Example results are illustrative. Overpayments identified through your own review "
                             "must be reported and returned within 60 days of being identified."),
                ],
            },
        ],
    },
    {
        "file": "days-in-ar-worksheet.pdf",
        "title": "Measuring Days in A/R: A Worksheet for HME/DME Suppliers",
        "short_title": "Days in A/R Worksheet",
        "subtitle": "A consistent way to calculate days in accounts receivable, read the aging buckets, and pick "
                    "the levers that shorten them.",
        "category": "Analytics",
        "pages": [
            {
                "heading": "The formula, and one choice to make",
                "blocks": [
                    ("p", "Days in accounts receivable estimates how long an average dollar of charges takes to "
                          "be collected. The calculation is simple; keeping it consistent month to month is the "
                          "hard part."),
                    ("table", [
                        ("Step", "Example", "Result"),
                        ("Total open A/R at month end", "$1,240,000", ""),
                        ("Charges, last 90 days", "$2,700,000", ""),
                        ("Average daily charges", "$2,700,000 / 90", "$30,000"),
                        ("Days in A/R", "$1,240,000 / $30,000", "41.3 days"),
                    ]),
                    ("h", "Gross charges or expected reimbursement?"),
                    ("p", "Equipment charge masters are often set well above fee schedules, so days in A/R on "
                          "gross charges can look better or worse than cash suggests. Calculating both A/R and "
                          "daily charges at expected (contracted or allowed) amounts gives a number that tracks "
                          "cash. Whichever basis you choose, use it for every month and every payer."),
                    ("h", "What the number leaves out"),
                    ("ul", [
                        "Unbilled work: deliveries held for documentation are not in A/R yet. Track days to bill "
                        "separately.",
                        "Credit balances: net them out and a refund backlog can hide slow collections.",
                        "Mix: a move toward rentals or a new payer changes the number without any change in "
                        "performance.",
                    ]),
                ],
            },
            {
                "heading": "Read the aging buckets",
                "blocks": [
                    ("p", "The total tells you whether there is a problem. The aging buckets tell you where. Break "
                          "A/R into buckets by date of service, then by payer."),
                    ("table", [
                        ("Bucket", "Share of A/R (example)", "Typical cause"),
                        ("0-30 days", "48%", "Normal processing"),
                        ("31-60 days", "22%", "Pended, secondary claims"),
                        ("61-90 days", "12%", "Denials not yet worked"),
                        ("91-120 days", "8%", "Appeals, patient balances"),
                        ("Over 120 days", "10%", "Write-off risk"),
                    ]),
                    ("p", "A common target is less than 15 to 20 percent of A/R older than 90 days. If your total "
                          "days look healthy but the over-120 bucket grows, the team is working new claims and "
                          "letting old ones age out."),
                    ("h", "Slice it three ways"),
                    ("ul", [
                        "By payer: one slow Medicaid plan or Medicare Advantage plan can move the whole number.",
                        "By product line: rentals, purchases and resupply age differently.",
                        "By responsibility: insurance balances and patient balances need different follow-up.",
                    ]),
                ],
            },
            {
                "heading": "Levers that move the number",
                "blocks": [
                    ("p", "Pick the lever that matches the bucket that is growing, and measure it monthly next to "
                          "days in A/R."),
                    ("table", [
                        ("Measure", "This month", "Target"),
                        ("Days from delivery to claim", "", "3 days or less"),
                        ("Clean claim rate", "", "95% or more"),
                        ("Denials worked within 7 days", "", "90% or more"),
                        ("A/R older than 90 days", "", "Under 15%"),
                        ("Patient balance collected at delivery", "", "Track the trend"),
                    ]),
                    ("ul", [
                        "Bill faster: move documentation checks before delivery so claims are not held after it.",
                        "Submit cleaner: eligibility, authorization and modifier edits on every claim.",
                        "Follow up on a cadence: touch every insurance claim without a response at 30 days.",
                        "Collect at delivery: estimate the patient share and take it when the item arrives.",
                        "Clean up: apply a small-balance adjustment policy and clear credit balances monthly.",
                    ]),
                    ("note", "ClaimBridge reports these measures live from its billing platform and reviews them "
                             "with every managed-services client each month."),
                ],
            },
        ],
    },
]
