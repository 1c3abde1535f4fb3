import { describe, expect, it } from 'vitest';
import { checkBooking } from './booking-form';

const asks = { client_number: true, identity: true, age: true, phone: false, questions: [{ type: 'number', mandatory: true }, { type: 'number', mandatory: false }, { type: 'text', mandatory: false }] };

describe("a booking's data, as the guest form and the server check it", () => {
  it('keeps what the benefit asks, trimmed, and drops the rest', () => {
    expect(checkBooking(asks, { client_number: ' 12 ', identity: 'Karl Weber', age: '10', phone: '+49', answers: ['38', '', ' oui '] })).toEqual({
      data: { clientNumber: '12', identity: 'Karl Weber', age: 10, phone: null, answers: ['38', '', 'oui'] },
      issues: {},
    });
  });

  it('says by field what is missing or not a whole number', () => {
    expect(checkBooking(asks, { client_number: 'A12', identity: ' ', age: '151', answers: ['', '-3'] }).issues).toEqual({
      client_number: 'whole',
      identity: 'required',
      age: 'whole',
      'answers.0': 'required',
      'answers.1': 'whole',
    });
  });
});
