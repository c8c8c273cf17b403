import { PageHeader } from '@/components/layouts/page-header';
import { actionsOf, textOf } from '../block-data';
import type { BlockProps } from '../block-registry';
import { BlockActionLink } from './block-action';

/** The looks of a page header's two actions: the first accented (as RCM and API pages had it), the second quieter. */
const ACTION_CLASSES = ['button button--accent button--large', 'button button--secondary button--large'] as const;

/** A compact opening (components/layouts/page-header.tsx): eyebrow, the page's one h1, a subtitle and actions. */
export function PageHeaderBlock({ data }: BlockProps) {
  const actions = actionsOf(data).slice(0, ACTION_CLASSES.length);
  return (
    <PageHeader
      eyebrow={textOf(data, 'eyebrow') || undefined}
      title={textOf(data, 'title')}
      subtitle={textOf(data, 'subtitle') || undefined}
    >
      {actions.length > 0 && (
        <div className="page-header__actions">
          {actions.map((action, index) => (
            <BlockActionLink key={index} action={action} className={ACTION_CLASSES[index === 0 ? 0 : 1]} />
          ))}
        </div>
      )}
    </PageHeader>
  );
}
