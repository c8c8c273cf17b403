/**
 * A list of figures, each a label and its value in a tile: about's stat tiles and the home
 * page's statistics band. The label comes first in the DOM (screen readers say what a figure
 * is before it); the CSS shows the value first.
 */

/** One figure of a StatList. */
export interface Stat {
  value: string;
  label: string;
}

/** The class names of each look: 'tiles' sit in a page section, 'band' is the home page's own block. */
const LOOKS = {
  tiles: { list: 'stat-tiles', item: 'stat-tile', label: 'stat-tile__label', value: 'stat-tile__value' },
  band: { list: 'stats__list', item: 'stats__item', label: 'stats__label', value: 'stats__value' },
} as const;

export function StatList({ stats, look = 'tiles' }: { stats: readonly Stat[]; look?: keyof typeof LOOKS }) {
  const classes = LOOKS[look];
  return (
    <dl className={classes.list}>
      {stats.map((stat) => (
        <div key={stat.label} className={classes.item}>
          <dt className={classes.label}>{stat.label}</dt>
          <dd className={classes.value}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
