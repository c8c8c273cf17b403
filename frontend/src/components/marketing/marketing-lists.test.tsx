import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatList } from './stat-list';
import { TitledTextList } from './titled-text-list';

const STATS = [
  { value: '2016', label: 'Founded' },
  { value: '24/7', label: 'Team on call' },
];

const ITEMS = [
  { title: 'A 30-minute call', text: 'We ask about your claims.' },
  { title: 'A free claims review', text: 'Send 50 recent claims.' },
];

/** What each list writes: the pages' markup, classes included, as it was before the lists were shared. */
const MARKUP: [string, ReactElement, string][] = [
  [
    'StatList writes each label first (the CSS shows the value first), as stat tiles by default',
    <StatList stats={STATS} />,
    '<dl class="stat-tiles">' +
      '<div class="stat-tile"><dt class="stat-tile__label">Founded</dt><dd class="stat-tile__value">2016</dd></div>' +
      '<div class="stat-tile"><dt class="stat-tile__label">Team on call</dt><dd class="stat-tile__value">24/7</dd></div>' +
      '</dl>',
  ],
  [
    "StatList uses the home page's statistics classes as a band",
    <StatList stats={STATS.slice(0, 1)} look="band" />,
    '<dl class="stats__list"><div class="stats__item">' +
      '<dt class="stats__label">Founded</dt><dd class="stats__value">2016</dd></div></dl>',
  ],
  [
    'TitledTextList lists plain cards by default',
    <TitledTextList items={ITEMS.slice(0, 1)} className="card-grid card-grid--3" />,
    '<ul class="card-grid card-grid--3"><li class="card">' +
      '<h3 class="card__title">A 30-minute call</h3><p class="card__text">We ask about your claims.</p></li></ul>',
  ],
  [
    "TitledTextList lists a page's own numbered items",
    <TitledTextList
      items={ITEMS.slice(1)}
      className="contact-next"
      ordered
      itemClassName="contact-next__item"
      titleClassName="contact-next__step"
    />,
    '<ol class="contact-next"><li class="contact-next__item">' +
      '<h3 class="contact-next__step">A free claims review</h3><p class="card__text">Send 50 recent claims.</p></li></ol>',
  ],
];

describe('marketing lists', () => {
  it.each(MARKUP)('%s', (_name, list, markup) => {
    expect(render(list).container.innerHTML).toBe(markup);
  });
});
