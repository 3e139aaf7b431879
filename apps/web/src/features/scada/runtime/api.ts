import type { LastPoint, ScadaDetail, ScadaPoints, ScadaResolved, SeriesAnswer } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export const scadaRuntimeKeys = {
  all: ['scada-runtime'] as const,
  drawing: (id: number, deviceId: number | null) => ['scada-runtime', 'drawing', id, deviceId] as const,
  points: (id: number, deviceId: number | null) => ['scada-runtime', 'points', id, deviceId] as const,
};

/** The drawing: GET /scada/{id}, or for a template shown on a device GET /scada/{id}/resolve. */
export interface LoadedDrawing {
  detail: ScadaDetail;
  document: unknown;
  /** Template point names the device lacks. */
  missing: string[];
}

export async function loadDrawing(id: number, deviceId: number | null, signal?: AbortSignal) {
  const detail = await api.get<ScadaDetail>(`/scada/${id}`, undefined, { signal, notify: false });
  if (detail.kind !== 'template' || deviceId === null)
    return { detail, document: detail.document, missing: [] } satisfies LoadedDrawing;
  const resolved = await api.get<ScadaResolved>(
    `/scada/${id}/resolve`,
    { device_id: deviceId },
    { signal, notify: false },
  );
  return { detail, document: resolved.document, missing: resolved.missing } satisfies LoadedDrawing;
}

export function useDrawing(id: number, deviceId: number | null) {
  return useQuery({
    queryKey: scadaRuntimeKeys.drawing(id, deviceId),
    queryFn: ({ signal }) => loadDrawing(id, deviceId, signal),
    enabled: id > 0,
    retry: false,
  });
}

export function useDrawingPoints(id: number, deviceId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: scadaRuntimeKeys.points(id, deviceId),
    queryFn: ({ signal }) =>
      api.get<ScadaPoints>(`/scada/${id}/points`, deviceId ? { device_id: deviceId } : undefined, {
        signal,
        notify: false,
      }),
    enabled: enabled && id > 0,
    retry: false,
  });
}

/** Latest values of a device's points (the live stream only brings changes). */
export function getLastValues(deviceId: number, signal?: AbortSignal) {
  return api.get<LastPoint[]>('/device/lastdp', { device_id: deviceId }, { signal, notify: false });
}

/** Stored values of up to 20 points over the last `seconds` (trends start with their recent past). */
export function getRecentSeries(pointIds: readonly number[], seconds: number, signal?: AbortSignal) {
  const end = Date.now();
  return api.get<SeriesAnswer>(
    '/device/history/series',
    {
      point_ids: pointIds.join(','),
      starttime: new Date(end - seconds * 1000).toISOString(),
      endtime: new Date(end).toISOString(),
      points: 300,
      fn: 'avg',
    },
    { signal, notify: false, timeoutMs: 30_000 },
  );
}
