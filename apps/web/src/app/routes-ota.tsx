import {
  CloudServerOutlined,
  CloudUploadOutlined,
  CreditCardOutlined,
  GlobalOutlined,
  HddOutlined,
  ProfileOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { AccessContext, AppRoute } from './route-types';

/**
 * SPEC 2.3: the OTA group's external-link entry opens the OTA device list on the fixed OTA host
 * (SPEC 1, server OTA_HOST) in a new window; absent without an OTA host or when already on it.
 */
export const otaHostLink = (ctx: AccessContext): string | null =>
  ctx.otaHost && ctx.otaHost !== ctx.currentHost ? `//${ctx.otaHost}/ota/device` : null;

/** An OTA page opens with OtaManager or its own index permission (the server checks the same). */
const otaReader =
  (index: string) =>
  (ctx: AccessContext): boolean =>
    ['OtaManager', index].some((p) => ctx.authList.includes(p));

/** The OTA group of the route table (routes.tsx), kept apart so that table stays readable. */
export const otaRoutes: AppRoute = {
  // SPEC 2.3 / issue 19: the OTA group needs OtaManager; each page OtaManager or its own index permission. On the
  // OTA host (SPEC 1) /ota/device is the landing page (route-access landingPath).
  path: '/ota',
  meta: { titleKey: 'menu.ota', icon: <CloudServerOutlined />, permission: 'OtaManager' },
  children: [
    {
      path: 'device',
      meta: {
        titleKey: 'menu.otaDevice',
        icon: <HddOutlined />,
        permission: otaReader('ota.Device/index'),
      },
      page: () => import('../features/ota/gateways/pages/OtaGatewaysPage'),
    },
    {
      path: 'sim',
      meta: {
        titleKey: 'menu.otaSim',
        icon: <CreditCardOutlined />,
        permission: otaReader('ota.Sim/index'),
      },
      page: () => import('../features/ota/sims/pages/OtaSimsPage'),
    },
    {
      path: 'app',
      meta: {
        titleKey: 'menu.otaApp',
        icon: <CloudUploadOutlined />,
        permission: otaReader('ota.Application/index'),
      },
      page: () => import('../features/ota/apps/ApplicationsPage'),
    },
    {
      path: 'firmware',
      meta: {
        titleKey: 'menu.otaPlan',
        icon: <CloudUploadOutlined />,
        permission: otaReader('ota.Plan/index'),
        hidden: true,
      },
      page: () => import('../features/ota/plans/PlansPage'),
    },
    {
      path: 'log',
      meta: { titleKey: 'menu.otaLog', icon: <ProfileOutlined />, permission: otaReader('ota.Log/index') },
      page: () => import('../features/ota/logs/LogPage'),
    },
    {
      path: 'strace',
      meta: {
        titleKey: 'menu.otaStrace',
        icon: <WarningOutlined />,
        permission: otaReader('ota.Strace/index'),
      },
      page: () => import('../features/ota/logs/StracePage'),
    },
    {
      path: 'host',
      meta: {
        titleKey: 'menu.otaHost',
        icon: <GlobalOutlined />,
        permission: otaReader('ota.Device/index'),
        external: otaHostLink,
      },
    },
  ],
};
