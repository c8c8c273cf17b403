import { CheckCircleIcon } from '@/components/ui/icons';
import { AlertIcon } from '@/components/ui/marketing-icons';

interface ChecklistProps {
  items: readonly string[];
  /** 'warning' marks problems (pain points) instead of checks. */
  tone?: 'check' | 'warning';
  className?: string;
}

export function Checklist({ items, tone = 'check', className }: ChecklistProps) {
  const Marker = tone === 'warning' ? AlertIcon : CheckCircleIcon;
  const classes = ['checklist', tone === 'warning' ? 'checklist--warning' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <ul className={classes}>
      {items.map((item) => (
        <li key={item}>
          <Marker size={18} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
