import { useTranslation } from 'react-i18next';
import { useMatches, useOutlet } from 'react-router';
import { useAuthList } from '../../features/auth/api/get-auth-list';
import { useUserInfo } from '../../features/auth/api/get-user-info';
import { useDocumentTitle } from '../../features/system/hooks/use-document-title';
import { PermissionProvider } from '../../shared/permission/PermissionProvider';
import type { RouteHandle } from '../router';

/**
 * SPEC 2.4 big-screen layout: no navbar, sidebar or tabs; the page (a monitoring screen) draws its own
 * header with title, notifications, full-screen toggle and exit. Guarded like the shell (same loader).
 */
export default function ScreenLayout() {
  const { t } = useTranslation();
  const outlet = useOutlet();
  const { data: authList } = useAuthList();
  const { data: user } = useUserInfo();
  const handle = useMatches()
    .map((m) => m.handle as RouteHandle | undefined)
    .findLast((h) => h?.meta);
  useDocumentTitle(handle?.meta ? t(handle.meta.titleKey) : undefined);
  return (
    <PermissionProvider authList={authList} roles={user?.roles} readOnly={user?.is_demo === true}>
      <div className="screen-layout">{outlet}</div>
    </PermissionProvider>
  );
}
