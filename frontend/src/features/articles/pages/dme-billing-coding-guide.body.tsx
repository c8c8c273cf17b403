/* Article body. Kept in step with the blog_posts seed row of the same slug. */
export function DmeBillingCodingGuideBody() {
  return (
    <>
      <p>Equipment billing fails in predictable ways. The same nine errors account for most of the denials, rework and audit findings we see at HME and DME suppliers, and each one has a fix that can be built into the workflow. Here they are, with the fix for each.</p>
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
    </>
  );
}
