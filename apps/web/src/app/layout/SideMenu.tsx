import { ExportOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { findLeaf, joinPath } from '../route-access';
import type { AppRoute, LeafRoute } from '../route-types';

type MenuItem = Required<MenuProps>['items'][number];
const EXTERNAL = 'external:';

function toItems(routes: readonly AppRoute[], parentPath: string, t: (k: string) => string): MenuItem[] {
  const items: MenuItem[] = [];
  for (const route of routes) {
    if (route.meta?.hidden) continue;
    const fullPath = joinPath(parentPath, route.path);
    const label = route.meta ? (route.meta.title ?? t(route.meta.titleKey)) : fullPath;
    if (route.children) {
      const children = toItems(route.children, fullPath, t);
      if (children.length === 0) continue;
      items.push({ key: fullPath, icon: route.meta?.icon, label, children });
    } else if (route.meta?.external) {
      items.push({
        key: `${EXTERNAL}${route.meta.external}`,
        icon: route.meta.icon,
        label: (
          <span>
            {label} <ExportOutlined style={{ fontSize: 11, opacity: 0.6 }} />
          </span>
        ),
      });
    } else {
      items.push({ key: fullPath, icon: route.meta?.icon, label });
    }
  }
  return items;
}

/** Keys of the groups that contain the active page, outermost first. */
function groupKeysOf(activePath: string | undefined): string[] {
  if (!activePath) return [];
  const parts = activePath.split('/').filter(Boolean);
  return parts.slice(0, -1).map((_, i) => `/${parts.slice(0, i + 1).join('/')}`);
}

export function SideMenu({
  permitted,
  leaves,
  collapsed,
  onNavigate,
}: {
  permitted: AppRoute[];
  leaves: LeafRoute[];
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = useMemo(() => toItems(permitted, '/', t), [permitted, t]);
  const activePath = findLeaf(leaves, pathname)?.fullPath;
  const [openKeys, setOpenKeys] = useState<string[]>(() => groupKeysOf(activePath));

  useEffect(() => {
    const groups = groupKeysOf(activePath);
    setOpenKeys((keys) => [...new Set([...keys, ...groups])]);
  }, [activePath]);

  return (
    <div data-testid="sidebar" className="app-sidebar-menu">
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={activePath ? [activePath] : []}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={({ key }) => {
          if (key.startsWith(EXTERNAL)) {
            window.open(key.slice(EXTERNAL.length), '_blank', 'noopener');
            return;
          }
          navigate(key);
          onNavigate?.();
        }}
      />
    </div>
  );
}
