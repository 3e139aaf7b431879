import type { LastdpsRow } from '@fleet/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveDevices, useLiveEvents } from '../../../shared/live/use-live';
import { mergeLiveReadings } from '../../devices/lib/live-rows';
import { monitorKeys } from './keys';

type Page = { rows: LastdpsRow[]; total: number };

/** Applies a change to one device's row in every cached page of cards. */
function patchDevice(queryClient: QueryClient, deviceId: number, patch: (row: LastdpsRow) => LastdpsRow) {
  queryClient.setQueriesData<Page>({ queryKey: monitorKeys.cardsAll() }, (page) =>
    page?.rows.some((r) => r.device_id === deviceId)
      ? { ...page, rows: page.rows.map((r) => (r.device_id === deviceId ? patch(r) : r)) }
      : page,
  );
}

/** AL events come in bursts; the lists are re-read once per burst. */
const ALARM_REREAD_MS = 1000;

/**
 * Keeps the monitor current: LD readings of the shown devices merge into their cards; OL sets a device's
 * online status at once; AL (raise or recovery changes the device's alarm type) re-reads the lists.
 */
export function useMonitorLive(deviceIds: readonly number[]) {
  const queryClient = useQueryClient();
  useLiveDevices(deviceIds, (deviceId, readings) =>
    patchDevice(queryClient, deviceId, (row) => ({
      ...row,
      lastdp: mergeLiveReadings(row.lastdp, readings),
    })),
  );
  useLiveEvents('OL', (event) => {
    patchDevice(queryClient, event.deviceId, (row) => ({ ...row, status: event.data.status }));
    void queryClient.invalidateQueries({ queryKey: monitorKeys.mapAll() });
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLiveEvents('AL', () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: monitorKeys.all });
    }, ALARM_REREAD_MS);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
}
