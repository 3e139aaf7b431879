import { DashboardOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermission } from '../../../shared/permission/permission';

export const DASHBOARD_PATH = '/dashboard/index';

/** SPEC 2.4 navbar dashboard link, shown only to users who may see the dashboard (PlatformOverView). */
export function DashboardLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const allowed = usePermission('PlatformOverView');
  if (!allowed) return null;
  return (
    <Button
      type="text"
      className="navbar-action"
      data-testid="dashboard-link"
      aria-label={t('dashboard.link')}
      title={t('dashboard.link')}
      icon={<DashboardOutlined />}
      onClick={() => navigate(DASHBOARD_PATH)}
    />
  );
}
