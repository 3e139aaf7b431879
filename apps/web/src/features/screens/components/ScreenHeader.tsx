import { LogoutOutlined } from '@ant-design/icons';
import { Button, Segmented, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FullscreenToggle } from '../../../app/layout/FullscreenToggle';
import { usePermission } from '../../../shared/permission/permission';
import { NoticeBell } from '../../alarms/components/NoticeBell';
import { SCALE_MODES, type ScaleMode } from '../lib/scale';

/**
 * SPEC 2.4 big-screen header: the title, the scaling mode, notifications (with permission Event),
 * full-screen toggle and exit. Exit closes the window the menu's external link opened, else goes home.
 */
export function ScreenHeader({
  title,
  mode,
  onMode,
  live,
}: {
  title: string;
  mode: ScaleMode;
  onMode: (mode: ScaleMode) => void;
  live: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canSeeNotices = usePermission('Event');
  const exit = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    if (window.opener) window.close();
    else void navigate('/');
  };
  return (
    <header className="screen-header">
      <div className="screen-header-side">
        <span className={live ? 'screen-live on' : 'screen-live'} data-testid="screen-live">
          {t('screens.big.live')}
        </span>
      </div>
      <h1 className="screen-title" data-testid="screen-title">
        {title}
      </h1>
      <Space className="screen-header-side screen-header-actions" size={4}>
        <Segmented
          size="small"
          value={mode}
          onChange={(v) => onMode(v as ScaleMode)}
          options={SCALE_MODES.map((m) => ({ value: m, label: t(`screens.big.scale.${m}`) }))}
          data-testid="screen-scale"
        />
        {canSeeNotices && <NoticeBell />}
        <FullscreenToggle />
        <Button
          type="text"
          className="navbar-action"
          icon={<LogoutOutlined />}
          onClick={exit}
          aria-label={t('screens.big.exit')}
          title={t('screens.big.exit')}
          data-testid="screen-exit"
        />
      </Space>
    </header>
  );
}
