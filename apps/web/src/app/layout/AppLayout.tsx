import { useQueryClient } from '@tanstack/react-query';
import { Drawer, Layout, Spin } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigation, useOutlet } from 'react-router';
import { useAuthList } from '../../features/auth/api/get-auth-list';
import { useUserInfo } from '../../features/auth/api/get-user-info';
import { authKeys } from '../../features/auth/api/keys';
import { systemKeys } from '../../features/system/api/keys';
import { usePlatformTitle } from '../../features/system/api/platform-title';
import { useDocumentTitle } from '../../features/system/hooks/use-document-title';
import { BackToTop } from '../../shared/components/BackToTop';
import { Logo } from '../../shared/components/Logo';
import { useIsMobile } from '../../shared/hooks/use-is-mobile';
import { PermissionProvider } from '../../shared/permission/PermissionProvider';
import { useSettings } from '../../shared/store/settings';
import { useFocusableTableScroll } from '../../shared/table/focusable-scroll';
import type { RouteHandle } from '../router';
import { useTabStore } from '../tabs/tab-store';
import { Navbar } from './Navbar';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import { useExpiryNotice } from './use-expiry-notice';
import { usePermittedRoutes } from './use-permitted-routes';
import { usePrefetchPages } from './use-prefetch-pages';

const SESSION_KEYS = new Set<unknown>([authKeys.all[0], systemKeys.all[0]]);

/** Mounted afresh on every visit of a noCache page: its active queries are refetched. */
function NoCacheRefetch({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({
      type: 'active',
      predicate: (query) => !SESSION_KEYS.has(query.queryKey[0]),
    });
  }, [queryClient]);
  return <>{children}</>;
}

function usePageHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.meta) return handle;
  }
  return undefined;
}

/** The signed-in shell of SPEC 2.4: navbar, sidebar (drawer on mobile), tab bar, page, back-to-top. */
export default function AppLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const outlet = useOutlet();
  const isMobile = useIsMobile();
  const collapsed = useSettings((s) => s.sidebarCollapsed);
  const toggleSidebar = useSettings((s) => s.toggleSidebar);
  const visit = useTabStore((s) => s.visit);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { permitted, leaves } = usePermittedRoutes();
  const handle = usePageHandle();
  useFocusableTableScroll();
  usePrefetchPages(leaves);
  const meta = handle?.meta;
  const platformTitle = usePlatformTitle();
  const { data: authList } = useAuthList();
  const { data: user } = useUserInfo();

  useDocumentTitle(meta ? t(meta.titleKey) : undefined);
  useExpiryNotice();

  // Every navigation (location.key) re-adds the current page: after 'close all' the root redirects
  // back to the landing page without the pathname ever changing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key marks a new navigation
  useEffect(() => {
    if (meta && !location.pathname.startsWith('/redirect/')) {
      visit({ path: location.pathname, titleKey: meta.titleKey });
    }
  }, [location.key, location.pathname, meta, visit]);

  useEffect(() => {
    if (!isMobile) setDrawerOpen(false);
  }, [isMobile]);

  const onToggle = () => (isMobile ? setDrawerOpen((open) => !open) : toggleSidebar());
  const menu = (
    <SideMenu
      permitted={permitted}
      leaves={leaves}
      collapsed={!isMobile && collapsed}
      onNavigate={() => setDrawerOpen(false)}
    />
  );

  const page = meta?.noCache ? (
    <NoCacheRefetch key={location.key}>{outlet}</NoCacheRefetch>
  ) : (
    <div key={location.pathname}>{outlet}</div>
  );

  return (
    <PermissionProvider authList={authList} roles={user?.roles} readOnly={user?.is_demo === true}>
      <Layout className="app-shell">
        <Navbar collapsed={isMobile ? !drawerOpen : collapsed} onToggle={onToggle} />
        <Layout hasSider={!isMobile}>
          {isMobile ? (
            <Drawer
              placement="left"
              open={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              size={232}
              closable={false}
              className="app-drawer"
              styles={{ body: { padding: 0, background: '#0b1f35' } }}
            >
              <div className="drawer-brand">
                <Logo size={28} />
                <span>{platformTitle}</span>
              </div>
              {menu}
            </Drawer>
          ) : (
            <Layout.Sider
              className="app-sider"
              width={224}
              collapsedWidth={64}
              collapsible
              collapsed={collapsed}
              trigger={null}
            >
              {menu}
            </Layout.Sider>
          )}
          <Layout className="app-main">
            <TabBar />
            <Layout.Content className="app-content">
              <Spin spinning={navigation.state === 'loading'} delay={300}>
                {page}
              </Spin>
            </Layout.Content>
          </Layout>
        </Layout>
        <BackToTop />
      </Layout>
    </PermissionProvider>
  );
}
