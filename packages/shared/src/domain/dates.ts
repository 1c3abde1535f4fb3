const pad = (n: number) => String(n).padStart(2, '0');

function parts(epochSeconds: number, timeZone: string) {
  const f = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(f.formatToParts(new Date(epochSeconds * 1000)).map((x) => [x.type, x.value]));
  return { y: Number(p.year), mo: Number(p.month), d: Number(p.day), h: Number(p.hour), mi: Number(p.minute), s: Number(p.second) };
}

/** dd/mm/yyyy in the establishment's time zone (000 §9). */
export function formatDate(epochSeconds: number, timeZone: string): string {
  const p = parts(epochSeconds, timeZone);
  return `${pad(p.d)}/${pad(p.mo)}/${p.y}`;
}

/** dd/mm/yyyy hh:mm:ss in the establishment's time zone. */
export function formatDateTime(epochSeconds: number, timeZone: string): string {
  const p = parts(epochSeconds, timeZone);
  return `${pad(p.d)}/${pad(p.mo)}/${p.y} ${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}`;
}
