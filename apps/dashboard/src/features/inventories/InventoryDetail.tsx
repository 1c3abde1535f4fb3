import { useState } from 'react';
import { Badge, Modal, Select, Stack, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { INVENTORIES, type InventoryConfig, type InventoryDoc } from '@campsite/shared';
import { Details } from '../../components/Details';
import { FlashBanner, useFlash } from '../../components/flash';
import { ReadView } from '../../components/list';
import { StayLink } from '../../components/PeopleLinks';
import { useSession } from '../../shell/session';
import { useInventoryConfig, useStayInventories } from './api/inventories-queries';
import { CommentsTab } from './CommentsTab';
import { DepositProposal } from '../../components/desk/DepositProposal';
import { departureFrom } from './fill';
import { InventoryTab } from './InventoryTab';
import { PicturesTab } from './PicturesTab';

type Tab = 'arrival' | 'departure' | 'pictures' | 'comments' | 'stay';

/**
 * The two inventories of a stay (002 §4): saved ones as the server has them, a missing arrival one built
 * from the setup (every count 'NC'), a missing departure one derived from the arrival one (its counts
 * kept as client_count).
 */
export function pairOf(found: InventoryDoc | InventoryDoc[]): { arrival: InventoryDoc; departure: InventoryDoc } {
  const list = Array.isArray(found) ? found : [found];
  const arrival = list.find((i) => i.type === 'arrival') ?? list[0];
  const departure = list.find((i) => i.type === 'departure') ?? {
    ...arrival,
    _id: null,
    type: 'departure' as const,
    status: 'uncompleted' as const,
    create_user: null,
    update_user: null,
    create_time: null,
    update_time: null,
    deposit_date: null,
    pictures: [],
    comment: [],
    reported: [],
    difference: null,
    confirmed: null,
    inventory: departureFrom(arrival.inventory),
  };
  return { arrival, departure };
}

/** Edit is offered only for an inventory not saved yet, and when the settings let staff fill that direction. */
export const mayEdit = (inv: InventoryDoc, config: InventoryConfig) => inv._id === null && config[inv.type] && config[`${inv.type}_staff`];

/**
 * When the departure inventory is due (issue 32): from `delay` hours before the departure day, as the
 * guests' window opens (docs/inventories.md). Before, a stay opened on arrival day must not land on an
 * empty departure inventory in edit mode with 'Tout cocher' one click away.
 */
export const departureDueFrom = (inv: InventoryDoc, config: InventoryConfig) => inv.stay.departure - config.delay * 3600;

/** The tab a stay opens on: what is due (the departure once due and not made, else the arrival). */
export function firstTab(pair: { arrival: InventoryDoc; departure: InventoryDoc }, config: InventoryConfig, now: number): 'arrival' | 'departure' {
  const { arrival, departure } = pair;
  if (departure._id !== null) return arrival._id === null && mayEdit(arrival, config) ? 'arrival' : 'departure';
  return now >= departureDueFrom(departure, config) && mayEdit(departure, config) ? 'departure' : 'arrival';
}

export function InventoryDetail({ stayNumber, onClose }: { stayNumber: string; onClose(): void }) {
  const read = useStayInventories(stayNumber);
  const config = useInventoryConfig();
  return (
    <Modal opened onClose={onClose} title={`Séjour n° ${stayNumber}`} size="xl" closeButtonProps={{ 'aria-label': 'Fermer' }}>
      <ReadView read={read} failed={INVENTORIES.cannotReadAccommodation} empty={INVENTORIES.stayNotFound} isEmpty={(d) => d === 1 || d === 2}>
        {(d) => (
          // the settings say whether staff may fill: the tab to open first depends on them
          <ReadView read={config} failed={INVENTORIES.cannotReadConfig} empty="">
            {(c) => (d === 1 || d === 2 ? null : <Detail stayNumber={stayNumber} pair={pairOf(d)} config={c} onClose={onClose} />)}
          </ReadView>
        )}
      </ReadView>
    </Modal>
  );
}

function Detail({ stayNumber, pair, config, onClose }: { stayNumber: string; pair: { arrival: InventoryDoc; departure: InventoryDoc }; config: InventoryConfig; onClose(): void }) {
  const flash = useFlash();
  const phone = useMediaQuery('(max-width: 48em)');
  const [tab, setTab] = useState<Tab>(() => firstTab(pair, config, Math.floor(Date.now() / 1000)));
  const dueFrom = departureDueFrom(pair.departure, config);
  const { arrival, departure } = pair;
  const count = (n: number) => (n > 0 ? n : null);
  const tabs: { value: Tab; label: string; badge: number | null; colour?: string }[] = [
    { value: 'arrival', label: INVENTORIES.arrivalTab, badge: count(arrival.reported.length), colour: 'yellow' },
    { value: 'departure', label: INVENTORIES.departureTab, badge: count(departure.reported.length), colour: 'yellow' },
    { value: 'pictures', label: 'Photos', badge: count(arrival.pictures.length + departure.pictures.length) },
    { value: 'comments', label: 'Commentaires', badge: count(arrival.comment.length + departure.comment.length) },
    { value: 'stay', label: 'Détails séjour', badge: null },
  ];
  const body = (t: Tab) =>
    t === 'arrival' || t === 'departure' ? (
      <InventoryTab key={`${t}-${pair[t]._id}`} inventory={pair[t]} editable={mayEdit(pair[t], config)} dueFrom={t === 'departure' ? dueFrom : null} flash={flash} onClose={onClose} />
    ) : t === 'pictures' ? (
      <PicturesTab stayNumber={stayNumber} arrival={arrival} departure={departure} flash={flash} />
    ) : t === 'comments' ? (
      <CommentsTab stayNumber={stayNumber} arrival={arrival} departure={departure} flash={flash} />
    ) : (
      <StayTab inventory={arrival} />
    );
  return (
    <Stack>
      <FlashBanner flash={flash} />
      {departure._id && <DepositProposal stayNumber={stayNumber} flash={flash} />}
      {phone ? (
        <>
          <Select label="Rubrique" data={tabs.map((t) => ({ value: t.value, label: t.badge ? `${t.label} (${t.badge})` : t.label }))} value={tab} onChange={(v) => v && setTab(v as Tab)} allowDeselect={false} />
          {body(tab)}
        </>
      ) : (
        <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
          <Tabs.List>
            {tabs.map((t) => (
              <Tabs.Tab key={t.value} value={t.value} rightSection={t.badge ? <Badge size="sm" circle color={t.colour ?? 'blue'} autoContrast aria-label={`${t.badge}`}>{t.badge}</Badge> : undefined}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((t) => (
            <Tabs.Panel key={t.value} value={t.value} pt="md">
              {body(t.value)}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}

function StayTab({ inventory }: { inventory: InventoryDoc }) {
  const { timeZone } = useSession();
  const rows: [string, React.ReactNode][] = [
    ['Nom', `${inventory.client.firstname} ${inventory.client.lastname}`],
    ['E-mail', inventory.client.email1 ?? inventory.client.email2 ?? '—'],
    ['Emplacement', inventory.stay.location ?? '—'],
    ['Hébergement', inventory.accommodation?.name ?? inventory.stay.location_category ?? '—'],
    ['N° de séjour', <StayLink key="s" stay={inventory.stay_number}>{inventory.stay_number}</StayLink>],
    ['Séjour', `${new Date(inventory.stay.arrival * 1000).toLocaleDateString('fr-FR', { timeZone })} → ${new Date(inventory.stay.departure * 1000).toLocaleDateString('fr-FR', { timeZone })}`],
  ];
  return (
    <Details rows={rows} labelWidth={140} />
  );
}
