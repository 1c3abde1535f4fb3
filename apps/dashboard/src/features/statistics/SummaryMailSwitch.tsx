import { Switch } from '@mantine/core';
import { STATISTICS as S, stats } from '@campsite/shared';
import type { Flash } from '../../components/flash';
import { errorSentence } from '../../lib/errors';
import { useCall, useCallMutation } from '../../lib/query';

/** The signed-in staff member's own choice: the weekly summary by e-mail every Monday morning. */
export function SummaryMailSwitch({ flash }: { flash: Flash }) {
  const read = useCall(stats.summaryMail);
  const save = useCallMutation(stats.summaryMailUpdate, [stats.summaryMail]);
  const on = save.isPending ? !!save.variables?.subscribed : !!read.data?.subscribed;
  return (
    <Switch
      label={S.summaryMail}
      checked={on}
      disabled={!read.data || save.isPending}
      onChange={(e) => {
        const subscribed = e.currentTarget.checked;
        save.mutate({ subscribed }, { onSuccess: () => flash.setSuccess(subscribed ? S.summaryOn : S.summaryOff), onError: (err) => flash.setError(errorSentence(S.summaryFailed, err)) });
      }}
    />
  );
}
