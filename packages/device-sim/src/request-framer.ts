/**
 * Slave-side framing of Modbus RTU requests arriving on a byte stream (a TCP socket split at any
 * point). Request lengths follow from the function code: 01-06 are 8 bytes, 0F/10 are 9 + byte
 * count. A frame with a bad CRC or an unknown function loses its first byte and the framer
 * resyncs. Bounded: never holds more than one maximal ADU (or control frame).
 *
 * With `onControl`, the link's control frames (docs/protocols.md "Control frames on the DTU link")
 * are taken out between requests: they start 00 FC, which no request does (FC has the exception bit).
 */
import {
  type ControlChannel,
  MAX_ADU_LENGTH,
  MAX_CONTROL_FRAME,
  matchControlFrame,
  verifyCrc,
} from '@fleet/protocols';

export class RequestFramer {
  private buf: Uint8Array = new Uint8Array(0);
  dropped = 0;
  /** Bytes that started like a control frame but were not a valid one. */
  controlDropped = 0;

  constructor(private readonly onControl?: (channel: ControlChannel, payload: Uint8Array) => void) {}

  /** Feed bytes; returns the complete, CRC-valid request ADUs found. */
  push(chunk: Uint8Array): Uint8Array[] {
    const merged = new Uint8Array(this.buf.length + chunk.length);
    merged.set(this.buf, 0);
    merged.set(chunk, this.buf.length);
    this.buf = merged;
    const frames: Uint8Array[] = [];
    for (;;) {
      const b = this.buf;
      if (this.onControl && b.length > 0) {
        const c = matchControlFrame(b, 0, b.length);
        if (c.kind === 'partial') break;
        if (c.kind === 'complete') {
          this.buf = b.slice(c.len);
          this.onControl(c.channel, c.payload);
          continue;
        }
        if (c.kind === 'bad') {
          this.controlDropped += c.len;
          this.skip(c.len);
          continue;
        }
      }
      if (b.length < 2) break;
      const fn = b[1]!;
      let len: number;
      if (fn >= 0x01 && fn <= 0x06) len = 8;
      else if (fn === 0x0f || fn === 0x10) {
        if (b.length < 7) break;
        len = 9 + b[6]!;
      } else {
        this.skip(1);
        continue;
      }
      if (len > MAX_ADU_LENGTH) {
        this.skip(1);
        continue;
      }
      if (b.length < len) break;
      const frame = b.slice(0, len);
      if (verifyCrc(frame)) {
        frames.push(frame);
        this.buf = b.slice(len);
      } else this.skip(1);
    }
    const bound = this.onControl ? MAX_CONTROL_FRAME : MAX_ADU_LENGTH;
    if (this.buf.length > bound) this.skip(this.buf.length - bound);
    return frames;
  }

  private skip(n: number): void {
    this.dropped += n;
    this.buf = this.buf.slice(n);
  }
}
