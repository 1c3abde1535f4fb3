import { useState, type ReactNode } from 'react';
import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Service, ServiceBenefit, ServiceProduct, ServiceWorker } from '@campsite/shared';
import { SERVICES, pickTranslation } from '@campsite/shared';
import type { Flash } from '../../components/flash';
import { ActionsTh, ListTable } from '../../components/ListScreen';
import { ReadView } from '../../components/list/ReadView';
import { RowActions } from '../../components/RowActions';
import { useRowAction } from '../../components/rows';
import { useSession } from '../../shell/session';
import { useBenefitDelete, useBenefits, useProductDelete, useProducts, useWorkerDelete, useWorkers } from './api/services-queries';
import { BenefitForm } from './BenefitForm';
import { ProductForm } from './ProductForm';
import { ServiceForm } from './ServiceForm';
import { SlotsForm } from './SlotsForm';
import { WorkerForm } from './WorkerForm';
import { euros } from './words';

/** The edit view of a service: its form, then its benefits and workers (prestation) or its products (vente). */
export function ServiceParts({ service, flash, onDelete }: { service: Service; flash: Flash; onDelete(): void }) {
  return (
    <Stack gap="lg">
      <ServiceForm current={service} flash={flash} onSaved={() => {}} />
      {service.type === 'prestation' && (
        <>
          <BenefitsPanel service={service} flash={flash} />
          <WorkersPanel service={service} flash={flash} />
          <SlotsForm key={service._id} service={service} flash={flash} />
        </>
      )}
      {service.type === 'vente' && <ProductsPanel service={service} flash={flash} />}
      <Group>
        <Button variant="default" color="red" c="red.8" onClick={onDelete}>
          Supprimer ce service
        </Button>
      </Group>
    </Stack>
  );
}

function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="md">
        <Text fw={700} size="lg" component="h2">
          {title}
        </Text>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

function BenefitsPanel({ service, flash }: { service: Service; flash: Flash }) {
  const { defaultLang } = useSession();
  const read = useBenefits(service._id);
  const remove = useBenefitDelete();
  const run = useRowAction(flash);
  const [editing, setEditing] = useState<ServiceBenefit | 'new' | null>(null);
  const add = { label: read.data?.length ? SERVICES.addBenefit : SERVICES.configureBenefit, onClick: () => setEditing('new') };
  return (
    <Panel title={SERVICES.benefitsPanel} action={read.data?.length ? <AddButton label={SERVICES.addBenefit} onClick={add.onClick} /> : null}>
      <ReadView read={read} failed={SERVICES.benefitsFetchFailed} empty="Pas encore de prestation." action={add}>
        {(rows) => (
          <ListTable head={<><Table.Th>Titre</Table.Th><Table.Th>Prix</Table.Th><ActionsTh /></>}>
            {rows.map((b) => {
              const title = pickTranslation(b.translations, defaultLang, defaultLang, 'subtitle') || '(sans titre)';
              return (
                <Table.Tr key={b._id}>
                  <Table.Td>{title}</Table.Td>
                  <Table.Td>{euros(b.price)}</Table.Td>
                  <Table.Td>
                    <RowActions item={title} onEdit={() => setEditing(b)} onDelete={() => void run(SERVICES.confirmDeleteBenefit, () => remove.mutateAsync({ id: b._id }), 'La prestation a bien été supprimée', SERVICES.benefitDeleteFailed)} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        )}
      </ReadView>
      {editing && <BenefitForm service={service} current={editing === 'new' ? null : editing} flash={flash} onClose={() => setEditing(null)} />}
    </Panel>
  );
}

function WorkersPanel({ service, flash }: { service: Service; flash: Flash }) {
  const read = useWorkers(service._id);
  const benefits = useBenefits(service._id);
  const remove = useWorkerDelete();
  const run = useRowAction(flash);
  const [editing, setEditing] = useState<ServiceWorker | 'new' | null>(null);
  const add = { label: 'Ajouter un prestataire', onClick: () => setEditing('new') };
  return (
    <Panel title={SERVICES.workersPanel} action={read.data?.length ? <AddButton label={add.label} onClick={add.onClick} /> : null}>
      <ReadView read={read} failed={SERVICES.workersFetchFailed} empty="Pas encore de prestataire." action={add}>
        {(rows) => (
          <ListTable head={<><Table.Th>Nom</Table.Th><Table.Th>Prénom</Table.Th><ActionsTh /></>}>
            {rows.map((w) => (
              <Table.Tr key={w._id}>
                <Table.Td>{w.lastname}</Table.Td>
                <Table.Td>{w.firstname}</Table.Td>
                <Table.Td>
                  <RowActions item={`${w.firstname} ${w.lastname}`} onEdit={() => setEditing(w)} onDelete={() => void run(null, () => remove.mutateAsync({ id: w._id }), 'Le prestataire a bien été supprimé', SERVICES.workerDeleteFailed)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ReadView>
      {editing && <WorkerForm service={service._id} benefits={benefits.data ?? []} current={editing === 'new' ? null : editing} flash={flash} onClose={() => setEditing(null)} />}
    </Panel>
  );
}

function ProductsPanel({ service, flash }: { service: Service; flash: Flash }) {
  const { defaultLang } = useSession();
  const read = useProducts(service._id);
  const remove = useProductDelete();
  const run = useRowAction(flash);
  const [editing, setEditing] = useState<ServiceProduct | 'new' | null>(null);
  const add = { label: read.data?.length ? SERVICES.addProduct : SERVICES.configureProduct, onClick: () => setEditing('new') };
  return (
    <Panel title={SERVICES.productsPanel} action={read.data?.length ? <AddButton label={SERVICES.addProduct} onClick={add.onClick} /> : null}>
      <ReadView read={read} failed={SERVICES.productsFetchFailed} empty="Pas encore de produit." action={add}>
        {(rows) => (
          <ListTable head={<><Table.Th>Titre</Table.Th><Table.Th>Prix</Table.Th><Table.Th>Stock</Table.Th><ActionsTh /></>}>
            {rows.map((p) => {
              const title = pickTranslation(p.translations, defaultLang, defaultLang, 'subtitle') || '(sans titre)';
              return (
                <Table.Tr key={p._id}>
                  <Table.Td>{title}</Table.Td>
                  <Table.Td>{euros(p.price)}</Table.Td>
                  <Table.Td>{p.stock === null ? 'Illimité' : p.stock}</Table.Td>
                  <Table.Td>
                    <RowActions item={title} onEdit={() => setEditing(p)} onDelete={() => void run(null, () => remove.mutateAsync({ id: p._id }), 'Le produit a bien été supprimé', SERVICES.productDeleteFailed)} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        )}
      </ReadView>
      {editing && <ProductForm service={service._id} current={editing === 'new' ? null : editing} flash={flash} onClose={() => setEditing(null)} />}
    </Panel>
  );
}

function AddButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onClick}>
      {label}
    </Button>
  );
}
