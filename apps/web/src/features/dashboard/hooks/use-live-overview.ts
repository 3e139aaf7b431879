import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveEvents } from '../../../shared/live/use-live';
import { dashboardKeys } from '../api/keys';
import { createThrottle } from '../lib/throttle';

/** A burst of alarms (a site losing power) refreshes the overview at most this often. */
export const LIVE_REFRESH_MS = 2000;

/** Refreshes the overview when an alarm (AL) or an online/offline event (OL) arrives. */
export function useLiveOverview(): void {
  const queryClient = useQueryClient();
  const throttle = useRef<ReturnType<typeof createThrottle> | null>(null);
  useEffect(() => {
    const own = createThrottle(
      () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.overviews() }),
      LIVE_REFRESH_MS,
    );
    throttle.current = own;
    return () => {
      own.cancel();
      throttle.current = null;
    };
  }, [queryClient]);
  useLiveEvents('AL', () => throttle.current?.call());
  useLiveEvents('OL', () => throttle.current?.call());
}
