import {
  BarChartOutlined,
  CalendarOutlined,
  FileDoneOutlined,
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
 * SPEC 2.3 maintenance area (issue 22): work orders, fault repair and my work orders, while the module
 * switch "maintenance manage" is on. Plans and the device ledger join this group when they are built.
 */
export const maintenanceRoutes: AppRoute = {
  path: '/maintenance',
  meta: { titleKey: 'menu.maintenance', icon: <ToolOutlined />, module: 'maintenanceManage' },
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
