/**
 * The heading block of a page section: an optional eyebrow, the title (an h2 whose id labels the
 * section: `aria-labelledby`) and a lead paragraph.
 */
export function SectionHeader({
  id,
  eyebrow,
  title,
  lead,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead: string;
}) {
  return (
    <div className="section__header">
      {eyebrow && <p className="section__eyebrow">{eyebrow}</p>}
      <h2 id={id} className="section__title">
        {title}
      </h2>
      <p className="section__lead">{lead}</p>
    </div>
  );
}
