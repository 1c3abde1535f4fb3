import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Group, Loader, Popover, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH, type SearchClient, type SearchStay } from '@campsite/shared';
import { clientPath, stayPath } from '../../components/PeopleLinks';
import { WholeBadge } from '../../components/WholeBadge';
import { day } from '../../lib/format';
import { useSession } from '../../shell/session';
import { useGlobalSearch } from './search-queries';
import classes from './GlobalSearch.module.css';

// The top bar's global search (issue 33, docs/search.md): '/' (or Ctrl+K) focuses the field, what is typed
// is looked for by name, stay or client number, pitch, e-mail or phone, the results are a listbox (stays
// first, on site before coming and gone ones, then clients without a stay) and Enter opens the one shown
// active: the first unless the arrows moved. A combobox of ARIA 1.2 written here rather than Mantine's, whose
// active option is not announced when the list selects its first one by itself.

type Result = { kind: 'stay'; stay: SearchStay; path: string } | { kind: 'client'; client: SearchClient; path: string };

const WHEN = { current: { label: SEARCH.current, color: 'green' }, coming: { label: SEARCH.coming, color: 'blue' }, gone: { label: SEARCH.gone, color: 'gray' } } as const;

const name = (p: { firstname: string; lastname: string }) => `${p.lastname} ${p.firstname}`.trim();

/** '/' outside a field, or Ctrl+K (⌘K) anywhere: the keys that bring the search; not behind an open dialog. */
function isShortcut(e: globalThis.KeyboardEvent) {
  if (document.querySelector('[role="dialog"][aria-modal="true"]')) return false;
  if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') return true;
  if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return false;
  const el = e.target as HTMLElement | null;
  return !(el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)));
}

export function GlobalSearch() {
  const navigate = useNavigate();
  const { timeZone } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // Enter pressed before the answer for what is typed came: the first result opens when it comes
  const [waiting, setWaiting] = useState(false);
  const wanted = text.trim();
  const [typed] = useDebouncedValue(wanted, 150);
  const found = useGlobalSearch(typed);
  const fresh = typed === wanted && !found.isPlaceholderData && !found.isFetching;
  const results: Result[] = wanted
    ? [
        ...(found.data?.stays ?? []).map((stay) => ({ kind: 'stay' as const, stay, path: stayPath(stay.stay_number) })),
        ...(found.data?.clients ?? []).map((client) => ({ kind: 'client' as const, client, path: clientPath(client.client_number) })),
      ]
    : [];
  const stays = results.filter((r) => r.kind === 'stay');
  const clients = results.filter((r) => r.kind === 'client');
  const shown = open && wanted !== '';
  const optionId = (i: number) => `${id}-option-${i}`;

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!isShortcut(e)) return;
      e.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // a new answer starts again from its first result
  useEffect(() => setActive(0), [found.data]);

  const go = (r: Result) => {
    setText('');
    setOpen(false);
    setWaiting(false);
    input.current?.blur();
    navigate(r.path);
  };

  useEffect(() => {
    if (!waiting || !fresh) return;
    setWaiting(false);
    if (results.length) go(results[0]);
    // results and go follow from the answer: the effect runs when it is fresh
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, fresh]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (!shown || !results.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + results.length) % results.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (!wanted) return;
      setOpen(true);
      if (fresh) {
        if (results[active]) go(results[active]);
      } else setWaiting(true);
    } else if (e.key === 'Escape') {
      // first the list goes, then what was typed
      e.preventDefault();
      if (shown) setOpen(false);
      else setText('');
      setWaiting(false);
    }
  };

  const option = (r: Result, i: number) => (
    <li
      key={r.path}
      id={optionId(i)}
      role="option"
      aria-selected={i === active}
      className={classes.option}
      data-active={i === active || undefined}
      // the field keeps the focus: a click chooses without blurring it first
      onMouseDown={(e) => e.preventDefault()}
      onMouseEnter={() => setActive(i)}
      onClick={() => go(r)}
    >
      {r.kind === 'stay' ? (
        <>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text fw={600} size="sm" truncate>
              {name(r.stay)}
            </Text>
            <WholeBadge size="sm" color={WHEN[r.stay.when].color}>
              {WHEN[r.stay.when].label}
            </WholeBadge>
          </Group>
          <Text size="xs" c="dimmed">
            {[SEARCH.stay(r.stay.stay_number), r.stay.location ? SEARCH.pitch(r.stay.location) : SEARCH.noPitch, `${day(r.stay.arrival, timeZone)} → ${day(r.stay.departure, timeZone)}`].join(' · ')}
          </Text>
        </>
      ) : (
        <>
          <Text fw={600} size="sm" truncate>
            {name(r.client)}
          </Text>
          <Text size="xs" c="dimmed">
            {[SEARCH.client(r.client.client_number), r.client.email].filter(Boolean).join(' · ')}
          </Text>
        </>
      )}
    </li>
  );

  const status = found.isError ? SEARCH.failed : !found.data || typed !== wanted ? SEARCH.searching : results.length ? null : SEARCH.noResult;
  return (
    // the field's width at its widest, and as wide when the field is narrow (a phone), moved left to stay on screen
    <Popover opened={shown} onChange={setOpen} position="bottom-start" width="clamp(10rem, calc(100vw - 1rem), 26rem)" shadow="md" trapFocus={false} returnFocus={false} withRoles={false} hideDetached={false} offset={4}>
      <Popover.Target>
        <TextInput
          ref={input}
          className={classes.field}
          type="search"
          aria-label={SEARCH.label}
          placeholder={SEARCH.placeholder}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={shown ? `${id}-list` : undefined}
          aria-activedescendant={shown && results[active] ? optionId(active) : undefined}
          aria-keyshortcuts="/ Control+K"
          autoComplete="off"
          spellCheck={false}
          maxLength={80}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          rightSection={shown && (found.isFetching || typed !== wanted) ? <Loader size="xs" aria-hidden /> : null}
        />
      </Popover.Target>
      <Popover.Dropdown p={4}>
        {/* what the list holds, said to whoever does not see it: the state in words, else the count */}
        <div role="status">
          {status ? (
            <Text size="sm" c="dimmed" p="xs">
              {status}
            </Text>
          ) : (
            <VisuallyHidden>{fresh ? SEARCH.count(results.length) : ''}</VisuallyHidden>
          )}
        </div>
        {results.length > 0 && (
          <ul id={`${id}-list`} role="listbox" aria-label={SEARCH.results} className={classes.list}>
            {stays.length > 0 && (
              <li role="group" aria-labelledby={`${id}-stays`}>
                <Text id={`${id}-stays`} size="xs" fw={700} c="dimmed" px="xs" pt={4}>
                  {SEARCH.stays}
                </Text>
                <ul className={classes.list} role="presentation">
                  {stays.map((r, i) => option(r, i))}
                </ul>
              </li>
            )}
            {clients.length > 0 && (
              <li role="group" aria-labelledby={`${id}-clients`}>
                <Text id={`${id}-clients`} size="xs" fw={700} c="dimmed" px="xs" pt={4}>
                  {SEARCH.clients}
                </Text>
                <ul className={classes.list} role="presentation">
                  {clients.map((r, i) => option(r, stays.length + i))}
                </ul>
              </li>
            )}
          </ul>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
