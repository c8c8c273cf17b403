import { describeFields, describeUse, type MediaUse } from './media-format';

/** Where an image is used: each post or page, the fields that refer to it, and a link to it when public. */
export function MediaUseList({ uses }: { uses: readonly MediaUse[] }) {
  return (
    <ul className="media-uses">
      {uses.map((use) => {
        const href = use.kind === 'page' ? use.key : use.published ? `/blog/${use.key}` : null;
        return (
          <li key={`${use.kind}-${use.id}`}>
            {href ? (
              <a href={href} target="_blank" rel="noreferrer">
                {describeUse(use)}
              </a>
            ) : (
              describeUse(use)
            )}
            <span className="admin-muted">: {describeFields(use.fields)}</span>
          </li>
        );
      })}
    </ul>
  );
}
