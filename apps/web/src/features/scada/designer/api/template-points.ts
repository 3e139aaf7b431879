import type { TemplateRow } from '@fleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../shared/api/client';

/** GET /device/template/{id}: the point names a SCADA template binds to (its own and its slaves'). */
export function useTemplatePointNames(templateId: number | null) {
  return useQuery({
    queryKey: ['scada-designer', 'template-points', templateId],
    enabled: templateId !== null,
    queryFn: async ({ signal }) => {
      const row = await api.get<TemplateRow>(`/device/template/${templateId}`, undefined, {
        signal,
        notify: false,
      });
      const names = new Map<string, string>();
      for (const p of row.points) names.set(p.name, p.unit ?? '');
      for (const s of row.slaves)
        for (const p of s.points) if (!names.has(p.name)) names.set(p.name, p.unit ?? '');
      return [...names].map(([name, unit]) => ({ name, unit }));
    },
  });
}
