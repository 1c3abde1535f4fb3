import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Chromium's own push service, stood in on this machine. A subscription in Chromium goes through Google's
 * GCM: the browser checks in (android.clients.google.com/checkin, a protobuf answer giving it a device id
 * and a token), then registers the site's VAPID key and gets the subscription's token, the end of its
 * endpoint. Without the internet the check-in never answers and `pushManager.subscribe()` never settles
 * (tried: still pending after two minutes; an incognito context, Playwright's `newContext`, is refused at
 * once, 'permission denied'). Chromium reads where GCM is from its command line (`--gcm-checkin-url`,
 * `--gcm-registration-url`): this server answers both as Google's does, so the browser makes a real
 * subscription (its own keys, its endpoint) from the app's own button.
 */
export interface ChromiumPushService {
  /** Chromium's arguments that point its GCM here */
  args: string[];
  /** the registrations asked (form fields): `sender` is the site's VAPID key */
  registrations: URLSearchParams[];
  close(): Promise<void>;
}

/** A field of a protobuf message: a varint (wire type 0) or a fixed64 (wire type 1). */
const varint = (field: number, value: number) => Buffer.from([field << 3, value]);
function fixed64(field: number, value: bigint) {
  const b = Buffer.alloc(9);
  b[0] = (field << 3) | 1;
  b.writeBigUInt64LE(value, 1);
  return b;
}

// AndroidCheckinResponse (Chromium's components/gcm_driver/protocol/checkin.proto): stats_ok = 1,
// android_id = 7 and security_token = 8 (not zero, or the browser checks in again), settings_diff = 9
const CHECKIN = Buffer.concat([varint(1, 1), fixed64(7, 4242424242n), fixed64(8, 777777777n), varint(9, 1)]);

export async function startChromiumPushService(): Promise<ChromiumPushService> {
  const registrations: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('latin1');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      if (req.url === '/checkin') {
        res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end(CHECKIN);
      } else if (req.url === '/register') {
        const form = new URLSearchParams(body);
        registrations.push(form);
        // the token the endpoint ends with; one per registration, as Google's
        res.writeHead(200, { 'content-type': 'text/plain' }).end(`token=stand-in-${registrations.length}-${form.get('app') ?? ''}`);
      } else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    // the MCS connection (receiving pushes) is not stood in: nothing listens on port 1
    args: [`--gcm-checkin-url=${base}/checkin`, `--gcm-registration-url=${base}/register`, '--gcm-mcs-endpoint=https://127.0.0.1:1'],
    registrations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
