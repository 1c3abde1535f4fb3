import { describe, expect, it } from 'vitest';
import { zonedTimeToEpoch } from '@campsite/shared';
import { prefillFrom } from './prefill';

const tz = 'Europe/Paris';
const now = zonedTimeToEpoch(2030, 7, 15, 10, 0, tz);
const person = (civility: string | null) => ({ civility, firstname: 'Karl', lastname: 'Weber', birthday: zonedTimeToEpoch(1990, 7, 16, 0, 0, tz) });

describe('the desk booking prefilled from the client (001 §4)', () => {
  it('writes the honorific in French: M. and Mme, never Mr. (issue 32)', () => {
    expect(prefillFrom({ ...person('male'), phone: '0601' }, null, now, tz).identity).toBe('M. Karl Weber');
    expect(prefillFrom({ ...person('homme'), phone: null }, null, now, tz).identity).toBe('M. Karl Weber');
    expect(prefillFrom({ ...person('female'), phone: null }, null, now, tz).identity).toBe('Mme Karl Weber');
    expect(prefillFrom({ ...person('femme'), phone: null }, null, now, tz).identity).toBe('Mme Karl Weber');
    expect(prefillFrom({ ...person(null), phone: null }, null, now, tz).identity).toBe('Karl Weber');
  });

  it('takes the app account first, the age the day before a birthday, the client file’s phone', () => {
    const got = prefillFrom({ ...person('male'), phone: '0601' }, { ...person('female'), firstname: 'Anna' }, now, tz);
    expect(got).toEqual({ identity: 'Mme Anna Weber', age: '39', phone: '0601' });
  });
});
