import { useEffect, useRef, useState } from 'react';
import type { InventoryDoc } from '@campsite/shared/contract/inventories';
import type { GuestInventories } from '@campsite/shared/contract/inventories-guest';
import { api, upload } from '@campsite/shared/client/api';
import { useT } from '../../lib/context';
import { useGet } from '../../lib/fetch-cache';
import { dateLabel } from '../../lib/agenda';
import { iw, type InventoryWord } from '../../lib/inventory-words';
import { formWord } from '../../lib/form-words';
import { useSend } from '../../components/Form';
import { INVENTORIES } from '@campsite/shared/messages/inventories';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { toJpeg } from '../../lib/jpeg';
import './inventory.css';

type Direction = 'arrival' | 'departure';
/** The server's refusals (French constants), in the guest's words. */
const REFUSALS = new Map<string, InventoryWord>([
  [INVENTORIES.windowNotOpen, 'closed'],
  [INVENTORIES.windowClosed, 'closed'],
  [INVENTORIES.guestMayNotFill, 'closed'],
  [INVENTORIES.alreadyConfirmed, 'confirmed'],
  [INVENTORIES.notCompleted, 'countAll'],
]);

/** The guest's own stay inventories (issue 23): the directions the settings let guests fill, within their window. */
export default function InventoryScreen() {
  const { lang } = useT();
  const mine = useGet(guestCalls.guestInventories.mine, { lang });
  const data = mine.data;
  return (
    <div className="screen inventory">
      <h1 className="screen-title pad">{iw(lang, 'title')}</h1>
      {mine.loading && !data && <p className="pad muted">…</p>}
      {mine.error && <p className="pad">{iw(lang, 'signIn')}</p>}
      {data === false && <p className="pad muted">{iw(lang, 'none')}</p>}
      {data && <Directions data={data} />}
    </div>
  );
}

function Directions({ data }: { data: GuestInventories }) {
  const { lang } = useT();
  const shown = (['arrival', 'departure'] as const).filter((d) => data[d].enabled);
  return (
    <>
      {data.intro && <p className="pad inventory-intro">{data.intro}</p>}
      {shown.length === 0 && <p className="pad muted">{iw(lang, 'none')}</p>}
      {shown.map((d) => (
        <DirectionCard key={d} direction={d} part={data[d]} />
      ))}
    </>
  );
}

function DirectionCard({ direction, part }: { direction: Direction; part: GuestInventories['arrival'] }) {
  const { lang, tz } = useT();
  const [doc, setDoc] = useState<InventoryDoc | null>(part.inventory);
  const title = iw(lang, direction);
  if (!part.open || !doc) {
    return (
      <section className="section" aria-label={title}>
        <h2 className="section-title">{title}</h2>
        <p className="muted">{iw(lang, 'closed')}</p>
        {doc && <Fill doc={doc} readOnly onDoc={setDoc} />}
      </section>
    );
  }
  return (
    <section className="section" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <p className="muted">
        {iw(lang, 'until')} {dateLabel(part.until, lang, tz)}
      </p>
      <Fill doc={doc} readOnly={!!doc.confirmed} onDoc={setDoc} />
    </section>
  );
}

function Fill({ doc, readOnly, onDoc }: { doc: InventoryDoc; readOnly: boolean; onDoc(d: InventoryDoc): void }) {
  const { lang } = useT();
  const [cats, setCats] = useState(doc.inventory);
  const { pending: busy, message, setMessage, send } = useSend(lang, (code) => {
    const word = REFUSALS.get(code);
    return word ? iw(lang, word) : formWord(lang, 'failed');
  });
  const [comment, setComment] = useState('');
  // the confirmation cannot be undone: the button asks first (issue 32)
  const [asking, setAsking] = useState(false);
  const type = doc.type;
  const setObject = (ci: number, oi: number, count: number | null) =>
    setCats(cats.map((c, i) => (i !== ci ? c : { ...c, objects: c.objects.map((o, j) => (j !== oi ? o : { ...o, count })) })));
  const setReview = (ci: number, ri: number, field: 'condition' | 'cleanliness', v: number) =>
    setCats(cats.map((c, i) => (i !== ci ? c : { ...c, reviews: c.reviews.map((r, j) => (j !== ri ? r : { ...r, [field]: v })) })));
  // a photo or a comment answers the inventory too, but must not drop counts typed and not saved yet
  const run = (step: () => Promise<InventoryDoc | false>, ok: string | null, counts = true) =>
    send(step, (next) => {
      if (!next) return;
      onDoc(next);
      if (counts) setCats(next.inventory);
      setMessage(ok);
    });
  const at = () => Math.floor(Date.now() / 1000);
  const save = () =>
    api(guestCalls.guestInventories.save, {
      type,
      lang,
      answers: cats.flatMap((c) => c.objects.map((o) => ({ _id: o._id, count: o.count, at: at() }))),
      reviews: cats.flatMap((c) => c.reviews.map((r) => ({ _id: r._id, condition: r.condition, cleanliness: r.cleanliness, at: at() }))),
    });
  const counted = cats.every((c) => c.objects.every((o) => typeof o.count === 'number'));
  async function photo(file: File | undefined) {
    if (!file) return;
    await run(async () => upload(guestCalls.guestInventories.addPicture, await toJpeg(file), 'photo.jpg', { type, lang }), null, false);
  }
  return (
    <div className="inventory-fill">
      {cats.map((c, ci) => (
        <fieldset key={c._id} className="inventory-category">
          <legend>{c.name}</legend>
          {c.objects.map((o, oi) => (
            <label key={o._id} className="inventory-row">
              <span>
                {o.name} <span className="muted">({iw(lang, 'expected')} {o.quantity})</span>
              </span>
              <input
                type="number"
                inputMode="numeric"
                min={0}
                disabled={readOnly}
                value={typeof o.count === 'number' ? o.count : ''}
                onChange={(e) => setObject(ci, oi, e.currentTarget.value === '' ? null : Math.max(0, Math.floor(Number(e.currentTarget.value))))}
              />
            </label>
          ))}
          {c.reviews.map((r, ri) =>
            (['cleanliness', 'condition'] as const).map((field) => (
              <div key={`${r._id}-${field}`} className="inventory-rating" role="radiogroup" aria-label={`${r.name} : ${iw(lang, field)}`}>
                <span>
                  {r.name} · {iw(lang, field)}
                </span>
                <span className="inventory-stars">
                  {[1, 2, 3, 4, 5].map((n) => (
                    <button
                      key={n}
                      type="button"
                      role="radio"
                      aria-checked={r[field] === n}
                      aria-label={`${n} ${iw(lang, 'stars')}`}
                      disabled={readOnly}
                      className={(r[field] ?? 0) >= n ? 'star on' : 'star'}
                      onClick={() => setReview(ci, ri, field, n)}
                    >
                      ★
                    </button>
                  ))}
                </span>
              </div>
            )),
          )}
        </fieldset>
      ))}
      {!readOnly && (
        <button type="button" className="button button-wide" disabled={busy} onClick={() => void run(save, iw(lang, 'saved'))}>
          {iw(lang, 'save')}
        </button>
      )}
      <h3 className="inventory-sub">{iw(lang, 'photos')}</h3>
      <div className="inventory-photos">
        {doc.pictures.map((p) => (
          <img key={p._id} src={p.thumb} alt="" width={96} height={72} />
        ))}
      </div>
      {!readOnly && (
        <label className="button button-outline button-wide inventory-file">
          {iw(lang, 'photo')}
          <input type="file" accept="image/*" capture="environment" className="sr-only" disabled={busy} onChange={(e) => void photo(e.currentTarget.files?.[0])} />
        </label>
      )}
      <h3 className="inventory-sub">{iw(lang, 'comments')}</h3>
      {doc.comment.map((c) => (
        <p key={c._id} className="inventory-comment">
          <strong>{c.user?.name ?? iw(lang, 'staff')}</strong> {c.comment}
        </p>
      ))}
      {!readOnly && (
        <div className="field">
          <label htmlFor={`comment-${type}`}>{iw(lang, 'comment')}</label>
          <textarea id={`comment-${type}`} rows={3} maxLength={2000} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
          <button
            type="button"
            className="button button-outline"
            disabled={busy || !comment.trim()}
            onClick={() => void run(async () => { const d = await api(guestCalls.guestInventories.comment, { type, comment, key: crypto.randomUUID(), lang }); setComment(''); return d; }, null, false)}
          >
            {iw(lang, 'send')}
          </button>
        </div>
      )}
      {doc.confirmed && <p className="inventory-ok">{iw(lang, 'confirmed')}</p>}
      {type === 'arrival' && !readOnly && !asking && (
        <button type="button" className="button button-wide" disabled={busy} onClick={() => (counted ? (setMessage(null), setAsking(true)) : setMessage(iw(lang, 'countAll')))}>
          {iw(lang, 'confirm')}
        </button>
      )}
      {type === 'arrival' && !readOnly && asking && (
        <ConfirmQuestion
          busy={busy}
          onCancel={() => setAsking(false)}
          onYes={() =>
            void run(async () => {
              await save();
              const confirmed = await api(guestCalls.guestInventories.confirm, { type: 'arrival', lang });
              setAsking(false);
              return confirmed;
            }, null)
          }
        />
      )}
      <p role="status" className="inventory-message">
        {message}
      </p>
    </div>
  );
}

/** Asks before the one tap that cannot be undone; the question takes the focus (read out at once). */
function ConfirmQuestion({ busy, onYes, onCancel }: { busy: boolean; onYes(): void; onCancel(): void }) {
  const { lang } = useT();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} className="inventory-ask" role="alertdialog" aria-labelledby="inventory-ask" tabIndex={-1} onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <p id="inventory-ask">{iw(lang, 'confirmQuestion')}</p>
      <div className="inventory-ask-actions">
        <button type="button" className="button button-outline" disabled={busy} onClick={onCancel}>
          {iw(lang, 'cancel')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={onYes}>
          {iw(lang, 'confirmYes')}
        </button>
      </div>
    </div>
  );
}
