const STEPS = [
  { label: 'Order and DWO received', date: 'Mar 3' },
  { label: 'Eligibility verified', date: 'Mar 3' },
  { label: 'Prior authorization approved', date: 'Mar 5' },
  { label: 'Clean claim submitted', date: 'Mar 6' },
  { label: 'Payment posted', date: 'Mar 20' },
] as const;

const FIRST_Y = 114;
const STEP_GAP = 38;

/** A claim moving from intake to payment, as the ClaimBridge worklist shows it. */
export function ClaimTimelineIllustration() {
  return (
    <svg
      className="claim-timeline"
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 400 344"
      role="img"
      aria-labelledby="claim-timeline-title"
    >
      <title id="claim-timeline-title">Example claim timeline: a CPAP claim paid in 14 days with no denials</title>
      <rect x="0.5" y="0.5" width="399" height="343" rx="12" fill="#FFFFFF" stroke="#D9E2EC" />

      <text x="24" y="42" className="claim-timeline__title">
        Claim CLM-24817
      </text>
      <rect x="318" y="24" width="58" height="26" rx="13" fill="#E3F2EA" />
      <text x="347" y="42" textAnchor="middle" className="claim-timeline__status">
        Paid
      </text>
      <text x="24" y="66" className="claim-timeline__meta">
        E0601 CPAP device · Medicare DME MAC
      </text>
      <line x1="24" y1="86" x2="376" y2="86" stroke="#D9E2EC" />

      <line
        x1="36"
        y1={FIRST_Y}
        x2="36"
        y2={FIRST_Y + STEP_GAP * (STEPS.length - 1)}
        stroke="#0E7C7B"
        strokeWidth="2"
      />
      {STEPS.map((step, index) => {
        const y = FIRST_Y + index * STEP_GAP;
        return (
          <g key={step.label}>
            <circle cx="36" cy={y} r="10" fill="#0E7C7B" />
            <path
              d={`M31.5 ${y + 0.5}l3 3 6-6.5`}
              fill="none"
              stroke="#FFFFFF"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            <text x="58" y={y + 5} className="claim-timeline__step">
              {step.label}
            </text>
            <text x="376" y={y + 5} textAnchor="end" className="claim-timeline__date">
              {step.date}
            </text>
          </g>
        );
      })}

      <rect x="24" y="292" width="352" height="32" rx="8" fill="#F5F7FA" />
      <text x="40" y="313" className="claim-timeline__meta">
        Days to payment: <tspan className="claim-timeline__figure">14</tspan>
      </text>
      <text x="360" y="313" textAnchor="end" className="claim-timeline__meta">
        Denials: <tspan className="claim-timeline__figure">0</tspan>
      </text>
    </svg>
  );
}
