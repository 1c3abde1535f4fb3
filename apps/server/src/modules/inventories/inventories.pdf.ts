import { createRequire } from 'node:module';
import type PDFKit from 'pdfkit';
import type { InventoryDoc } from '@campsite/shared';
import { formatDate, formatDateTime } from '@campsite/shared';
import { reportWords, type ReportWords } from './report.texts';

// The inventory report (issue 23): pdfkit with an embedded DejaVu font (the built-in Helvetica prints the
// narrow no-break space of '1 234,50 €' as a slash), drawn by hand in plain rows, yielding to the event
// loop between blocks and photos so that a report with many photos never holds it.

const require = createRequire(import.meta.url);
/** pdfkit (with fontkit and brotli), loaded at the first report rather than at start (docs/performance.md). */
let pdfkit: typeof PDFKit | undefined;
const newDocument = (options?: PDFKit.PDFDocumentOptions) => new (pdfkit ??= require('pdfkit') as typeof PDFKit)(options);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export interface ReportInput {
  establishment: string;
  /** a JPEG sharp made (lib/images.ts pdfImage), like the photos */
  logo: Buffer | null;
  timeZone: string;
  now: number;
  arrival: InventoryDoc | null;
  departure: InventoryDoc | null;
  /**
   * photos by picture id: JPEGs of at most 720 pixels a side that sharp made (lib/images.ts pdfImage),
   * null for one that could not be decoded (an empty frame)
   */
  photos: Map<string, Buffer | null>;
  /** the reader's words (issue 32): French for staff, the guest's language in the mail they receive */
  words?: ReportWords;
}

const MARGIN = 40;

/**
 * The two fonts as fontkit parsed them, once for the process (pdfkit takes a parsed font as well as a
 * file): parsing DejaVu's tables again for every report held the event loop for tenths of a second, and its
 * glyph cache stays warm from one report to the next. Each document still embeds its own subset.
 */
let parsed: { body: string; bold: string } | undefined;
function fonts() {
  if (!parsed) {
    const doc = newDocument();
    doc.registerFont('body', FONT).registerFont('bold', BOLD);
    // pdfkit's own parse of the file, kept (its type says a path: pdfkit's open() takes either)
    const font = (name: string) => (doc.font(name) as unknown as { _font: { font: string } })._font.font;
    parsed = { body: font('body'), bold: font('bold') };
  }
  return parsed;
}
const yieldLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const countText = (c: number | 'NC' | null) => (c === null ? '—' : c === 'NC' ? 'NC' : String(c));
const rating = (r: number | null) => (r === null || r === 0 ? '—' : `${r}/5`);

export async function renderReport(input: ReportInput): Promise<Buffer> {
  const w = input.words ?? reportWords('fr');
  const actor = (a: InventoryDoc['create_user']) => (a ? a.name : w.staff);
  const money = new Intl.NumberFormat(w.locale, { style: 'currency', currency: 'EUR' });
  const euros = (n: number) => money.format(Math.round(n * 100) / 100);
  const doc = newDocument({ size: 'A4', margin: MARGIN, info: { Title: w.title, CreationDate: new Date(input.now * 1000) } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('body', fonts().body).registerFont('bold', fonts().bold).font('body');
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  const room = (h: number) => {
    if (doc.y + h > bottom()) doc.addPage();
  };
  const heading = (text: string, size = 13) => {
    room(40);
    doc.moveDown(0.6).font('bold').fontSize(size).fillColor('#1a3550').text(text, MARGIN, doc.y, { width }).font('body').fillColor('black').fontSize(9);
    doc.moveDown(0.3);
  };
  /** one table row: cells at fixed column widths, the row as tall as its tallest cell */
  const row = (cells: string[], cols: number[], opts: { bold?: boolean; shade?: boolean; align?: ('left' | 'right')[] } = {}) => {
    doc.font(opts.bold ? 'bold' : 'body').fontSize(9);
    const h = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: cols[i] * width - 6 }))) + 6;
    room(h);
    const y = doc.y;
    if (opts.shade) doc.rect(MARGIN, y, width, h).fill('#eef2f6').fillColor('black');
    let x = MARGIN;
    cells.forEach((c, i) => {
      doc.text(c, x + 3, y + 3, { width: cols[i] * width - 6, align: opts.align?.[i] ?? 'left' });
      x += cols[i] * width;
    });
    doc.moveTo(MARGIN, y + h).lineTo(MARGIN + width, y + h).lineWidth(0.3).strokeColor('#c5ced8').stroke();
    doc.x = MARGIN;
    doc.y = y + h;
    doc.font('body');
  };

  // header: logo, establishment, title
  const main = input.arrival ?? input.departure!;
  if (input.logo) {
    try {
      doc.image(input.logo, MARGIN, MARGIN, { height: 40 });
    } catch {
      // a logo pdfkit cannot read leaves the name alone
    }
  }
  doc.font('bold').fontSize(16).text(input.establishment, MARGIN + (input.logo ? 60 : 0), MARGIN + 4, { width: width - 60 });
  doc.font('body').fontSize(11).text(`${w.title} — ${w.stayNo} ${main.stay_number}`, MARGIN + (input.logo ? 60 : 0), doc.y);
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, MARGIN + 48);

  heading(w.stay);
  const c = main.client;
  const stayLines: [string, string][] = [
    [w.client, `${c.firstname} ${c.lastname} (${w.clientNo} ${c.client_number})`],
    [w.email, c.email1 ?? c.email2 ?? '—'],
    [w.location, main.stay.location ?? '—'],
    [w.accommodation, main.accommodation?.name ?? main.stay.location_category ?? '—'],
    [w.dates, `${w.from} ${formatDate(main.stay.arrival, input.timeZone)} ${w.to} ${formatDate(main.stay.departure, input.timeZone)}`],
  ];
  for (const [k, v] of stayLines) row([k, v], [0.25, 0.75]);
  for (const inv of [input.arrival, input.departure]) {
    if (!inv?._id) continue;
    const label = inv.type === 'arrival' ? w.arrival : w.departure;
    const by = `${w.doneBy} ${actor(inv.create_user)} ${w.on} ${formatDateTime(inv.create_time!, input.timeZone)}`;
    const confirmed = inv.confirmed ? ` — ${w.confirmedBy} ${actor(inv.confirmed.user)} ${w.on} ${formatDateTime(inv.confirmed.time, input.timeZone)}` : '';
    row([label, `${by}${confirmed} — ${w.status(inv.status)}`], [0.25, 0.75]);
  }
  await yieldLoop();

  // both inventories side by side, category by category
  heading(w.supplies);
  const cols = [0.34, 0.1, 0.1, 0.1, 0.16, 0.2];
  const right: ('left' | 'right')[] = ['left', 'right', 'right', 'right', 'right', 'right'];
  const lines = new Map((input.departure?.difference?.lines ?? []).map((l) => [l._id, l]));
  for (const [ci, cat] of main.inventory.entries()) {
    row([cat.name, w.expected, w.in, w.out, w.unitPrice, w.missing], cols, { bold: true, shade: true, align: right });
    for (const [oi, o] of cat.objects.entries()) {
      const a = input.arrival?.inventory[ci]?.objects[oi];
      const d = input.departure?.inventory[ci]?.objects[oi];
      const line = lines.get(o._id);
      row(
        [o.name, String(o.quantity), countText(a?.count ?? null), countText(d?.count ?? null), o.price ? euros(o.price) : '—', line ? `${line.missing} (${euros(line.amount)})` : ''],
        cols,
        { align: right },
      );
    }
    if (cat.reviews.length) {
      const rc = [0.34, 0.165, 0.165, 0.165, 0.165];
      row([w.roomState, w.cleanIn, w.cleanOut, w.stateIn, w.stateOut], rc, { bold: true, align: ['left', 'right', 'right', 'right', 'right'] });
      for (const [ri, r] of cat.reviews.entries()) {
        const a = input.arrival?.inventory[ci]?.reviews[ri];
        const d = input.departure?.inventory[ci]?.reviews[ri];
        row([r.name, rating(a?.cleanliness ?? null), rating(d?.cleanliness ?? null), rating(a?.condition ?? null), rating(d?.condition ?? null)], rc, {
          align: ['left', 'right', 'right', 'right', 'right'],
        });
      }
    }
    await yieldLoop();
  }

  // the priced difference
  const diff = input.departure?.difference;
  heading(w.difference);
  if (!diff) doc.text(w.noDifference, { width });
  else {
    const dc = [0.4, 0.15, 0.2, 0.25];
    row([w.item, w.missing, w.unitPrice, w.amount], dc, { bold: true, shade: true, align: ['left', 'right', 'right', 'right'] });
    for (const l of diff.lines) row([l.name, String(l.missing), euros(l.price), euros(l.amount)], dc, { align: ['left', 'right', 'right', 'right'] });
    row([w.total, '', '', euros(diff.total)], dc, { bold: true, align: ['left', 'right', 'right', 'right'] });
  }

  // comments
  const comments = [input.arrival, input.departure].flatMap((inv) => (inv?.comment ?? []).map((cm) => ({ ...cm, type: inv!.type })));
  if (comments.length) {
    heading(w.comments);
    for (const cm of comments) {
      row([`${cm.type === 'arrival' ? w.in : w.out} — ${actor(cm.user)}, ${formatDateTime(cm.timestamp, input.timeZone)}`, cm.comment], [0.35, 0.65]);
    }
  }

  // photos as thumbnails, four a row
  const pictures = [input.arrival, input.departure].flatMap((inv) => (inv?.pictures ?? []).map((p) => ({ ...p, type: inv!.type })));
  if (pictures.length) {
    const size = (width - 30) / 4;
    const tall = size * 0.75;
    // the heading never stays alone at the foot of a page
    room(tall + 70);
    heading(w.photos);
    let col = 0;
    for (const p of pictures) {
      if (!input.photos.has(p._id)) continue;
      const bytes = input.photos.get(p._id);
      if (col === 0) room(tall + 30);
      const x = MARGIN + col * (size + 10);
      const y = doc.y;
      try {
        if (!bytes) throw new Error('not decoded');
        doc.image(bytes, x, y, { fit: [size, tall], align: 'center', valign: 'center' });
      } catch {
        doc.rect(x, y, size, tall).strokeColor('#c5ced8').stroke();
      }
      doc.fontSize(7).text(`${p.type === 'arrival' ? w.in : w.out} — ${actor(p.user)}, ${formatDate(p.created_time, input.timeZone)}`, x, y + tall + 3, { width: size });
      doc.y = y;
      col = (col + 1) % 4;
      if (col === 0) doc.y = y + tall + 26;
      await yieldLoop();
    }
    doc.x = MARGIN;
  }

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
