import { describe, expect, it } from 'vitest';
import { checkAll, departureFrom, differences, emptyCounts, isChecked, parseCount, setCount, toggleLine, allChecked, type FillCategory } from './fill';

const kitchen = (): FillCategory[] => [
  {
    name: 'Cuisine',
    objects: [
      { _id: 'o1', name: 'Assiettes', quantity: 6, count: 'NC', checked: false },
      { _id: 'o2', name: 'Verres', quantity: 6, count: 'NC', checked: false },
    ],
    reviews: [{ _id: 'r1', name: 'Plan de travail', condition: 0, cleanliness: 0 }],
  },
];

describe('the rules of filling an inventory (002 §4)', () => {
  it('a line is checked when its count equals the quantity, not for NC or an empty count', () => {
    expect(isChecked({ count: 6, quantity: 6 })).toBe(true);
    expect(isChecked({ count: 5, quantity: 6 })).toBe(false);
    expect(isChecked({ count: 'NC', quantity: 6 })).toBe(false);
    expect(isChecked({ count: null, quantity: 0 })).toBe(false);
    const cats = setCount(kitchen(), 0, 1, 6);
    expect(cats[0].objects.map((o) => o.checked)).toEqual([false, true]);
    expect(setCount(cats, 0, 1, 4)[0].objects[1].checked).toBe(false);
  });

  it("reads what is typed: an integer, 'NC' in any case, or empty", () => {
    expect(parseCount(' 4 ')).toBe(4);
    expect(parseCount('0')).toBe(0);
    expect(parseCount('nc')).toBe('NC');
    expect(parseCount('')).toBe(null);
    expect(parseCount('-2')).toBe(null);
    expect(parseCount('2,5')).toBe(null);
  });

  it("'Tout cocher' sets every count to its quantity; unchecking clears every count", () => {
    const all = checkAll(kitchen(), true);
    expect(all[0].objects.map((o) => [o.count, o.checked])).toEqual([[6, true], [6, true]]);
    expect(allChecked(all)).toBe(true);
    const none = checkAll(all, false);
    expect(none[0].objects.map((o) => [o.count, o.checked])).toEqual([[null, false], [null, false]]);
    expect(emptyCounts(none)).toEqual(['0.0', '0.1']);
  });

  it("a line's box sets its count to the quantity, or clears it", () => {
    const on = toggleLine(kitchen(), 0, 0, true);
    expect(on[0].objects[0]).toMatchObject({ count: 6, checked: true });
    expect(toggleLine(on, 0, 0, false)[0].objects[0]).toMatchObject({ count: null, checked: false });
  });

  it('the differences list every item whose count is not the quantity', () => {
    const cats = setCount(setCount(kitchen(), 0, 0, 6), 0, 1, 4);
    expect(differences(cats)).toEqual([{ name: 'Verres', count: 4, quantity: 6 }]);
  });

  it('a missing departure inventory is a blank copy of the arrival one with the arrival counts kept as client_count', () => {
    const arrival = setCount(setCount(kitchen(), 0, 0, 6), 0, 1, 5);
    const departure = departureFrom(arrival);
    expect(departure[0].objects.map((o) => [o.client_count, o.count, o.checked])).toEqual([[6, 'NC', false], [5, 'NC', false]]);
    expect(departure[0].reviews[0]).toMatchObject({ condition: null, cleanliness: null });
    expect(arrival[0].objects[0].count).toBe(6);
  });
});
