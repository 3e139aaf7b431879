/**
 * A minimal platform side of the DTU protocol for tests and benchmarks: accepts connections,
 * parses the registration packet, then acts as Modbus master with the protocols TransactionQueue.
 * Listens on 127.0.0.1, port 0 by default.
 */
import net from 'node:net';
import {
  RegistrationParser,
  type RegistrationResult,
  type StreamEvent,
  systemScheduler,
  TransactionQueue,
} from '@fleet/protocols';

export interface PlatformConnection {
  socket: net.Socket;
  registration: Extract<RegistrationResult, { status: 'ok' }>;
  queue: TransactionQueue;
  events: StreamEvent[];
}

export class TestDtuPlatform {
  readonly server: net.Server;
  readonly connections: PlatformConnection[] = [];
  private waiters: Array<{ index: number; resolve: (c: PlatformConnection) => void }> = [];

  constructor(private readonly options: { heartbeat?: Uint8Array; allowLegacy?: boolean } = {}) {
    this.server = net.createServer((socket) => this.accept(socket));
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  /** The next registered connection (or the n-th one, 0-based, if it already exists). */
  nextConnection(index = this.connections.length): Promise<PlatformConnection> {
    const existing = this.connections[index];
    if (existing) return Promise.resolve(existing);
    return new Promise((resolve) => this.waiters.push({ index, resolve }));
  }

  async close(): Promise<void> {
    for (const c of this.connections) c.socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: net.Socket): void {
    const reg = new RegistrationParser({ allowLegacy: this.options.allowLegacy });
    let conn: PlatformConnection | null = null;
    socket.on('error', () => {});
    socket.on('close', () => conn?.queue.close());
    socket.on('data', (chunk: Buffer) => {
      if (conn) {
        conn.queue.receive(chunk);
        return;
      }
      const r = reg.push(chunk);
      if (r.status === 'waiting') return;
      if (r.status === 'rejected') {
        socket.destroy();
        return;
      }
      const events: StreamEvent[] = [];
      const queue = new TransactionQueue({
        send: (bytes) => socket.write(bytes),
        scheduler: systemScheduler,
        uartReadTimeMs: 25,
        networkBudgetMs: 500,
        settleAfterTimeoutMs: 50,
        heartbeat: this.options.heartbeat ?? null,
        onEvent: (e) => events.push(e),
      });
      conn = { socket, registration: r, queue, events };
      this.connections.push(conn);
      this.waiters = this.waiters.filter((w) => {
        const c = this.connections[w.index];
        if (c) w.resolve(c);
        return !c;
      });
      if (r.rest.length > 0) queue.receive(r.rest);
    });
  }
}
