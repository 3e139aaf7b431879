import {
  BarChartOutlined,
  CalendarOutlined,
  DatabaseOutlined,
  FileDoneOutlined,
  ProfileOutlined,
  QrcodeOutlined,
  SolutionOutlined,
  ToolOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { AccessContext, AppRoute } from './route-types';

const holdsAny =
  (...permissions: string[]) =>
  (ctx: AccessContext): boolean =>
    permissions.some((p) => ctx.authList.includes(p));

/**
 * SPEC 2.3 maintenance area (issue 22): work orders, fault repair and my work orders while the module
 * switch "maintenance manage" is on; the device ledger while "device account" is on. The group itself
 * names no module: it is dropped when no entry of it is left.
 */
export const maintenanceRoutes: AppRoute = {
  path: '/maintenance',
  meta: { titleKey: 'menu.maintenance', icon: <ToolOutlined /> },
  children: [
    {
      path: 'plan',
      meta: {
        titleKey: 'menu.maintenancePlans',
        icon: <CalendarOutlined />,
        module: 'maintenanceManage',
        permission: holdsAny('maintenance.Plan/index', 'maintenance.Plan/add', 'maintenance.Plan/edit'),
      },
      page: () => import('../features/maintenance/pages/MaintenancePlansPage'),
    },
    {
      path: 'workOrder',
      meta: {
        titleKey: 'menu.workOrders',
        icon: <UnorderedListOutlined />,
        module: 'maintenanceManage',
        permission: holdsAny('maintenance.WorkOrder/index', 'maintenance.WorkOrder/dispatch'),
      },
      page: () => import('../features/maintenance/pages/WorkOrdersPage'),
    },
    {
      path: 'repair',
      meta: {
        titleKey: 'menu.faultRepair',
        icon: <SolutionOutlined />,
        module: 'maintenanceManage',
        permission: 'maintenance.Repair/index',
      },
      page: () => import('../features/maintenance/pages/FaultRepairPage'),
    },
    {
      path: 'myWorkOrder',
      meta: {
        titleKey: 'menu.myWorkOrders',
        icon: <FileDoneOutlined />,
        module: 'maintenanceManage',
        permission: 'maintenance.WorkOrder/handle',
        noCache: true,
      },
      page: () => import('../features/maintenance/pages/MyWorkOrdersPage'),
    },
    {
      path: 'asset',
      meta: {
        titleKey: 'menu.deviceLedger',
        icon: <DatabaseOutlined />,
        module: 'deviceAccount',
        permission: 'maintenance.Asset/index',
      },
      page: () => import('../features/assets/pages/AssetsPage'),
    },
    {
      // Printable QR labels of the assets of ?ids=, outside the shell (print layout).
      path: 'asset/labels',
      meta: {
        titleKey: 'menu.assetLabels',
        icon: <QrcodeOutlined />,
        module: 'deviceAccount',
        permission: 'maintenance.Asset/index',
        hidden: true,
        fullScreen: true,
      },
      page: () => import('../features/assets/pages/AssetLabelsPage'),
    },
    {
      // One asset: what its QR label opens (on a phone).
      path: 'asset/:id',
      meta: {
        titleKey: 'menu.assetDetail',
        icon: <ProfileOutlined />,
        module: 'deviceAccount',
        permission: 'maintenance.Asset/index',
        hidden: true,
      },
      page: () => import('../features/assets/pages/AssetDetailPage'),
    },
    {
      path: 'stats',
      meta: {
        titleKey: 'menu.maintenanceStats',
        icon: <BarChartOutlined />,
        module: 'maintenanceManage',
        permission: 'maintenance.Stats/index',
      },
      page: () => import('../features/maintenance/pages/MaintenanceStatsPage'),
    },
  ],
};
