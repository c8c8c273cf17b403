/** How many placeholder cards a list of posts shows while it loads (spec §6: four). */
export const BLOG_SKELETON_COUNT = 4;

/**
 * The loading placeholder of a post's text, its category badge, title and first lines: in the
 * skeleton cards of the blog list and the archives, and under the post page's skeleton hero.
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

/** A list of posts while it loads (the blog list, an archive): four placeholder cards. */
export function PostCardSkeletons() {
  return (
    <ul className="card-grid card-grid--3 blog-grid" aria-busy="true">
      <li className="visually-hidden" role="status">
        Loading posts…
      </li>
      {Array.from({ length: BLOG_SKELETON_COUNT }, (_, index) => (
        <li key={index} className="card blog-card blog-card--skeleton" aria-hidden="true">
          <PostTextSkeleton />
        </li>
      ))}
    </ul>
  );
}
