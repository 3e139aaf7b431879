import { encodeControlFrame, encodeRequestAdu } from '@fleet/protocols';
import { describe, expect, it } from 'vitest';
import { RequestFramer } from './request-framer.js';

describe('RequestFramer', () => {
  const read = encodeRequestAdu(1, { fn: 0x03, address: 0, quantity: 2 });
  const write = encodeRequestAdu(2, { fn: 0x10, address: 5, values: [1, 2, 3] });

  it('frames requests split at every byte and back to back', () => {
    const f = new RequestFramer();
    const all = Uint8Array.from([...read, ...write, ...read]);
    const got: Uint8Array[] = [];
    for (const b of all) got.push(...f.push(Uint8Array.of(b)));
    expect(got).toEqual([read, write, read]);
    expect(f.dropped).toBe(0);
  });

  it('resyncs after garbage and bad CRCs', () => {
    const f = new RequestFramer();
    const bad = Uint8Array.from(read);
    bad[7] = bad[7]! ^ 0xff;
    const got = f.push(Uint8Array.from([0x00, 0x99, ...bad, ...write]));
    expect(got).toEqual([write]);
    expect(f.dropped).toBeGreaterThan(0);
  });

  it('stays bounded on endless junk', () => {
    const f = new RequestFramer();
    for (let i = 0; i < 100; i++) expect(f.push(new Uint8Array(100).fill(0x10))).toEqual([]);
  });

  it('takes control frames out between requests, split anywhere; bad ones are dropped', () => {
    const seen: Array<[string, string]> = [];
    const f = new RequestFramer((channel, payload) =>
      seen.push([channel, new TextDecoder().decode(payload)]),
    );
    const down = encodeControlFrame('down', '{"cmd_id":"g-1","gw":{"op":"csq"}}');
    const bad = encodeControlFrame('down', '{"cmd_id":"g-2"}');
    bad[bad.length - 1] = bad[bad.length - 1]! ^ 0xff;
    const all = Uint8Array.from([...read, ...down, ...bad, ...write, ...down]);
    const got: Uint8Array[] = [];
    for (const b of all) got.push(...f.push(Uint8Array.of(b)));
    expect(got).toEqual([read, write]);
    expect(seen).toEqual([
      ['down', '{"cmd_id":"g-1","gw":{"op":"csq"}}'],
      ['down', '{"cmd_id":"g-1","gw":{"op":"csq"}}'],
    ]);
    expect(f.controlDropped).toBe(bad.length);
  });
});
