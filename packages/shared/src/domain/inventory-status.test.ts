import { describe, expect, it } from 'vitest';
import { formatEuros, inventoryStatus, pricedDifference, reportedObjects, type CountedCategory, type Count } from './inventory-status';

const cat = (counts: Count[], opts: { client?: Count[]; ratings?: [number | null, number | null][] } = {}): CountedCategory[] => [
  {
    objects: counts.map((count, i) => ({ _id: `o${i}`, name: `Objet ${i}`, quantity: 4, price: (i + 1) * 150, count, client_count: opts.client?.[i] })),
    reviews: (opts.ratings ?? []).map(([condition, cleanliness]) => ({ condition, cleanliness })),
  },
];

describe('inventoryStatus', () => {
  it('is uncompleted while a supply is not counted (NC or empty)', () => {
    expect(inventoryStatus('arrival', cat([4, 'NC']))).toBe('uncompleted');
    expect(inventoryStatus('arrival', cat([4, null]))).toBe('uncompleted');
  });
  it('is completed when every supply counts its quantity and no rating is poor', () => {
    expect(inventoryStatus('arrival', cat([4, 4], { ratings: [[5, 3], [null, null]] }))).toBe('completed');
    expect(inventoryStatus('arrival', [])).toBe('completed');
  });
  it('is warning when a supply counts other than its quantity', () => {
    expect(inventoryStatus('arrival', cat([4, 3]))).toBe('warning');
    expect(inventoryStatus('arrival', cat([4, 5]))).toBe('warning');
    // at departure, as many as at arrival: nothing missing since, still off the quantity
    expect(inventoryStatus('departure', cat([4, 3], { client: [4, 3] }))).toBe('warning');
  });
  it('is infos when everything is there but a rating is poor (1 or 2; 0 is not rated)', () => {
    expect(inventoryStatus('arrival', cat([4, 4], { ratings: [[2, 5]] }))).toBe('infos');
    expect(inventoryStatus('arrival', cat([4, 4], { ratings: [[0, 0]] }))).toBe('completed');
  });
  it('is error at departure when a supply counts fewer than at arrival (or than the quantity without an arrival count)', () => {
    expect(inventoryStatus('departure', cat([4, 2], { client: [4, 3] }))).toBe('error');
    expect(inventoryStatus('departure', cat([3, 4]))).toBe('error');
    expect(inventoryStatus('arrival', cat([3, 4]))).toBe('warning');
  });
});

describe('reportedObjects and pricedDifference', () => {
  it('lists the supplies off their quantity', () => {
    expect(reportedObjects(cat([4, 2, 'NC']))).toEqual([{ _id: 'o1', name: 'Objet 1', count: 2, quantity: 4 }]);
  });
  it('prices what is missing since arrival, each × its unit price, in cents', () => {
    const diff = pricedDifference(cat([1, 3, 4, 'NC'], { client: [4, 3, 'NC', 4] }));
    expect(diff.lines.map((l) => [l._id, l.reference, l.count, l.missing, l.amount])).toEqual([['o0', 4, 1, 3, 450]]);
    expect(diff.total).toBe(450);
    expect(pricedDifference(cat([4, 4])).total).toBe(0);
  });
  it("formats euros the French way: '1 234,50 €'", () => {
    expect(formatEuros(123450).replace(/[\u202f\u00a0]/g, ' ')).toBe('1 234,50 €');
    expect(formatEuros(0).replace(/\u00a0/g, ' ')).toBe('0,00 €');
  });
});
