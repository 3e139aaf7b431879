import type { GraphlibItemRow } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api, baseHeaders, ensureFreshToken, notifyError } from '../../../shared/api/client';
import { ApiError, LocalCode } from '../../../shared/api/errors';
import { fetchImageCategories, screenImageKeys } from './graphlib-images';

export interface UploadScreenImageInput {
  file: File;
  /** The graph library category new screen images go to (made on the first upload). */
  categoryName: string;
}

/** The category named `name`, made when missing (ScadaManager may; the server checks). */
async function categoryId(name: string): Promise<number> {
  const found = (await fetchImageCategories()).rows.find((c) => c.name === name);
  if (found) return found.id;
  return (await api.post<{ id: number }>('/scada/graphlib/category', { name }, { notify: false })).id;
}

/**
 * An image for a screen through the platform's one upload pipeline, the graph library
 * (POST /scada/graphlib, multipart): 2 MB at most, PNG checked, SVG sanitised, stored by content hash
 * outside the web root, served from `/upload/graphlib/{hash}.{png|svg}`.
 */
export async function uploadScreenImage(input: UploadScreenImageInput): Promise<GraphlibItemRow> {
  const path = '/scada/graphlib';
  const category = await categoryId(input.categoryName);
  await ensureFreshToken(path);
  const form = new FormData();
  form.append('category_id', String(category));
  form.append('file', input.file, input.file.name);
  const res = await fetch(`${API_BASE}${path}`, { method: 'POST', body: form, headers: baseHeaders() });
  const body = (await res.json().catch(() => null)) as {
    code?: number;
    msg?: string;
    data?: unknown;
    msg_key?: string;
    msg_params?: Record<string, string | number>;
  } | null;
  if (body?.code === 0) return body.data as GraphlibItemRow;
  throw new ApiError(
    body?.code ?? LocalCode.NO_CODE,
    body?.msg ?? res.statusText,
    body?.data ?? null,
    res.status,
    {
      msgKey: body?.msg_key,
      msgParams: body?.msg_params,
    },
  );
}

export function useUploadScreenImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadScreenImage,
    onSuccess: () => client.invalidateQueries({ queryKey: screenImageKeys.all }),
    onError: (error) => notifyError(error),
  });
}
