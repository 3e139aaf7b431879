import { alarmLogRow, type BigScreenReport } from '@fleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLiveDevices, useLiveEvents } from '../../../shared/live/use-live';
import { screenKeys } from '../api/keys';
import { addAlarm, addReadings, emptyOverlay, type LiveOverlay, withLive } from '../lib/live-overlay';

/** Status counts and the top devices are re-read this long after a burst of OL / AL events. */
const REREAD_AFTER_MS = 1500;
/** Live readings are counted in a ref and drawn this often, however many arrive. */
const READINGS_FLUSH_MS = 1000;

/**
 * Keeps the big screen current through /wss: AL rows go on top of the latest alarms and into the
 * trend at once; OL and AL re-read the counts (once per burst); LD readings of `deviceIds` are
 * counted into the current minute. A new answer of GET /screen/big replaces what was overlaid.
 */
export function useBigScreenLive(report: BigScreenReport | undefined, deviceIds: readonly number[]) {
  const queryClient = useQueryClient();
  const [overlay, setOverlay] = useState<LiveOverlay>(emptyOverlay);
  const [now, setNow] = useState(() => Date.now());
  const pending = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer includes what was overlaid
  useEffect(() => setOverlay((o) => ({ ...emptyOverlay(), readings: o.readings })), [report]);

  const reread = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: screenKeys.big() });
    }, REREAD_AFTER_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  useLiveEvents(
    'AL',
    (event) => {
      const row = alarmLogRow.safeParse(event.data);
      if (row.success) setOverlay((o) => addAlarm(o, row.data));
      reread();
    },
    reread,
  );
  useLiveEvents('OL', reread);
  useLiveDevices(deviceIds, (_id, readings) => {
    pending.current += readings.length;
  });
  useEffect(() => {
    const interval = setInterval(() => {
      const at = Date.now();
      const count = pending.current;
      pending.current = 0;
      if (count > 0) setOverlay((o) => addReadings(o, count, at));
      setNow(at);
    }, READINGS_FLUSH_MS);
    return () => clearInterval(interval);
  }, []);

  return useMemo(() => (report ? withLive(report, overlay, now) : undefined), [report, overlay, now]);
}
