'use strict';
// server.js for the benchmark (it was missing from ../shared/bench/colyseus,
// whose run.sh starts it): one Colyseus room type `magneton` holding
// game.js's state; a `drop` message is judged by game.js's rules; with
// PATCH_RATE_MS=0 a patch is sent right after every move, otherwise on
// Colyseus's timer. Prints `LISTENING <port>` for run.sh.
const { Server, Room } = require('@colyseus/core');
const { WebSocketTransport } = require('@colyseus/ws-transport');
const { newState, drop } = require('./game');

const HOST = process.env.HOST || '127.0.0.1';
const PORT = Number(process.env.PORT || 0);
const PATCH_RATE_MS = Number(process.env.PATCH_RATE_MS || 0);

class MagnetonRoom extends Room {
  onCreate() {
    this.maxClients = 2;
    this.setState(newState());
    this.patchRate = PATCH_RATE_MS > 0 ? PATCH_RATE_MS : null;
    this.onMessage('drop', (client, cell) => {
      const why = drop(this.state, client.sessionId, cell);
      if (why) {
        client.send('invalid', why);
        return;
      }
      if (!(PATCH_RATE_MS > 0)) this.broadcastPatch();
    });
  }
  onJoin(client) {
    this.state.players.push(client.sessionId);
  }
}

async function main() {
  const transport = new WebSocketTransport();
  const server = new Server({ transport, greet: false });
  server.define('magneton', MagnetonRoom);
  await server.listen(PORT, HOST);
  const http = transport.server;
  const port = http && http.address ? http.address().port : PORT;
  console.log(`LISTENING ${port}`);
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
