import { Button, Group, Select } from '@mantine/core';
import { ApiError } from '@campsite/shared/client';
import { CHAT, type ConversationDoc } from '@campsite/shared';
import type { Flash } from '../flash';
import { errorSentence } from '../../lib/errors';
import { useSession } from '../../shell/session';
import { useAssign, useTeam } from './queries';

/** The option 'Personne' (a Select's value is a non-empty text). */
const NOBODY = 'personne';

/**
 * Who handles the conversation: 'Attribuée à' (the members with the emails flag, or 'Personne') and
 * 'M'attribuer'. The call says who it was assigned to as shown here: when another member took it
 * meanwhile, the server refuses (409) and its sentence names who has it; the stream shows the change.
 */
export function AssignControl({ conversation: c, flash }: { conversation: ConversationDoc; flash: Flash }) {
  const { user } = useSession();
  const team = useTeam();
  const assign = useAssign();
  const current = c.assignee?._id ?? null;
  const members = team.data?.members ?? [];
  // the holder may have lost the flag since: still shown as who has it
  const options = [{ value: NOBODY, label: CHAT.nobody }, ...members.map((m) => ({ value: m._id, label: m._id === user._id ? `${m.name} (moi)` : m.name }))];
  if (c.assignee && !members.some((m) => m._id === current)) options.push({ value: c.assignee._id, label: c.assignee.name });

  async function give(member: string | null) {
    if (member === current) return;
    try {
      const done = await assign.mutateAsync({ conversation: c._id, member, from: current });
      if (!done) return flash.setError(errorSentence(CHAT.assign, null, 1));
      flash.setSuccess(done.assignee ? CHAT.assigned(done.assignee.name) : CHAT.unassigned);
    } catch (err) {
      flash.setError(err instanceof ApiError && err.status === 409 ? err.message : errorSentence(CHAT.assign, err, 2));
    }
  }

  return (
    <Group gap="xs" wrap="nowrap">
      <Select
        size="xs"
        w={190}
        label={CHAT.assignee}
        data={options}
        value={current ?? NOBODY}
        onChange={(v) => void give(v && v !== NOBODY ? v : null)}
        allowDeselect={false}
        disabled={assign.isPending}
        comboboxProps={{ withinPortal: true }}
      />
      {current !== user._id && (
        <Button size="xs" variant="light" mt={22} onClick={() => void give(user._id)} loading={assign.isPending}>
          {CHAT.assignMe}
        </Button>
      )}
    </Group>
  );
}
