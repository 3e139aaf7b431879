import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoticeBell } from '../../features/alarms/components/NoticeBell';
import { DashboardLink } from '../../features/dashboard/components/DashboardLink';
import { usePlatformTitle } from '../../features/system/api/platform-title';
import { LanguageSwitch } from '../../shared/components/LanguageSwitch';
import { Logo } from '../../shared/components/Logo';
import { SizeSwitch } from '../../shared/components/SizeSwitch';
import { usePermission, useReadOnly } from '../../shared/permission/permission';
import { FullscreenToggle } from './FullscreenToggle';
import { UserMenu } from './UserMenu';

export function Navbar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const title = usePlatformTitle();
  // SPEC 2.4: the notification popover only with permission Event.
  const canSeeNotices = usePermission('Event');
  const readOnly = useReadOnly();
  return (
    <Layout.Header className="app-header">
      <Button
        type="text"
        className="navbar-action sidebar-toggle"
        data-testid="sidebar-toggle"
        aria-label={t('navbar.toggleSidebar')}
        title={t('navbar.toggleSidebar')}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
      />
      <Link to="/" className="app-brand">
        <Logo size={28} />
        <h1 className="app-title" data-testid="platform-title" title={title}>
          {title}
        </h1>
      </Link>
      <div className="app-header-spacer" />
      <Space size={4} className="app-header-actions">
        {readOnly && (
          <Tooltip title={t('navbar.readOnlyHint')}>
            <Tag color="gold" data-testid="read-only-tag">
              {t('navbar.readOnly')}
            </Tag>
          </Tooltip>
        )}
        {canSeeNotices && <NoticeBell />}
        <DashboardLink />
        <FullscreenToggle />
        <SizeSwitch className="navbar-action" />
        <LanguageSwitch variant="light" />
        <UserMenu />
      </Space>
    </Layout.Header>
  );
}
