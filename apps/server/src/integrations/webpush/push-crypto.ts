import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * A push's body encrypted for its device (RFC 8291 with the aes128gcm content coding of RFC 8188), off
 * the event loop: the ECDH of each message (a fresh key pair, a shared secret with the device's key) is
 * most of the CPU a push costs (0.5 of 0.7 ms in bench/push.ts), so a few worker threads do it while the
 * main thread sends, receives and records. The workers' code is the string below (no file to build or
 * ship); it uses node:crypto only. The tests' push service decrypts every body with `http_ece`, the
 * reference implementation that web-push uses, so a wrong byte here fails delivery.test.ts.
 */

const WORKER_CODE = `
const { parentPort } = require('node:worker_threads');
const crypto = require('node:crypto');
const INFO = Buffer.from('WebPush: info\\0');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\\0');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\\0');
const RS = 4096;
function encrypt(p256dh, auth, payload) {
  const ua = Buffer.from(p256dh, 'base64url');
  const secret = Buffer.from(auth, 'base64url');
  if (ua.length !== 65 || ua[0] !== 4) throw new Error('The subscription p256dh value should be 65 bytes long.');
  if (secret.length < 16) throw new Error('The subscription auth key should be at least 16 bytes long');
  const plain = Buffer.from(payload);
  if (plain.length + 1 + 16 > RS - 86) throw new Error('Payload too large');
  const as = crypto.createECDH('prime256v1');
  const asPublic = as.generateKeys();
  const shared = as.computeSecret(ua);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, secret, Buffer.concat([INFO, ua, asPublic]), 32));
  const salt = crypto.randomBytes(16);
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, CEK_INFO, 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, NONCE_INFO, 12));
  const cipher = crypto.createCipheriv('aes-128-gcm', cek, nonce);
  // one record: the text, then the last record's delimiter (2), no padding
  const body = Buffer.concat([cipher.update(plain), cipher.update(Buffer.from([2])), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RS, 16);
  header[20] = asPublic.length;
  return Buffer.concat([header, asPublic, body]);
}
parentPort.on('message', (jobs) => {
  const out = jobs.map((j) => {
    try {
      return { id: j.id, body: encrypt(j.p256dh, j.auth, j.payload) };
    } catch (err) {
      return { id: j.id, error: String((err && err.message) || err) };
    }
  });
  parentPort.postMessage(out);
});
`;

/** The worker died with the push in hand: nothing about the device, it is tried again. */
export class WorkerGone extends Error {}

interface Job {
  id: number;
  p256dh: string;
  auth: string;
  payload: string;
}
interface Slot {
  worker: Worker;
  /** jobs sent and not answered */
  busy: number;
  /** jobs waiting for this worker's current message to come back */
  queue: Job[];
  inFlight: boolean;
}

/** One worker per core beyond the main thread's, between 1 and 4. */
const WORKERS = Math.max(1, Math.min(4, availableParallelism() - 1));

const waiting = new Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void; slot: Slot }>();
let nextId = 1;
let slots: Slot[] = [];

function start(): Slot {
  const worker = new Worker(WORKER_CODE, { eval: true });
  const slot: Slot = { worker, busy: 0, queue: [], inFlight: false };
  worker.on('message', (answers: { id: number; body?: Uint8Array; error?: string }[]) => {
    slot.inFlight = false;
    for (const a of answers) {
      const w = waiting.get(a.id);
      if (!w) continue;
      waiting.delete(a.id);
      // idle: the thread no longer keeps the process alive
      if (--slot.busy === 0) worker.unref();
      if (a.body) w.resolve(Buffer.from(a.body.buffer, a.body.byteOffset, a.body.byteLength));
      else w.reject(new Error(a.error ?? 'encryption failed'));
    }
    flush(slot);
  });
  // a worker that dies fails what it held (the batch retries those devices) and is replaced at the next push
  const fail = (err: Error) => {
    slots = slots.filter((s) => s !== slot);
    for (const [id, w] of waiting) {
      if (w.slot !== slot) continue;
      waiting.delete(id);
      w.reject(err);
    }
  };
  worker.on('error', (err) => fail(new WorkerGone(err.message)));
  worker.on('exit', (code) => fail(new WorkerGone(`chiffrement des notifications : le fil s'est arrêté (${code})`)));
  // an idle thread never keeps the process alive (a server stopping, a script ending, waits for nothing
  // here); one with pushes to encrypt does, until it answers (encryptPush). After the listeners: a 'message'
  // listener added to an unref'd worker refs it again (bench/push.ts never ended)
  worker.unref();
  return slot;
}

/** Sends a worker everything queued for it as one message (a few pushes at once cost one round trip). */
function flush(slot: Slot) {
  if (slot.inFlight || slot.queue.length === 0) return;
  const jobs = slot.queue;
  slot.queue = [];
  slot.inFlight = true;
  slot.worker.postMessage(jobs);
}

/** The encrypted body of `payload` for a device's keys (p256dh, auth as the browser gave them). */
export function encryptPush(p256dh: string, auth: string, payload: string): Promise<Buffer> {
  while (slots.length < WORKERS) slots.push(start());
  const slot = slots.reduce((a, b) => (b.busy < a.busy ? b : a));
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject, slot });
    if (slot.busy++ === 0) slot.worker.ref();
    slot.queue.push({ id, p256dh, auth, payload });
    flush(slot);
  });
}
