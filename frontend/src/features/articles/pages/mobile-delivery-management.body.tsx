/* Article body. Kept in step with the blog_posts seed row of the same slug. */
export function MobileDeliveryManagementBody() {
  return (
    <>
      <p>For an equipment supplier, the date of service is usually the date of delivery, and the delivery ticket is the proof. When that ticket is a sheet of paper in a van, the claim waits for the van. Mobile delivery management replaces the paper with a record that reaches billing before the driver reaches the next stop.</p>
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
    </>
  );
}
