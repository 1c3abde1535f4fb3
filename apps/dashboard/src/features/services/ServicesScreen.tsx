import { Badge, Card, Group, Image, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { Service } from '@campsite/shared';
import { SERVICES, fileUrl, pickTranslation } from '@campsite/shared';
import { useFlash, FlashBanner } from '../../components/flash';
import { ListScreen } from '../../components/ListScreen';
import { PageHeader } from '../../components/PageHeader';
import { ReadView, oneOf, textField, useAddress } from '../../components/list';
import { ActionsMenu } from '../../components/RowActions';
import { useRowAction } from '../../components/rows';
import { navCrumbs } from '../../shell/nav';
import { useSession } from '../../shell/session';
import { useServiceDelete, useServices } from './api/services-queries';
import { ServiceForm } from './ServiceForm';
import { ServiceParts } from './ServiceParts';

const TYPE_LABEL: Record<Service['type'], string> = { prestation: 'Prestation', vente: 'Vente', location: 'Location' };

/** The service open (`?id=`) or the new one (`?new=1`). */
const ADDRESS = { id: textField(), new: oneOf(['1'] as const) };

/**
 * 001 §2 'Services' (premium: the route shows the upsell without it): the grid of service cards; creating a service opens
 * the edit view of the new one (its address keeps it: `?id=`), with its benefits and workers or products.
 */
export default function ServicesScreen() {
  const address = useAddress(ADDRESS);
  const flash = useFlash();
  const list = useServices();
  const remove = useServiceDelete();
  const run = useRowAction(flash);
  const crumbs = navCrumbs('/services');

  const editing = address.values.id;
  const creating = address.values.new === '1';
  // opening and leaving a service are steps the back button undoes
  const open = (id: string | null) => address.set({ id, new: null }, { push: true });
  const current = editing ? list.data?.find((s) => s._id === editing) : undefined;
  const onDelete = (s: Service) => void run(SERVICES.confirmDeleteService, () => remove.mutateAsync({ id: s._id }), 'Le service a bien été supprimé', SERVICES.serviceDeleteFailed).then((done) => done && editing && open(null));

  if (creating || editing) {
    const toList = { label: 'Mes services', to: '/services' };
    return (
      <>
        <PageHeader title={current ? current.name : 'Nouveau service'} crumbs={[...crumbs.slice(0, -1), toList, { label: current?.name ?? 'Nouveau service' }]} />
        <FlashBanner flash={flash} />
        {creating ? (
          <ServiceForm key="new" current={null} flash={flash} onSaved={(s) => open(s._id)} onCancel={() => open(null)} />
        ) : (
          <ReadView read={{ data: list.data === undefined ? undefined : (current ?? (false as const)), error: list.error }} failed={SERVICES.servicesFetchFailed} empty="Ce service n'existe plus." isEmpty={(d) => d === false}>
            {(s) => s && <ServiceParts key={s._id} service={s} flash={flash} onDelete={() => onDelete(s)} />}
          </ReadView>
        )}
      </>
    );
  }

  return (
    <ListScreen
      title="Mes services"
      crumbs={crumbs}
      action={{ label: 'Créer un service', onClick: () => (flash.clear(), address.set({ new: '1', id: null }, { push: true })) }}
      flash={flash}
      read={list}
      failed={SERVICES.servicesFetchFailed}
      empty="Aucun service pour le moment : créez votre premier service réservable ou à vendre."
    >
      {(data) => (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
          {data.map((s) => (
            <ServiceCard key={s._id} service={s} onOpen={() => (flash.clear(), open(s._id))} onDelete={() => onDelete(s)} />
          ))}
        </SimpleGrid>
      )}
    </ListScreen>
  );
}

function ServiceCard({ service, onOpen, onDelete }: { service: Service; onOpen(): void; onDelete(): void }) {
  const { defaultLang } = useSession();
  const title = pickTranslation(service.translations, defaultLang, defaultLang, 'title');
  return (
    <Card withBorder radius="md" padding={0}>
      <UnstyledButton onClick={onOpen} aria-label={`Ouvrir le service ${service.name}`}>
        {service.cover ? (
          <Image src={fileUrl(service.cover, 720)} alt="" h={150} fit="cover" />
        ) : (
          <Stack h={150} align="center" justify="center" bg="gray.1" aria-hidden>
            <IconPhoto size={40} color="var(--mantine-color-gray-6)" />
          </Stack>
        )}
      </UnstyledButton>
      <Group p="sm" justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} lineClamp={2}>
            {service.name}
          </Text>
          {title && title !== service.name && (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {title}
            </Text>
          )}
          <Group gap={6}>
            <Badge variant="light" size="sm">
              {TYPE_LABEL[service.type]}
            </Badge>
          </Group>
        </Stack>
        <ActionsMenu
          label={`Actions du service ${service.name}`}
          actions={[
            { label: 'Éditer', onClick: onOpen },
            { label: 'Supprimer', onClick: onDelete, danger: true },
          ]}
        />
      </Group>
    </Card>
  );
}
