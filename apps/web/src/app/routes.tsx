import {
  AlertOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  BgColorsOutlined,
  BlockOutlined,
  CloudDownloadOutlined,
  ClusterOutlined,
  ContactsOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  EditOutlined,
  FieldTimeOutlined,
  FileSearchOutlined,
  FundViewOutlined,
  GroupOutlined,
  HddOutlined,
  HistoryOutlined,
  IdcardOutlined,
  LineChartOutlined,
  MoneyCollectOutlined,
  MonitorOutlined,
  NotificationOutlined,
  PartitionOutlined,
  ProfileOutlined,
  ProjectOutlined,
  SafetyCertificateOutlined,
  SolutionOutlined,
  TableOutlined,
  TagsOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserAddOutlined,
  UserOutlined,
  WalletOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { AccessContext, AppRoute } from './route-types';
import { enforcementRoutes } from './routes-enforcement';
import { maintenanceRoutes } from './routes-maintenance';
import { otaRoutes } from './routes-ota';
import { screenRoutes } from './routes-screens';

/** user type 0 and a permission (a route's userTypes list alone would skip the permission check). */
const platformWith =
  (permission: string) =>
  (ctx: AccessContext): boolean =>
    ctx.userType === 0 && ctx.authList.includes(permission);

/** SPEC 2.3: the SCADA group is in the menu only for users holding both ScadaManager and ScadaNavbarShow. */
const scadaMenu = (ctx: AccessContext): boolean =>
  ['ScadaManager', 'ScadaNavbarShow'].every((p) => ctx.authList.includes(p));

/** History is readable by whoever may read devices (server: /device/history). */
/** The alarm log opens with either alarm-log permission; only `Event/log` handles and deletes. */
const ALARM_LOG_READERS = (ctx: AccessContext): boolean =>
  ['Event/log', 'Event/view'].some((p) => ctx.authList.includes(p));

const canReadHistory = (ctx: AccessContext): boolean =>
  ['DeviceManage', 'Monitor.DeviceMonitor', 'Device/view'].some((p) => ctx.authList.includes(p));

/**
 * THE route table (SPEC 2.3): the one place where pages are declared. The menu, the tab titles,
 * the browser title, the guard and the default landing page are all derived from it.
 *
 * To add a page:
 *   1. build it in `features/<feature>/pages/<Name>Page.tsx` with a default export;
 *   2. add an entry here, inside its group, with `page: () => import(...)` and a `meta`:
 *      titleKey (i18n key in zh/en/es), icon, and the restriction SPEC 2.3 gives
 *      (`permission: 'auth.User'`, or `userTypes: [0]`, or `module: 'loginLog'`, `roles`, `hidden`,
 *      `noCache`, `external: '/monitorScreen/screen'` for a menu link that opens a new window).
 * Menu entries exist only for pages that exist, so never add an entry without its page.
 */
export const appRoutes: AppRoute[] = [
  {
    // SPEC 2.1: first in the table, so it is the landing page of whoever may see it; without
    // PlatformOverView the group has no child and drops out, and the next first page lands instead.
    path: '/dashboard',
    meta: { titleKey: 'menu.dashboard', icon: <DashboardOutlined /> },
    children: [
      {
        path: 'index',
        meta: {
          titleKey: 'menu.dashboardIndex',
          icon: <DashboardOutlined />,
          permission: 'PlatformOverView',
        },
        page: () => import('../features/dashboard/pages/DashboardPage'),
      },
    ],
  },
  {
    path: '/user',
    meta: { titleKey: 'menu.user', icon: <TeamOutlined /> },
    children: [
      // First: the landing page (SPEC 2.1: first visible child) every user has, whatever its permissions.
      {
        path: 'me',
        meta: { titleKey: 'menu.profile', icon: <IdcardOutlined /> },
        page: () => import('../features/profile/pages/ProfilePage'),
      },
      {
        path: 'authuser',
        meta: { titleKey: 'menu.users', icon: <UserOutlined />, permission: 'auth.User' },
        page: () => import('../features/accounts/pages/UsersPage'),
      },
      {
        path: 'registerUser',
        meta: { titleKey: 'menu.registerUsers', icon: <UserAddOutlined />, permission: 'auth.User/register' },
        page: () => import('../features/accounts/pages/RegisterUsersPage'),
      },
      {
        // Issue 20 item 5: what the accounts below me pay (module fee config; editing them is auth.User/edit).
        path: 'feeConfig',
        meta: {
          titleKey: 'menu.feeConfig',
          icon: <MoneyCollectOutlined />,
          permission: 'auth.User/edit',
          module: 'feeConfig',
        },
        page: () => import('../features/recharge/pages/FeeConfigPage'),
      },
      {
        path: 'authgroup',
        meta: { titleKey: 'menu.roles', icon: <SolutionOutlined />, permission: 'auth.Group/index' },
        page: () => import('../features/accounts/pages/RolesPage'),
      },
      {
        path: 'authrule',
        // SPEC 2.3: hidden, user type 0 only; reached from the roles page while the module is on.
        meta: {
          titleKey: 'menu.rules',
          icon: <SafetyCertificateOutlined />,
          userTypes: [0],
          module: 'authRule',
          hidden: true,
        },
        page: () => import('../features/accounts/pages/RulesPage'),
      },
      {
        path: 'loginLog',
        meta: {
          titleKey: 'menu.loginLog',
          icon: <HistoryOutlined />,
          permission: 'auth.UserLog',
          module: 'loginLog',
          noCache: true,
        },
        page: () => import('../features/accounts/pages/LoginLogPage'),
      },
      {
        path: 'customize',
        meta: {
          titleKey: 'menu.customize',
          icon: <BgColorsOutlined />,
          permission: platformWith('auth.Customize'),
          module: 'userCustomize',
        },
        page: () => import('../features/accounts/pages/CustomizePage'),
      },
    ],
  },
  {
    path: '/device',
    meta: { titleKey: 'menu.device', icon: <ClusterOutlined /> },
    children: [
      {
        path: 'manage',
        meta: { titleKey: 'menu.deviceManage', icon: <HddOutlined />, permission: 'DeviceManage' },
        page: () => import('../features/devices/pages/DevicesPage'),
      },
      {
        path: 'detail/:id',
        meta: {
          titleKey: 'menu.deviceDetail',
          icon: <ProfileOutlined />,
          permission: 'DeviceManage',
          hidden: true,
        },
        page: () => import('../features/devices/pages/DeviceDetailPage'),
      },
      {
        path: 'template',
        meta: { titleKey: 'menu.deviceTemplate', icon: <DatabaseOutlined />, permission: 'DeviceTemplate' },
        page: () => import('../features/devices/pages/TemplatesPage'),
      },
      {
        path: 'model',
        meta: { titleKey: 'menu.deviceModel', icon: <TagsOutlined />, permission: 'DeviceModel' },
        page: () => import('../features/device-models/pages/ModelsPage'),
      },
      {
        path: 'group',
        meta: { titleKey: 'menu.deviceGroup', icon: <GroupOutlined />, permission: 'DeviceManage' },
        page: () => import('../features/device-groups/pages/GroupsPage'),
      },
      {
        path: 'project',
        meta: { titleKey: 'menu.deviceProject', icon: <ProjectOutlined />, permission: 'DeviceManage' },
        page: () => import('../features/device-groups/pages/ProjectsPage'),
      },
    ],
  },
  {
    path: '/deviceMonitor',
    meta: { titleKey: 'menu.monitor', icon: <MonitorOutlined /> },
    children: [
      {
        path: 'index',
        meta: {
          titleKey: 'menu.deviceMonitor',
          icon: <DesktopOutlined />,
          permission: 'Monitor.DeviceMonitor',
        },
        page: () => import('../features/monitor/pages/MonitorPage'),
      },
    ],
  },
  screenRoutes,
  {
    // SPEC 2.3: the pages need IndScada; the group shows in the menu only with ScadaManager and
    // ScadaNavbarShow (without them the pages stay reachable by link). The lists are lazy chunks.
    path: '/scada',
    meta: { titleKey: 'menu.scada', icon: <PartitionOutlined />, menu: scadaMenu },
    children: [
      {
        path: 'app',
        meta: { titleKey: 'menu.scadaApp', icon: <PartitionOutlined />, permission: 'IndScada' },
        page: () => import('../features/scada/list/ScadaAppsPage'),
      },
      {
        path: 'template',
        meta: { titleKey: 'menu.scadaTemplate', icon: <BlockOutlined />, permission: 'IndScada' },
        page: () => import('../features/scada/list/ScadaTemplatesPage'),
      },
    ],
  },
  {
    path: '/alarm',
    meta: { titleKey: 'menu.alarm', icon: <AlertOutlined />, permission: 'Event' },
    children: [
      {
        path: 'alarmlog',
        meta: { titleKey: 'menu.alarmLog', icon: <WarningOutlined />, permission: ALARM_LOG_READERS },
        page: () => import('../features/alarms/pages/AlarmLogPage'),
      },
      {
        path: 'onOffline',
        meta: { titleKey: 'menu.onOffline', icon: <ApiOutlined />, permission: 'Event/online' },
        page: () => import('../features/alarms/pages/OnOfflinePage'),
      },
    ],
  },
  {
    path: '/dataCenter',
    meta: { titleKey: 'menu.dataCenter', icon: <LineChartOutlined /> },
    children: [
      {
        path: 'history',
        meta: { titleKey: 'menu.history', icon: <HistoryOutlined />, permission: canReadHistory },
        page: () => import('../features/history/pages/HistoryPage'),
      },
      {
        path: 'dataReportV2',
        meta: { titleKey: 'menu.dataReport', icon: <TableOutlined />, permission: 'DataReportV2' },
        page: () => import('../features/data-report/pages/DataReportPage'),
      },
      {
        path: 'statReport',
        meta: { titleKey: 'menu.statReport', icon: <BarChartOutlined />, permission: 'Event' },
        page: () => import('../features/history/pages/StatReportPage'),
      },
      {
        path: 'fileDownload',
        meta: { titleKey: 'menu.fileDownload', icon: <CloudDownloadOutlined />, permission: 'ExportFile' },
        page: () => import('../features/file-download/pages/FileDownloadPage'),
      },
    ],
  },
  {
    path: '/trigger',
    meta: { titleKey: 'menu.trigger', icon: <NotificationOutlined /> },
    children: [
      {
        path: 'contact',
        meta: {
          titleKey: 'menu.triggerContact',
          icon: <ContactsOutlined />,
          permission: 'TriggerContact/index',
        },
        page: () => import('../features/alarms/pages/ContactsPage'),
      },
      {
        // Issue 21: every SMS, call, e-mail and webhook notice; the contacts page's log tab reads the same.
        path: 'notice',
        meta: {
          titleKey: 'menu.triggerNotice',
          icon: <FileSearchOutlined />,
          permission: (ctx) =>
            ['TriggerNotice/log', 'TriggerContact/index'].some((p) => ctx.authList.includes(p)),
        },
        page: () => import('../features/alarms/pages/NoticeLogPage'),
      },
    ],
  },
  otaRoutes,
  maintenanceRoutes,
  enforcementRoutes,
  {
    // Issue 17: a SCADA app (or a template on a device) running live; reached from the SCADA lists.
    path: '/scada/view/:id',
    meta: { titleKey: 'menu.scadaView', icon: <FundViewOutlined />, permission: 'IndScada', hidden: true },
    page: () => import('../features/scada/runtime/ScadaViewPage'),
  },
  {
    // Issue 18: the designer, opened from the lists' Design action (ScadaManager, never read-only).
    path: '/scada/design/app',
    meta: { titleKey: 'menu.scadaDesignApp', icon: <EditOutlined />, permission: 'IndScada', hidden: true },
    page: () => import('../features/scada/designer/DesignAppPage'),
  },
  {
    path: '/scada/design/template',
    meta: {
      titleKey: 'menu.scadaDesignTemplate',
      icon: <EditOutlined />,
      permission: 'IndScada',
      hidden: true,
    },
    page: () => import('../features/scada/designer/DesignTemplatePage'),
  },
  {
    path: '/company',
    meta: { titleKey: 'menu.company', icon: <BankOutlined />, permission: 'DeviceCompany' },
    page: () => import('../features/device-groups/pages/CompaniesPage'),
  },
  {
    // SPEC 2.3 recharge center (group Recharge).
    path: '/rechargeCenter',
    meta: { titleKey: 'menu.rechargeCenter', icon: <WalletOutlined />, permission: 'Recharge' },
    children: [
      {
        path: '/balance',
        meta: { titleKey: 'menu.balance', icon: <WalletOutlined />, permission: 'Recharge/balance' },
        page: () => import('../features/recharge/pages/BalancePage'),
      },
      {
        path: '/recharge',
        meta: { titleKey: 'menu.recharge', hidden: true, permission: 'Recharge/balance' },
        page: () => import('../features/recharge/pages/RechargePage'),
      },
      {
        path: '/consumeOrder',
        meta: {
          titleKey: 'menu.consumeOrder',
          icon: <TransactionOutlined />,
          permission: 'Recharge/comsume_record',
        },
        page: () => import('../features/recharge/pages/ConsumeOrderPage'),
      },
      {
        path: '/deviceRecharge',
        meta: { titleKey: 'menu.deviceRecharge', icon: <FieldTimeOutlined />, permission: 'Recharge/renew' },
        page: () => import('../features/recharge/pages/DeviceRechargePage'),
      },
      {
        path: '/deviceOrder',
        meta: {
          titleKey: 'menu.deviceOrder',
          icon: <ProfileOutlined />,
          permission: 'Recharge/renew_record',
        },
        page: () => import('../features/recharge/pages/DeviceOrderPage'),
      },
    ],
  },
  {
    // SPEC 2.1: a fixed route (no permission), linked from the expiry notice.
    path: '/fee/overview',
    meta: { titleKey: 'menu.feeOverview', hidden: true },
    page: () => import('../features/recharge/pages/FeeOverviewPage'),
  },
  {
    path: '/other',
    meta: { titleKey: 'menu.other', icon: <AppstoreOutlined />, permission: 'Others' },
    children: [
      {
        path: 'platform',
        meta: { titleKey: 'menu.platform', icon: <ControlOutlined />, userTypes: [0] },
        page: () => import('../features/accounts/pages/PlatformPage'),
      },
    ],
  },
];
