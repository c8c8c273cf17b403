/**
 * The loading placeholder of a post's text, its category badge, title and first lines: in the
 * blog list's skeleton cards and under the post page's skeleton hero.
 */
export function PostTextSkeleton() {
  return (
    <>
      <span className="skeleton skeleton--badge" />
      <span className="skeleton skeleton--title" />
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--line skeleton--short" />
    </>
  );
}
