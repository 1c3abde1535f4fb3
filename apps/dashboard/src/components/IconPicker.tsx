import { useMemo, useState } from 'react';
import { Button, Group, Image, Input, Popover, ScrollArea, SimpleGrid, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import type { Icon } from '@campsite/shared';
import { BLANK_THEME, fileUrl, icons as iconCalls } from '@campsite/shared';
import { IconPhoto } from '@tabler/icons-react';
import { useCall } from '../lib/query';

/** The image to show for an icon: its blank lineal variant when only outlines are wanted, else its preview. */
export function iconImage(icon: Pick<Icon, 'lineal' | 'prev'> | undefined, linealOnly = false): string | null {
  if (!icon) return null;
  if (linealOnly) return icon.lineal.find((v) => v.theme === BLANK_THEME)?.icon ?? icon.lineal[0]?.icon ?? null;
  return icon.prev;
}

/** An icon's picture at thumbnail size, or an empty square. */
export function IconImage({ file, size = 28, alt = '' }: { file: string | null | undefined; size?: number; alt?: string }) {
  return file ? <Image src={fileUrl(file, 192)} alt={alt} w={size} h={size} fit="contain" /> : <div style={{ width: size, height: size }} />;
}

/**
 * Picks an icon of the library (/icons) by its picture. `linealOnly` offers only icons that have an
 * outline (Filaire) variant, as the bottom menu needs (000 §2.6).
 */
export function IconPicker({
  label,
  value,
  onChange,
  error,
  linealOnly = false,
  required,
  'data-path': path,
}: {
  label: string;
  value: string | null | undefined;
  onChange(id: string): void;
  error?: string;
  linealOnly?: boolean;
  required?: boolean;
  /** the form path, so that a form focuses the picker when it is in error */
  'data-path'?: string;
}) {
  const { data = [] } = useCall(iconCalls.list, undefined, { staleTime: 60_000 });
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const offered = useMemo(
    () => data.filter((i) => (!linealOnly || i.lineal.length > 0) && i.name.toLowerCase().includes(search.trim().toLowerCase())),
    [data, linealOnly, search],
  );
  const current = data.find((i) => i._id === value);

  return (
    <Input.Wrapper label={label} error={error} required={required}>
      {/* the focus comes back to the picker's button once an icon is chosen, not to the page's top */}
      <Popover opened={open} onChange={setOpen} position="bottom-start" shadow="md" width={340} trapFocus returnFocus>
        <Popover.Target>
          <Button
            variant="default"
            onClick={() => setOpen((o) => !o)}
            // no blank square before 'Choisir une icône': a dimmed picture says what is to be chosen
            leftSection={current ? <IconImage file={iconImage(current, linealOnly)} size={22} /> : <IconPhoto size={20} color="var(--mantine-color-gray-7)" aria-hidden />}
            aria-label={`${label} : ${current?.name ?? 'Choisir une icône'}`}
            aria-invalid={error ? true : undefined}
            data-path={path}
            display="block"
            mt={4}
          >
            {current?.name ?? 'Choisir une icône'}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <TextInput placeholder="Rechercher" value={search} onChange={(e) => setSearch(e.currentTarget.value)} mb="xs" size="xs" aria-label="Rechercher une icône" />
          <ScrollArea.Autosize mah={260}>
            {offered.length === 0 ? (
              <Text size="sm" c="dimmed">
                Pas d'icône
              </Text>
            ) : (
              <SimpleGrid cols={6} spacing={6}>
                {offered.map((i) => (
                  <Tooltip key={i._id} label={i.name} openDelay={300}>
                    <UnstyledButton
                      aria-label={i.name}
                      onClick={() => {
                        onChange(i._id);
                        setOpen(false);
                      }}
                      p={6}
                      style={{ borderRadius: 6, border: `2px solid ${i._id === value ? 'var(--mantine-color-blue-5)' : 'transparent'}` }}
                    >
                      <Group justify="center">
                        <IconImage file={iconImage(i, linealOnly)} size={30} alt={i.name} />
                      </Group>
                    </UnstyledButton>
                  </Tooltip>
                ))}
              </SimpleGrid>
            )}
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </Input.Wrapper>
  );
}
