import type { GraphlibItemRow } from '@fleet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, notifyError } from '../../../shared/api/client';
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
  const category = await categoryId(input.categoryName);
  return api.upload<GraphlibItemRow>(
    '/scada/graphlib',
    { field: 'file', blob: input.file, name: input.file.name },
    { category_id: String(category) },
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
