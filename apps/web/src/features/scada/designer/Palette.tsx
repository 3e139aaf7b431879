import { graphlibUrl } from '@fleet/contracts';
import { SYMBOL_CATEGORIES, SYMBOLS, symbolSvg } from '@fleet/scada-model';
import { Collapse, Empty, Input, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGraphlibCategories } from './api/graphlib-categories';
import { useGraphlibItems } from './api/graphlib-items';
import { BASIC_GROUPS } from './palette-items';

const tile: React.CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 2,
  padding: 4,
  border: '1px solid #f0f0f0',
  borderRadius: 6,
  background: '#ffffff',
  cursor: 'grab',
  fontSize: 11,
  lineHeight: 1.2,
  textAlign: 'center',
  minHeight: 64,
  overflow: 'hidden',
};

const ICONS: Record<string, string> = {
  rectangle: '<rect x="6" y="10" width="36" height="26" fill="#d9d9d9" stroke="#595959" stroke-width="2"/>',
  ellipse: '<ellipse cx="24" cy="23" rx="18" ry="14" fill="#d9d9d9" stroke="#595959" stroke-width="2"/>',
  text: '<text x="24" y="30" font-size="20" text-anchor="middle" fill="#262626">Aa</text>',
  line: '<line x1="6" y1="36" x2="42" y2="10" stroke="#595959" stroke-width="2"/>',
  pipe: '<polyline points="4,14 24,14 24,34 44,34" fill="none" stroke="#595959" stroke-width="8"/><polyline points="4,14 24,14 24,34 44,34" fill="none" stroke="#69b1ff" stroke-width="4"/>',
  gauge:
    '<path d="M8 34 A16 16 0 1 1 40 34" fill="none" stroke="#595959" stroke-width="4"/><line x1="24" y1="34" x2="34" y2="18" stroke="#cf1322" stroke-width="2"/>',
  trend:
    '<polyline points="4,36 14,24 22,30 32,12 44,18" fill="none" stroke="#1677ff" stroke-width="2"/><rect x="2" y="6" width="44" height="34" fill="none" stroke="#bfbfbf"/>',
  button:
    '<rect x="4" y="14" width="40" height="20" rx="4" fill="#1677ff"/><text x="24" y="28" font-size="10" text-anchor="middle" fill="#fff">OK</text>',
  switch:
    '<rect x="8" y="16" width="32" height="16" rx="8" fill="#52c41a"/><circle cx="32" cy="24" r="6" fill="#fff"/>',
  numericInput:
    '<rect x="4" y="14" width="40" height="20" rx="3" fill="#fff" stroke="#8c8c8c"/><text x="24" y="28" font-size="10" text-anchor="middle" fill="#262626">12.5</text>',
  link: '<text x="24" y="28" font-size="12" text-anchor="middle" fill="#1677ff" text-decoration="underline">link</text>',
  image:
    '<rect x="6" y="10" width="36" height="28" fill="#f0f0f0" stroke="#8c8c8c"/><path d="M8 36 L20 22 L28 30 L34 24 L40 36 z" fill="#95de64"/>',
};

function Tile({
  itemKey,
  label,
  svg,
  onAdd,
}: {
  itemKey: string;
  label: string;
  svg: string;
  onAdd: (key: string) => void;
}) {
  return (
    <button
      type="button"
      style={tile}
      draggable
      onDragStart={(e) => e.dataTransfer.setData('application/x-scada-item', itemKey)}
      onClick={() => onAdd(itemKey)}
      title={label}
      aria-label={label}
      data-testid={`sd-palette-${itemKey}`}
    >
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own fixed icons and the package's allow-list-tested symbols */}
      <span style={{ width: 40, height: 36, display: 'block' }} dangerouslySetInnerHTML={{ __html: svg }} />
      <span style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {label}
      </span>
    </button>
  );
}

const grid: React.CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 6 };
const wrapIcon = (inner: string) => `<svg viewBox="0 0 48 48" width="40" height="36">${inner}</svg>`;
const symbolIcon = (markup: string) =>
  markup.replace('<svg ', '<svg width="40" height="36" preserveAspectRatio="xMidYMid meet" ');

/**
 * What can be drawn: shapes, pipes and lines, controls, the 60 built-in symbols by category and the
 * user's graph library; one search filters them all. Click adds in the middle of the view, or drag
 * onto the canvas.
 */
export function Palette({ onAdd, lang }: { onAdd: (key: string) => void; lang: 'zh' | 'en' | 'es' }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<number>();
  // A search opens every group that has a match; otherwise the engineer's own choice stays.
  const [open, setOpen] = useState<string[]>(['shapes', 'pipes', 'controls']);
  const q = search.trim().toLowerCase();
  const categories = useGraphlibCategories();
  const uploads = useGraphlibItems(q, category);
  const symbols = useMemo(
    () =>
      SYMBOL_CATEGORIES.map((c) => ({
        c,
        items: SYMBOLS.filter((s) => s.category === c).filter(
          (s) => !q || Object.values(s.names).some((n) => n.toLowerCase().includes(q)) || s.id.includes(q),
        ),
      })).filter((g) => g.items.length > 0),
    [q],
  );
  const basics = BASIC_GROUPS.map((g) => ({
    ...g,
    items: g.items.filter(
      (k) =>
        k !== 'image' && (!q || t(`scada.designer.kind.${k}`).toLowerCase().includes(q) || k.includes(q)),
    ),
  })).filter((g) => g.items.length > 0);

  const items = [
    ...basics.map((g) => ({
      key: g.group,
      label: t(`scada.designer.palette.${g.group}`),
      children: (
        <div style={grid}>
          {g.items.map((k) => (
            <Tile
              key={k}
              itemKey={k}
              label={t(`scada.designer.kind.${k}`)}
              svg={wrapIcon(ICONS[k] ?? '')}
              onAdd={onAdd}
            />
          ))}
        </div>
      ),
    })),
    ...symbols.map((g) => ({
      key: `sym-${g.c}`,
      label: `${t(`scada.designer.symbolCategory.${g.c}`)} (${g.items.length})`,
      children: (
        <div style={grid}>
          {g.items.map((s) => (
            <Tile
              key={s.id}
              itemKey={`builtin:${s.id}`}
              label={s.names[lang]}
              svg={symbolIcon(symbolSvg(s))}
              onAdd={onAdd}
            />
          ))}
        </div>
      ),
    })),
    {
      key: 'graphlib',
      label: t('scada.designer.palette.graphlib'),
      children: (
        <>
          <Select
            allowClear
            size="small"
            style={{ width: '100%', marginBottom: 8 }}
            placeholder={t('scada.designer.palette.allCategories')}
            value={category}
            onChange={setCategory}
            options={(categories.data?.rows ?? []).map((c) => ({
              value: c.id,
              label: `${c.name} (${c.item_count})`,
            }))}
            aria-label={t('scada.designer.palette.category')}
          />
          {uploads.data?.rows.length ? (
            <div style={grid}>
              {uploads.data.rows.map((u) => (
                <Tile
                  key={u.id}
                  itemKey={u.kind === 'svg' ? `graphlib:${u.hash}` : `image:${graphlibUrl(u.hash, u.kind)}`}
                  label={u.name}
                  svg={
                    /^[a-f0-9]+$/.test(u.hash)
                      ? `<img src="${graphlibUrl(u.hash, u.kind)}" alt="" width="40" height="36" style="object-fit:contain"/>`
                      : ''
                  }
                  onAdd={onAdd}
                />
              ))}
            </div>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scada.designer.palette.noUploads')} />
          )}
        </>
      ),
    },
  ];
  return (
    <div data-testid="sd-palette">
      <Input.Search
        allowClear
        size="small"
        placeholder={t('scada.designer.palette.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 8 }}
        data-testid="sd-palette-search"
      />
      <Collapse
        size="small"
        items={items}
        activeKey={q ? items.map((i) => i.key) : open}
        onChange={(keys) => !q && setOpen(keys as string[])}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 8 }}>
        {t('scada.designer.palette.hint')}
      </Typography.Text>
    </div>
  );
}
