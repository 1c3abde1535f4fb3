import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Stack, Switch, Text } from '@mantine/core';
import { IconDownload, IconMail } from '@tabler/icons-react';
import { INVENTORIES, type InventoryDoc } from '@campsite/shared';
import type { Flash } from '../../components/flash';
import { errorSentence } from '../../lib/errors';
import { day, dayTime } from '../../lib/format';
import { useSession } from '../../shell/session';
import { useInventorySave, useReportSend } from './api/inventories-queries';
import { SYNC_WORDS, useDraftSync } from './drafts';
import { allChecked, answersOf, checkAll, emptyCounts } from './fill';
import { CategoryTables } from './CategoryTables';
import { Difference, liveDifference } from './Difference';

type Categories = InventoryDoc['inventory'];
interface Typed {
  cats: Categories;
  /** when the device recorded it (epoch seconds): an older replay never overwrites a newer save */
  at: number;
}

const now = () => Math.floor(Date.now() / 1000);

/**
 * One inventory (002 §2 'Inventory tab', §4): read mode, or edit mode for a new one. What is typed is
 * kept on the device at once and sent on Enregistrer, now or when the network is back (drafts.ts).
 */
export function InventoryTab({ inventory, editable, dueFrom = null, flash, onClose }: { inventory: InventoryDoc; editable: boolean; dueFrom?: number | null; flash: Flash; onClose(): void }) {
  const { global, timeZone } = useSession();
  const save = useInventorySave();
  const key = `${inventory.stay_number}:${inventory.type}`;
  const sync = useDraftSync<Typed>(
    key,
    (typed) => save.mutateAsync({ stay_number: inventory.stay_number, type: inventory.type, ...answersOf(typed.cats, typed.at) }),
    () => flash.setSuccess(INVENTORIES.inventoryUpdated),
  );
  const [cats, setCats] = useState<Categories>(() => (editable ? sync.draft()?.cats : null) ?? inventory.inventory);
  // a departure not due yet opens in read mode (issue 32): staff turn the switch on to fill it early
  const early = dueFrom !== null && now() < dueFrom;
  const [editing, setEditing] = useState(editable && (sync.draft() !== null || (inventory._id === null && !early)));
  const [showErrors, setShowErrors] = useState(false);

  const change = (next: Categories) => {
    setCats(next);
    sync.keep({ cats: next, at: now() });
  };
  const empty = showErrors ? new Set(emptyCounts(cats)) : new Set<string>();
  const submit = () => {
    if (emptyCounts(cats).length > 0) {
      setShowErrors(true);
      flash.setError(INVENTORIES.formError);
      return;
    }
    setShowErrors(false);
    flash.clear();
    void sync.submit({ cats, at: now() });
  };
  const { setError } = flash;
  useEffect(() => {
    if (sync.state === 'refused') setError(errorSentence(INVENTORIES.cannotUpdateInventory, sync.error, sync.error ? 2 : 1));
  }, [sync.state, sync.error, setError]);

  const establishment = global.establishment;
  const reported = editing ? liveReported(cats) : inventory.reported;
  const who = (a: InventoryDoc['create_user']) => a?.name ?? establishment;
  const label = inventory.type === 'arrival' ? 'Entrée' : 'Sortie';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text fw={700}>
            {inventory.stay.location ? `Emplacement ${inventory.stay.location}` : 'Emplacement non renseigné'} · {inventory.accommodation?.name ?? inventory.stay.location_category ?? '—'}
          </Text>
          {inventory._id !== null && (
            <>
              <Text size="sm">
                {INVENTORIES.doneBy} : {who(inventory.create_user)}
                {inventory.create_time ? `, le ${dayTime(inventory.create_time, timeZone)}` : ''}
              </Text>
              {inventory.update_time !== null && inventory.update_time !== inventory.create_time && (
                <Text size="sm">
                  {INVENTORIES.editedBy} : {who(inventory.update_user)}, le {dayTime(inventory.update_time, timeZone)}
                </Text>
              )}
            </>
          )}
          {inventory.confirmed && <Badge color="green" variant="light">Confirmé par le client le {dayTime(inventory.confirmed.time, timeZone)}</Badge>}
        </Stack>
        {editable && <Switch label={editing ? 'Mode édition' : 'Mode lecture'} checked={editing} onChange={(e) => setEditing(e.currentTarget.checked)} />}
      </Group>
      {editable && early && !editing && (
        <Text size="sm">{INVENTORIES.departureNotDue(day(dueFrom, timeZone))}</Text>
      )}
      {editable && (
        <Text role="status" size="sm" fw={600} c={sync.state === 'saved' ? 'green.9' : sync.state === 'waiting' || sync.state === 'refused' ? 'orange.9' : 'dimmed'}>
          {SYNC_WORDS[sync.state]}
        </Text>
      )}
      {reported.length > 0 && (
        <Alert color="yellow" title={INVENTORIES.reported(reported.length)}>
          <Stack gap={0}>
            {reported.map((r) => (
              <Text key={r._id} size="sm">
                {r.name} : {r.count} / {r.quantity}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {editing && (
        <Checkbox label="Tout cocher" checked={allChecked(cats)} onChange={(e) => change(checkAll(cats, e.currentTarget.checked))} />
      )}
      <CategoryTables cats={cats} editing={editing} countLabel={label} empty={empty} onChange={change} />
      {inventory.type === 'departure' && (editing ? <Difference difference={liveDifference(cats)} estimated /> : inventory.difference && <Difference difference={inventory.difference} />)}
      <Group justify="space-between">
        <Group gap="xs">{inventory._id !== null && <ReportButtons stayNumber={inventory.stay_number} flash={flash} />}</Group>
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            Fermer
          </Button>
          {editing && (
            <Button onClick={submit} loading={sync.state === 'sending'}>
              Enregistrer
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

/** In edit mode, the box counts what is typed: every item counted other than its quantity. */
function liveReported(cats: Categories) {
  return cats.flatMap((c) => c.objects.filter((o) => typeof o.count === 'number' && o.count !== o.quantity).map((o) => ({ _id: o._id, name: o.name, count: o.count as number, quantity: o.quantity })));
}

function ReportButtons({ stayNumber, flash }: { stayNumber: string; flash: Flash }) {
  const send = useReportSend();
  const href = `/api/dashboard/inventories/report?stay_number=${encodeURIComponent(stayNumber)}`;
  async function mail() {
    try {
      const answer = await send.mutateAsync({ stay_number: stayNumber });
      if (answer) flash.setSuccess(`${INVENTORIES.reportSent} (${answer.email})`);
      else flash.setError(errorSentence("Impossible d'envoyer le rapport", null, 1));
    } catch (err) {
      flash.setError(errorSentence("Impossible d'envoyer le rapport", err, 2));
    }
  }
  return (
    <>
      <Button component="a" href={href} download={`inventaire-${stayNumber}.pdf`} variant="light" leftSection={<IconDownload size={16} />}>
        Télécharger le PDF
      </Button>
      <Button variant="subtle" leftSection={<IconMail size={16} />} onClick={() => void mail()} loading={send.isPending}>
        Envoyer au client
      </Button>
    </>
  );
}
