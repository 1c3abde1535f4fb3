// The bare twin of `npm run bench:peer`: a Fastify route answering the same bytes as our server from memory,
// in its own process (the load generator must not share its event loop). Usage: bare-server.ts <port> <bodies.json>
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const bodies = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
const app = Fastify();
for (const [name, body] of Object.entries(bodies)) {
  const bytes = Buffer.from(body);
  app.get(`/${name}`, (_req, reply) => reply.type('application/json; charset=utf-8').send(bytes));
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
// an ordinary exit on SIGINT, so that `node --cpu-prof` writes its profile
process.on('SIGINT', () => void app.close().then(() => process.exit(0)));
