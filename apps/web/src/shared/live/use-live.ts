import type { LiveEvent, LiveReading } from '@fleet/contracts';
import { useEffect, useRef } from 'react';
import { getLiveClient, holdLiveClient } from './live-context';

type EventOf<T extends LiveEvent['type']> = Extract<LiveEvent, { type: T }>;

/**
 * Calls `handler` for every live event of `type` (OL, AL...) while the component is mounted, and
 * `onResync` (when given) each time the socket (re)connects: whatever was pushed while it was down is
 * lost, so a list fed by these events refetches there and never stays stale.
 */
export function useLiveEvents<T extends LiveEvent['type']>(
  type: T,
  handler: (event: EventOf<T>) => void,
  onResync?: () => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  const resync = useRef(onResync);
  resync.current = onResync;
  useEffect(() => {
    const release = holdLiveClient();
    const client = getLiveClient();
    const off = client.on(type, (event) => latest.current(event as EventOf<T>));
    const offConnect = client.onConnect(() => resync.current?.());
    return () => {
      off();
      offConnect();
      release();
    };
  }, [type]);
}

/** Streams live data (LD) of these devices to `onData` while mounted; re-subscribes when the ids change. */
export function useLiveDevices(
  deviceIds: readonly number[],
  onData: (deviceId: number, readings: LiveReading[]) => void,
): void {
  const latest = useRef(onData);
  latest.current = onData;
  const key = [...new Set(deviceIds)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    const ids = key === '' ? [] : key.split(',').map(Number);
    if (ids.length === 0) return;
    const wanted = new Set(ids);
    const release = holdLiveClient();
    const client = getLiveClient();
    const off = client.on('LD', (event) => {
      if (event.type === 'LD' && wanted.has(event.deviceId)) latest.current(event.deviceId, event.data);
    });
    const unwatch = client.watchDevices(ids);
    return () => {
      unwatch();
      off();
      release();
    };
  }, [key]);
}
