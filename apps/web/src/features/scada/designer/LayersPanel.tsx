import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { Element, Page } from '@fleet/scada-model';
import { Button, Empty, Flex, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { runAll } from './actions';
import { useDesigner, usePage } from './store';

/** An element's name in lists: its own name, else its kind and id. */
export function elementLabel(id: string, el: Element, t: (k: string) => string): string {
  return el.name || `${t(`scada.designer.kind.${el.kind}`)} ${id}`;
}

/**
 * The page's elements top first (the reverse of the z-order), groups with their children. Click
 * selects (Shift/Ctrl adds), the eye hides, the lock locks; dragging a row reorders it among its siblings.
 */
export function LayersPanel() {
  const { t } = useTranslation();
  const page = usePage();
  const pageId = useDesigner((s) => s.pageId);
  const selection = useDesigner((s) => s.selection);
  const select = useDesigner((s) => s.select);
  const toggle = (id: string, prop: 'hidden' | 'locked') =>
    runAll(
      [
        {
          type: 'updateElement',
          page: pageId,
          id,
          props: { [prop]: page.elements[id]?.[prop] ? undefined : true },
        },
      ],
      prop,
    );

  const node = (id: string, p: Page): DataNode => {
    const el = p.elements[id]!;
    return {
      key: id,
      title: (
        <Flex align="center" justify="space-between" gap={4} data-testid={`sd-layer-${id}`}>
          <Typography.Text ellipsis style={{ maxWidth: 140, opacity: el.hidden ? 0.5 : 1 }}>
            {elementLabel(id, el, t)}
          </Typography.Text>
          <span>
            <Button
              type="text"
              size="small"
              icon={el.hidden ? <EyeInvisibleOutlined /> : <EyeOutlined />}
              aria-label={el.hidden ? t('scada.designer.layers.show') : t('scada.designer.layers.hide')}
              onClick={(e) => {
                e.stopPropagation();
                toggle(id, 'hidden');
              }}
            />
            <Button
              type="text"
              size="small"
              icon={el.locked ? <LockOutlined /> : <UnlockOutlined />}
              aria-label={el.locked ? t('scada.designer.layers.unlock') : t('scada.designer.layers.lock')}
              onClick={(e) => {
                e.stopPropagation();
                toggle(id, 'locked');
              }}
            />
          </span>
        </Flex>
      ),
      children: el.kind === 'group' ? [...el.children].reverse().map((c) => node(c, p)) : undefined,
    };
  };
  const top = new Set(page.order);
  if (page.order.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scada.designer.layers.empty')} />;
  return (
    <Tree
      blockNode
      draggable={{ icon: false }}
      multiple
      data-testid="sd-layers"
      treeData={[...page.order].reverse().map((id) => node(id, page))}
      selectedKeys={selection}
      onSelect={(keys, info) => {
        const id = String(info.node.key);
        if (!top.has(id)) return; // children are edited through their group
        const multi = (info.nativeEvent as MouseEvent).shiftKey || (info.nativeEvent as MouseEvent).ctrlKey;
        select(multi ? keys.map(String).filter((k) => top.has(k)) : [id]);
      }}
      allowDrop={({ dropNode, dropPosition }) => top.has(String(dropNode.key)) && dropPosition !== 0}
      onDrop={(info) => {
        const id = String(info.dragNode.key);
        const target = String(info.node.key);
        if (!top.has(id) || !top.has(target)) return;
        // The tree lists top first: dropping above a row puts the element over it in the z-order.
        const without = page.order.filter((k) => k !== id);
        const at = without.indexOf(target);
        const relative = info.dropPosition - Number(info.node.pos.split('-').at(-1));
        const index = relative < 0 ? at + 1 : at;
        runAll(
          [{ type: 'reorder', page: pageId, id, to: Math.max(0, Math.min(without.length, index)) }],
          'reorder',
        );
      }}
    />
  );
}
