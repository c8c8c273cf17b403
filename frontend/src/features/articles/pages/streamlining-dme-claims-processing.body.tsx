/* Article body. Kept in step with the blog_posts seed row of the same slug. */
export function StreamliningDmeClaimsProcessingBody() {
  return (
    <>
      <p>An equipment claim passes through intake, eligibility, documentation, delivery, billing and payment posting before the money lands. Each handoff is a place where a claim can wait. Automation helps most when it removes the waiting, not when it adds another screen to check.</p>
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
    </>
  );
}
