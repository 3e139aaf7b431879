import { collectPointRefs, type Element, type PointRef } from '@fleet/scada-model';
import { Empty, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { elementLabel } from './LayersPanel';
import { brokenReason, refLabel, useDesignerPoints } from './points-context';
import { useDesigner, useDoc } from './store';

interface Use {
  page: string;
  id: string;
  el: Element;
  ref: PointRef;
  role: string;
}

function usesOf(el: Element): { ref: PointRef; role: string }[] {
  const out: { ref: PointRef; role: string }[] = [];
  for (const [i, b] of (el.bindings ?? []).entries())
    out.push({ ref: b.point, role: `binding ${i + 1} · ${b.map.kind}` });
  if (el.kind === 'gauge') out.push({ ref: el.point, role: 'gauge' });
  if (el.kind === 'trend')
    for (const [i, s] of el.series.entries()) out.push({ ref: s.point, role: `series ${i + 1}` });
  if ('write' in el) out.push({ ref: el.write.point, role: 'write' });
  return out;
}

/** Every point reference of the drawing (all pages), broken ones first and marked; click to select it. */
export function BindingsList() {
  const { t } = useTranslation();
  const doc = useDoc();
  const points = useDesignerPoints();
  const pageId = useDesigner((s) => s.pageId);
  const uses: Use[] = [];
  for (const p of doc.pageOrder) {
    const page = doc.pages[p]!;
    for (const [id, el] of Object.entries(page.elements))
      for (const u of usesOf(el)) uses.push({ page: p, id, el, ...u });
  }
  const rows = uses
    .map((u) => ({ ...u, broken: brokenReason(u.ref, points) }))
    .sort((a, b) => Number(!!b.broken) - Number(!!a.broken));
  const brokenCount = rows.filter((r) => r.broken).length;
  if (rows.length === 0 && collectPointRefs(doc).length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scada.designer.list.empty')} />;
  return (
    <div data-testid="sd-all-bindings">
      <Typography.Text type={brokenCount ? 'danger' : 'secondary'} data-testid="sd-broken-count">
        {t('scada.designer.list.summary', { count: rows.length, broken: brokenCount })}
      </Typography.Text>
      <List
        size="small"
        dataSource={rows}
        renderItem={(r) => (
          <List.Item
            style={{ cursor: 'pointer', background: r.broken ? '#fff1f0' : undefined, paddingInline: 6 }}
            onClick={() => {
              const s = useDesigner.getState();
              if (r.page !== pageId) s.setPage(r.page);
              // Children of groups are selected through their top-level group.
              const top = doc.pages[r.page]!.order.includes(r.id)
                ? r.id
                : (Object.entries(doc.pages[r.page]!.elements).find(
                    ([, e]) => e.kind === 'group' && e.children.includes(r.id),
                  )?.[0] ?? r.id);
              s.select([top]);
            }}
            data-testid={r.broken ? 'sd-binding-broken' : 'sd-binding-ok'}
          >
            <div style={{ width: '100%' }}>
              <Typography.Text ellipsis style={{ maxWidth: 200 }}>
                {elementLabel(r.id, r.el, t)}
              </Typography.Text>
              <div>
                <Tag color={r.broken ? 'error' : 'blue'}>{refLabel(r.ref, points)}</Tag>
                <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                  {doc.pages[r.page]?.name} · {r.role}
                </Typography.Text>
              </div>
              {r.broken ? (
                <Typography.Text type="danger" style={{ fontSize: 12 }}>
                  {t(`scada.designer.broken.${r.broken}`)}
                </Typography.Text>
              ) : null}
            </div>
          </List.Item>
        )}
      />
    </div>
  );
}
