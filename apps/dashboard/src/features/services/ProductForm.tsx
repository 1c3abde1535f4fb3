import { Group, NumberInput, Switch, TextInput } from '@mantine/core';
import type { ServiceProduct } from '@campsite/shared';
import { DESCRIPTION, GUEST_CEILINGS, SERVICE_LIMITS, SUBTITLE, SERVICES, productInsert, serviceProducts, textErrors } from '@campsite/shared';
import { useSession } from '../../shell/session';
import type { Flash } from '../../components/flash';
import { FormModal } from '../../components/FormCard';
import { langTexts, pickerProps, toTranslations, useContractForm, useFreshRead, type LangTexts } from '../../components/form';
import { IconPicker } from '../../components/IconPicker';
import { TranslatedInput } from '../../components/translated';
import { useProductInsert, useProductUpdate } from './api/services-queries';
import { priceText } from './words';

interface Values extends Record<string, unknown> {
  icon: string | null;
  price: string;
  limited: boolean;
  stock: number | string | null;
  order_max: number | string;
  subtitle: LangTexts;
  description: LangTexts;
}

/** The form's values from the record (when it opens, and reloaded after a 409). */
const valuesOf = (current: ServiceProduct | null): Values => ({
    icon: current?.icon ?? null,
    price: priceText(current?.price),
    limited: current ? current.stock !== null : true,
    stock: current ? current.stock : 1,
    order_max: current?.order_max ?? GUEST_CEILINGS.orderMax,
    subtitle: langTexts(current?.translations, 'subtitle'),
    description: langTexts(current?.translations, 'description'),
});

/** A product of a vente service (001 §3, §5): icon, price, stock (or unlimited), title and description; ours (issue 29): the most one order may take. */
export function ProductForm({ service, current, flash, onClose }: { service: string; current: ServiceProduct | null; flash: Flash; onClose(): void }) {
  const { langs, defaultLang } = useSession();
  const insert = useProductInsert();
  const update = useProductUpdate();
  const fresh = useFreshRead();
  const f = useContractForm({
    initial: valuesOf(current),
    revision: current?.revision,
    reload: current
      ? async () => {
          const now = (await fresh(serviceProducts.findByService, { service })).find((x) => x._id === current._id);
          return now ? { values: valuesOf(now), revision: now.revision } : null;
        }
      : undefined,
    schema: productInsert,
    toBody: (v) => ({
      service,
      icon: v.icon ?? '',
      price: v.price,
      stock: v.limited ? (v.stock === '' || v.stock === null ? -1 : Number(v.stock)) : null,
      order_max: v.order_max === '' ? 0 : Number(v.order_max),
      translations: toTranslations({ subtitle: v.subtitle, description: v.description }, langs, defaultLang),
    }),
    check: (_, body) => textErrors(body.translations, defaultLang, [SUBTITLE, DESCRIPTION]),
    translated: { fields: ['subtitle', 'description'], warning: 'Le produit n’est pas traduit dans les langues suivantes :' },
    save: (body) => (current ? update.mutateAsync({ _id: current._id, ...body }) : insert.mutateAsync(body)),
    action: current ? 'Impossible de modifier le produit' : 'Impossible de créer le produit',
    success: current ? SERVICES.productUpdated : SERVICES.productCreated,
    onSaved: () => {
      flash.setSuccess(current ? SERVICES.productUpdated : SERVICES.productCreated);
      onClose();
    },
  });
  const limited = f.form.values.limited;
  return (
    <FormModal form={f} title={current ? 'Modifier le produit' : 'Nouveau produit'} submit={current ? 'Mettre à jour' : 'Créer'} onClose={onClose} translated>
      <IconPicker label="Icône" required {...pickerProps(f, 'icon')} />
      <TranslatedInput form={f} field="subtitle" label="Titre" max={SUBTITLE.max} />
      <TranslatedInput form={f} field="description" label="Description" kind="rich" toolbar="default" />
      <TextInput label="Prix (€)" required placeholder="0 pour gratuit" w={160} {...f.form.getInputProps('price')} />
      <Group align="flex-end">
        <Switch
          label="Limiter le stock"
          checked={limited}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            f.form.setFieldValue('limited', on);
            // 001 §4: a limit switched on starts at 1, off is unlimited
            f.form.setFieldValue('stock', on ? 1 : null);
          }}
        />
        {limited && <NumberInput label="Stock" min={0} w={140} allowDecimal={false} {...f.form.getInputProps('stock')} />}
      </Group>
      <NumberInput
        label="Quantité maximale par commande"
        description="Un client ne commande pas plus de ce produit en une fois dans l’application."
        min={1}
        max={SERVICE_LIMITS.orderMax}
        w={300}
        allowDecimal={false}
        {...f.form.getInputProps('order_max')}
      />
    </FormModal>
  );
}
