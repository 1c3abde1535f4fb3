import { Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { FIRST_YEAR, MONTHS, type DayParts } from './dates';

/**
 * Date ranges of a search panel, each an 'after' and a 'before' day (`after_<key>`, `before_<key>` in
 * `value`, as the contract's filters are named): side by side when the screen is wide enough.
 */
export function DateRanges({ ranges, value, onChange }: { ranges: readonly (readonly [string, string])[]; value: Record<string, DayParts>; onChange(v: Record<string, DayParts>): void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" mt="sm">
      {ranges.map(([k, label]) => (
        <Stack key={k} gap={4} role="group" aria-label={label}>
          <Text size="sm" fw={600}>
            {label}
          </Text>
          <DaySelect label={`${label} : après le`} value={value[`after_${k}`]} onChange={(v) => onChange({ ...value, [`after_${k}`]: v })} />
          <DaySelect label={`${label} : avant le`} value={value[`before_${k}`]} onChange={(v) => onChange({ ...value, [`before_${k}`]: v })} />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** The selects of a day: tight padding and chevron, so that 'Année' and 'Septembre' fit in a third of the panel. */
const tight = { rightSectionWidth: 22, styles: { input: { paddingInlineStart: 8, paddingInlineEnd: 22 } } } as const;

/** Day, month and year selects (years 2019 to now). */
export function DaySelect({ label, value, onChange }: { label: string; value: DayParts; onChange(v: DayParts): void }) {
  const thisYear = new Date().getFullYear();
  const short = label.split(' : ')[1] ?? label;
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={label}>
      <Text size="sm" c="dimmed" w={58} style={{ flex: 'none' }}>
        {short}
      </Text>
      <NativeSelect {...tight} aria-label={`${label} (jour)`} value={value.d} onChange={(e) => onChange({ ...value, d: e.currentTarget.value })} data={[{ value: '', label: 'Jour' }, ...Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))]} w={66} style={{ flex: 'none' }} />
      <NativeSelect {...tight} aria-label={`${label} (mois)`} value={value.m} onChange={(e) => onChange({ ...value, m: e.currentTarget.value })} data={[{ value: '', label: 'Mois' }, ...MONTHS.map((m, i) => ({ value: String(i), label: m }))]} miw={104} style={{ flex: 1 }} />
      <NativeSelect {...tight} aria-label={`${label} (année)`} value={value.y} onChange={(e) => onChange({ ...value, y: e.currentTarget.value })} data={[{ value: '', label: 'Année' }, ...Array.from({ length: thisYear - FIRST_YEAR + 1 }, (_, i) => String(thisYear - i))]} w={80} style={{ flex: 'none' }} />
    </Group>
  );
}
