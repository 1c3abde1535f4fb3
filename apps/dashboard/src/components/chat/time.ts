/** '16:03' today, '25/11 21:02' before: an inbox row has little room. */
export function shortTime(t: number, timeZone: string) {
  const d = new Date(t * 1000);
  const dayOf = (x: Date) => x.toLocaleDateString('fr-FR', { timeZone });
  const time = d.toLocaleTimeString('fr-FR', { timeZone, hour: '2-digit', minute: '2-digit' });
  return dayOf(d) === dayOf(new Date()) ? time : `${d.toLocaleDateString('fr-FR', { timeZone, day: '2-digit', month: '2-digit' })} ${time}`;
}
