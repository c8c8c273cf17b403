/* Article body. Kept in step with the blog_posts seed row of the same slug. */
export function ComplianceBestPracticesBody() {
  return (
    <>
      <p>Medicare holds equipment suppliers to more specific rules than most provider types: supplier standards, accreditation, surety bonds, order and delivery requirements, refill rules and a ban on most unsolicited phone contact. A compliance program for a DME supplier has to cover all of them, and it has to work on a Tuesday afternoon, not only during an audit.</p>
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
    </>
  );
}
