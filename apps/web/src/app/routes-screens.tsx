import { AppstoreOutlined, FundProjectionScreenOutlined, GlobalOutlined } from '@ant-design/icons';
import type { AccessContext, AppRoute } from './route-types';

/** The device map and the GIS screen read GET /map/devices: any monitoring or device permission. */
const canSeeMap = (ctx: AccessContext): boolean =>
  ['Monitor.DeviceMonitor', 'DeviceManage', 'MonitorScreen'].some((p) => ctx.authList.includes(p));

/**
 * The monitoring screens group of the route table (routes.tsx). SPEC 2.3 /monitorScreen/screen: the big
 * screen, in its own full-screen layout (SPEC 2.4), hidden from the menu; the external-link entries open
 * it (and the GIS screen) in a new window.
 */
export const screenRoutes: AppRoute = {
  path: '/monitorScreen',
  meta: { titleKey: 'menu.monitorScreen', icon: <FundProjectionScreenOutlined /> },
  children: [
    {
      path: 'screen',
      meta: {
        titleKey: 'menu.bigScreen',
        icon: <FundProjectionScreenOutlined />,
        permission: 'MonitorScreen',
        hidden: true,
        fullScreen: true,
      },
      page: () => import('../features/screens/pages/BigScreenPage'),
    },
    {
      path: 'gis',
      meta: {
        titleKey: 'menu.gisScreen',
        icon: <GlobalOutlined />,
        permission: canSeeMap,
        hidden: true,
        fullScreen: true,
      },
      page: () => import('../features/screens/pages/GisScreenPage'),
    },
    {
      // Issue 23 item 2: custom screens (list, designer, full-screen view; published ones get menu entries).
      path: 'custom',
      meta: { titleKey: 'menu.customScreens', icon: <AppstoreOutlined />, permission: 'CustomScreen' },
      page: () => import('../features/custom-screens/pages/CustomScreensPage'),
    },
    {
      path: 'design/:id',
      meta: {
        titleKey: 'menu.customScreenDesign',
        icon: <AppstoreOutlined />,
        permission: 'CustomScreen/edit',
        hidden: true,
      },
      page: () => import('../features/custom-screens/pages/CustomScreenDesignerPage'),
    },
    {
      path: 'custom/:id',
      meta: {
        titleKey: 'menu.customScreenView',
        icon: <AppstoreOutlined />,
        permission: 'CustomScreen',
        hidden: true,
        fullScreen: true,
      },
      page: () => import('../features/custom-screens/pages/CustomScreenViewPage'),
    },
    {
      path: 'open',
      meta: {
        titleKey: 'menu.openBigScreen',
        icon: <FundProjectionScreenOutlined />,
        permission: 'MonitorScreen',
        external: '/monitorScreen/screen',
      },
    },
    {
      path: 'openGis',
      meta: {
        titleKey: 'menu.openGisScreen',
        icon: <GlobalOutlined />,
        permission: canSeeMap,
        external: '/monitorScreen/gis',
      },
    },
  ],
};
