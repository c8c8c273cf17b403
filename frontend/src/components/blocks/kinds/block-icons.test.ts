import { describe, expect, it } from 'vitest';
import { CheckCircleIcon } from '@/components/ui/icons';
import { TruckIcon } from '@/components/ui/marketing-icons';
import { BLOCK_SCHEMA, isObjectList } from '../block-schema';
import { BLOCK_ICONS, iconOf } from './block-icons';

describe('block icons', () => {
  it('are the icon choices of every kind that has one, in the schema order', () => {
    const choices = Object.values(BLOCK_SCHEMA.kinds).flatMap((kind) =>
      Object.values(kind.fields).flatMap((field) =>
        isObjectList(field) && field.fields.icon?.type === 'choice' ? [field.fields.icon.options] : [],
      ),
    );
    expect(choices.length).toBeGreaterThanOrEqual(2);
    for (const options of choices) expect(options).toEqual(Object.keys(BLOCK_ICONS));
  });

  it('reads an item icon, showing the check mark for one this code does not know', () => {
    expect(iconOf({ icon: 'truck' })).toBe(TruckIcon);
    expect(iconOf({ icon: 'rocket' })).toBe(CheckCircleIcon);
    expect(iconOf({ icon: 'constructor' })).toBe(CheckCircleIcon);
    expect(iconOf({})).toBe(CheckCircleIcon);
  });
});
