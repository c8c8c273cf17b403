import { describe, expect, it } from 'vitest';
import { splitName } from './name-split';

describe('splitName', () => {
  it.each([
    ['splits first word from the rest', 'Dana Whitfield', 'Dana', 'Whitfield'],
    ['keeps every remaining word in the last name', 'Mary Ann van der Berg', 'Mary', 'Ann van der Berg'],
    ['gives an empty last name for a single word', 'Prince', 'Prince', ''],
    ['ignores surrounding and repeated whitespace', '  Luis \t  García   López ', 'Luis', 'García López'],
    ['handles an empty name', '', '', ''],
    ['handles a blank name', '   ', '', ''],
  ])('%s: %j', (_case, name, firstName, lastName) => {
    expect(splitName(name)).toEqual({ firstName, lastName });
  });
});
