import { describe, expect, it } from 'vitest';
import { splitName } from './name-split';

describe('splitName', () => {
  it('splits first word from the rest', () => {
    expect(splitName('Dana Whitfield')).toEqual({ firstName: 'Dana', lastName: 'Whitfield' });
  });

  it('keeps every remaining word in the last name', () => {
    expect(splitName('Mary Ann van der Berg')).toEqual({
      firstName: 'Mary',
      lastName: 'Ann van der Berg',
    });
  });

  it('gives an empty last name for a single word', () => {
    expect(splitName('Prince')).toEqual({ firstName: 'Prince', lastName: '' });
  });

  it('ignores surrounding and repeated whitespace', () => {
    expect(splitName('  Luis \t  García   López ')).toEqual({
      firstName: 'Luis',
      lastName: 'García López',
    });
  });

  it('handles an empty name', () => {
    expect(splitName('')).toEqual({ firstName: '', lastName: '' });
    expect(splitName('   ')).toEqual({ firstName: '', lastName: '' });
  });
});
