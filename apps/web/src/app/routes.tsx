import { IdcardOutlined, TeamOutlined } from '@ant-design/icons';
import type { AppRoute } from './route-types';

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
    path: '/user',
    meta: { titleKey: 'menu.user', icon: <TeamOutlined /> },
    children: [
      {
        path: 'me',
        meta: { titleKey: 'menu.profile', icon: <IdcardOutlined /> },
        page: () => import('../features/profile/pages/ProfilePage'),
      },
    ],
  },
];
