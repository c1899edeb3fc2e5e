// The yardstick for bench/ws-scale.ts: a bare `ws` server (no GraphQL, no authentication) that
// only holds the connections it is given, in its own process. Prints `{ "url", "pid" }` once
// listening; GET /__bench/memory answers process.memoryUsage() after a full garbage collection
// (run with --expose-gc), as bench/server.ts does.
import http from 'node:http';
import { WebSocketServer } from 'ws';

const gc = (globalThis as { gc?: () => void }).gc;
const server = http.createServer((request, response) => {
  if (request.url !== '/__bench/memory') return response.writeHead(404).end();
  if (gc) for (let i = 0; i < 3; i++) gc();
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(process.memoryUsage()));
});
const wsServer = new WebSocketServer({ server, path: '/graphql' });
wsServer.on('connection', (socket) => socket.on('error', () => {}));
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, pid: process.pid }));
});
const stop = () => {
  for (const client of wsServer.clients) client.terminate();
  server.close(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
