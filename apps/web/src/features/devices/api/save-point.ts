import type { DataPointRow, PointCreateBody } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { deviceKeys } from './keys';

export function savePoint(input: { deviceId: number; pointId?: number; body: PointCreateBody }) {
  const base = `/device/${input.deviceId}/datapoint`;
  return input.pointId
    ? api.put<DataPointRow>(`${base}/${input.pointId}`, input.body, { notify: false })
    : api.post<DataPointRow>(base, input.body, { notify: false });
}

export function useSavePoint(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.detail(deviceId) }),
  });
}
