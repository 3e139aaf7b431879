import { describe, expect, it } from 'vitest';
import { createLocalCommandRouter } from './local-router.js';
import { recordingLink, testPoint } from './test-links.js';

const writeTo = (deviceId: number, value: number | string | boolean = 5) => ({
  commandId: 1,
  deviceId,
  point: testPoint(deviceId),
  value,
});

describe('local command router', () => {
  it('routes a write to the attached link and answers its outcome', async () => {
    const router = createLocalCommandRouter();
    const link = recordingLink({ status: 'resp' });
    router.attach(1, link);
    expect(await router.write(writeTo(1, 42))).toEqual({ status: 'resp' });
    expect(link.writes.map((w) => w.value)).toEqual([42]);
    expect(await router.refresh(1)).toBe(true);
  });

  it('answers networkError and refresh false when no link is attached', async () => {
    const router = createLocalCommandRouter();
    expect(await router.write(writeTo(2))).toEqual({ status: 'networkError', error: 'device offline' });
    expect(await router.refresh(2)).toBe(false);
    const detach = router.attach(2, recordingLink({ status: 'resp' }));
    detach();
    expect((await router.write(writeTo(2))).status).toBe('networkError');
  });

  it('keeps the newer link when the older one detaches afterwards', async () => {
    const router = createLocalCommandRouter();
    const older = recordingLink({ status: 'fail', error: 'old' });
    const newer = recordingLink({ status: 'resp' });
    const detachOlder = router.attach(3, older);
    const detachNewer = router.attach(3, newer);
    detachOlder();
    expect(await router.write(writeTo(3))).toEqual({ status: 'resp' });
    expect(older.writes).toHaveLength(0);
    detachNewer();
    expect((await router.write(writeTo(3))).status).toBe('networkError');
  });

  it('turns a throwing link into an error outcome', async () => {
    const router = createLocalCommandRouter();
    router.attach(4, {
      write: async () => {
        throw new Error('encoder exploded');
      },
      refresh: async () => {
        throw new Error('poll exploded');
      },
    });
    expect(await router.write(writeTo(4))).toEqual({ status: 'error', error: 'encoder exploded' });
    expect(await router.refresh(4)).toBe(false);
    await router.close();
  });
});
