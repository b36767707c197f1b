import net from 'node:net';

/**
 * A TCP proxy between the app and PostgreSQL, so a test can make the database go away for one app without
 * touching the PostgreSQL server other tests use. `refuse` drops every connection and stops listening (a
 * stopped database: connection refused); `blackhole` drops every connection and then accepts new ones
 * without ever answering (a network partition: connections hang); `restore` forwards again.
 */
export class TcpProxy {
  private server = net.createServer((socket) => this.accept(socket));
  private readonly sockets = new Set<net.Socket>();
  private mode: 'forward' | 'refuse' | 'blackhole' = 'forward';
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    await this.listen(0);
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async refuse(): Promise<void> {
    this.mode = 'refuse';
    this.dropAll();
    if (this.server.listening) await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async blackhole(): Promise<void> {
    this.mode = 'blackhole';
    this.dropAll();
    if (!this.server.listening) await this.listen(this.port);
  }

  async restore(): Promise<void> {
    this.mode = 'forward';
    if (!this.server.listening) await this.listen(this.port);
  }

  async close(): Promise<void> {
    await this.refuse();
  }

  private listen(port: number): Promise<void> {
    this.server = net.createServer((socket) => this.accept(socket));
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  private accept(client: net.Socket): void {
    this.track(client);
    if (this.mode === 'refuse') {
      client.destroy();
      return;
    }
    if (this.mode === 'blackhole') return;
    const upstream = net.connect(this.targetPort, this.targetHost);
    this.track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  }

  private dropAll(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }
}
