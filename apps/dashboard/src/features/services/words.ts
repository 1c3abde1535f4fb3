import { SERVICES } from '@campsite/shared';

const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** A price as staff read it: 'Gratuit' for 0 (001 §3), else '12,50 €'. */
export const euros = (price: number) => (price === 0 ? SERVICES.free : money.format(price));

/** A price as the form shows it, with a comma: 12.5 → '12,50'. */
export const priceText = (price: number | undefined) => (price === undefined ? '' : price.toFixed(2).replace('.', ','));
