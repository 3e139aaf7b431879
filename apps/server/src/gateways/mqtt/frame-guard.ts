import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';

/**
 * The MQTT parser buffers a whole packet before anyone sees it, and a packet may announce up to
 * 256 MB, before login too. This wrapper reads the fixed header of every packet as the bytes pass
 * and cuts the connection as soon as one announces more than `maxFrameBytes`, so no connection can
 * make the broker hold more than that. Everything else passes through unchanged.
 */
export class FrameGuard extends Duplex {
  /** Where in the packet the scanner is: its first byte, the length varint, or the body. */
  private state: 'type' | 'length' | 'body' = 'type';
  private length = 0;
  private multiplier = 1;
  private lengthBytes = 0;
  private remaining = 0;

  constructor(
    private readonly socket: Socket,
    private readonly maxFrameBytes: number,
    private readonly onOversize: (announced: number) => void,
  ) {
    super({ allowHalfOpen: false });
    socket.on('data', (chunk: Buffer) => {
      if (!this.scan(chunk)) {
        socket.destroy();
        return;
      }
      if (!this.push(chunk)) socket.pause();
    });
    socket.on('end', () => this.push(null));
    socket.on('close', () => this.destroy());
    socket.on('error', (error) => this.destroy(error));
  }

  get remoteAddress(): string | undefined {
    return this.socket.remoteAddress;
  }

  override _read(): void {
    this.socket.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.socket.write(chunk, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.socket.end(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.socket.destroy();
    callback(error);
  }

  /** False when a packet announces more than the limit. */
  private scan(chunk: Buffer): boolean {
    let i = 0;
    while (i < chunk.length) {
      if (this.state === 'body') {
        const take = Math.min(this.remaining, chunk.length - i);
        this.remaining -= take;
        i += take;
        if (this.remaining === 0) this.state = 'type';
        continue;
      }
      const byte = chunk[i++]!;
      if (this.state === 'type') {
        this.state = 'length';
        this.length = 0;
        this.multiplier = 1;
        this.lengthBytes = 0;
        continue;
      }
      this.length += (byte & 0x7f) * this.multiplier;
      this.multiplier *= 128;
      this.lengthBytes++;
      if (this.length > this.maxFrameBytes) {
        this.onOversize(this.length);
        return false;
      }
      if (byte & 0x80) {
        // A fifth length byte is malformed: the MQTT parser refuses it and closes the connection.
        if (this.lengthBytes >= 4) this.state = 'type';
        continue;
      }
      this.remaining = this.length;
      this.state = this.remaining === 0 ? 'type' : 'body';
    }
    return true;
  }
}
