import type { OtaCommandRow } from '@fleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { nextCommandCheck } from '../../../devices/lib/live-format';
import { getOtaCommand } from '../api/get-command';
import { otaGatewayKeys } from '../api/keys';

/**
 * The last command of each gateway, followed as SPEC 4 says: re-read 2000 ms after sending, then every
 * 2 s while it is pending (about 20 s). When one settles the list (signal bars, versions) and the
 * gateway's signal history are read again.
 */
export function useFollowCommands() {
  const queryClient = useQueryClient();
  const [byGateway, setByGateway] = useState<Record<number, OtaCommandRow>>({});
  const sentAt = useRef(new Map<number, number>());

  useEffect(() => {
    const now = Date.now();
    const pending = Object.values(byGateway)
      .map((row) => ({ row, delay: nextCommandCheck(row.status, now - (sentAt.current.get(row.id) ?? now)) }))
      .filter((p): p is { row: OtaCommandRow; delay: number } => p.delay !== null);
    if (pending.length === 0) return;
    let live = true;
    const timer = setTimeout(
      () => {
        void Promise.all(
          pending.map(
            (p) => getOtaCommand(p.row.id).catch(() => ({ ...p.row })), // a failed re-read keeps the status
          ),
        ).then((rows) => {
          if (!live) return;
          for (const row of rows) {
            if (row.status !== 'send' && row.status !== 'create') {
              void queryClient.invalidateQueries({ queryKey: otaGatewayKeys.lists() });
              void queryClient.invalidateQueries({ queryKey: otaGatewayKeys.signal(row.gateway_id) });
            }
          }
          setByGateway((current) => {
            const next = { ...current };
            for (const row of rows) if (next[row.gateway_id]?.id === row.id) next[row.gateway_id] = row;
            return next;
          });
        });
      },
      Math.min(...pending.map((p) => p.delay)),
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [byGateway, queryClient]);

  const follow = useCallback((rows: OtaCommandRow[]) => {
    const now = Date.now();
    for (const row of rows) sentAt.current.set(row.id, now);
    setByGateway((current) => {
      const next = { ...current };
      for (const row of rows) next[row.gateway_id] = row;
      return next;
    });
  }, []);

  return { byGateway, follow };
}
