/* Article body. Kept in step with the blog_posts seed row of the same slug. */
export function MaximizingRevenueRealTimeReportingBody() {
  return (
    <>
      <p>Most equipment suppliers close the month, pull an aging report, and find out in week two what went wrong in week one. By then, rental claims have repeated the same error and a few denials have slipped past their appeal dates. Real-time reporting does not change what you measure. It changes when you can act on it.</p>
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
    </>
  );
}
