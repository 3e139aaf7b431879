import { FileAddOutlined, SafetyCertificateOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { AppRoute } from './route-types';

/**
 * SPEC 2.3 "law enforcement records (create)" (issue 22 item 5): the records with the chain's status,
 * and the create page officers use on a phone, while the module switch "law enforcement" is on.
 */
export const enforcementRoutes: AppRoute = {
  path: '/enforcement',
  meta: { titleKey: 'menu.enforcement', icon: <SafetyCertificateOutlined />, module: 'lawEnforcement' },
  children: [
    {
      path: 'records',
      meta: {
        titleKey: 'menu.enforcementRecords',
        icon: <UnorderedListOutlined />,
        module: 'lawEnforcement',
        permission: 'maintenance.Enforcement/index',
      },
      page: () => import('../features/maintenance/pages/EnforcementRecordsPage'),
    },
    {
      path: 'create',
      meta: {
        titleKey: 'menu.enforcementCreate',
        icon: <FileAddOutlined />,
        module: 'lawEnforcement',
        permission: 'maintenance.Enforcement/add',
        noCache: true,
      },
      page: () => import('../features/maintenance/pages/EnforcementCreatePage'),
    },
  ],
};
