import { CheckOutlined, MutedOutlined, SoundOutlined } from '@ant-design/icons';
import type { AlarmLogRow, LiveEvent, OnofflineLogRow } from '@fleet/contracts';
import { Badge, Button, Switch, Tabs, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PermissionNeed, usePermission } from '../../../shared/permission/permission';
import { NOTICE_BADGE_MAX } from '../lib/notice-feed';
import { useNoticeSettings } from '../lib/notice-store';
import type { Notices } from '../lib/use-notices';
import { AlarmNoticeItems, type NoticeKind, NoticeListFrame, OnlineNoticeItems } from './NoticeList';

type AlarmNotices = Notices<AlarmLogRow, Extract<LiveEvent, { type: 'AL' }>>;
type OnlineNotices = Notices<OnofflineLogRow, Extract<LiveEvent, { type: 'OL' }>>;

/** One tab's head: its switch and its sound toggle. */
function NoticeToolbar({
  kind,
  enabled,
  onEnabled,
  sound,
  onSound,
}: {
  kind: NoticeKind;
  enabled: boolean;
  onEnabled: (on: boolean) => void;
  sound: boolean;
  onSound: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const soundLabel = t(sound ? `alarms.notice.soundOn_${kind}` : `alarms.notice.soundOff_${kind}`);
  return (
    <div className="notice-toolbar">
      <span className="notice-switch">
        <Switch
          id={`notice-switch-${kind}`}
          size="small"
          checked={enabled}
          onChange={onEnabled}
          data-testid={`notice-switch-${kind}`}
        />
        <label htmlFor={`notice-switch-${kind}`}>{t(`alarms.notice.enable_${kind}`)}</label>
      </span>
      <Tooltip title={soundLabel}>
        <Button
          type="text"
          size="small"
          icon={sound ? <SoundOutlined /> : <MutedOutlined />}
          aria-label={soundLabel}
          aria-pressed={sound}
          onClick={() => onSound(!sound)}
          data-testid={`notice-sound-${kind}`}
        />
      </Tooltip>
    </div>
  );
}

function ViewAll({
  to,
  perm,
  kind,
  onNavigate,
}: {
  to: string;
  perm: PermissionNeed;
  kind: NoticeKind;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  if (!usePermission(perm)) return null;
  return (
    <Link to={to} onClick={onNavigate} data-testid={`notice-view-all-${kind}`}>
      {t('alarms.notice.viewAll')}
    </Link>
  );
}

/** One tab's body: toolbar, the list in its frame, and the link to the full page. */
function NoticeTab({
  kind,
  notices,
  onEnabled,
  sound,
  onSound,
  to,
  perm,
  onNavigate,
  children,
}: {
  kind: NoticeKind;
  notices: Pick<AlarmNotices, 'enabled' | 'loading' | 'error' | 'refetch'> & { feed: { items: unknown[] } };
  onEnabled: (on: boolean) => void;
  sound: boolean;
  onSound: (on: boolean) => void;
  to: string;
  perm: PermissionNeed;
  onNavigate: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <NoticeToolbar
        kind={kind}
        enabled={notices.enabled}
        onEnabled={onEnabled}
        sound={sound}
        onSound={onSound}
      />
      <NoticeListFrame
        kind={kind}
        enabled={notices.enabled}
        loading={notices.loading}
        error={notices.error}
        onRetry={notices.refetch}
        empty={notices.feed.items.length === 0}
      >
        {children}
      </NoticeListFrame>
      <div className="notice-tab-footer">
        <ViewAll to={to} perm={perm} kind={kind} onNavigate={onNavigate} />
      </div>
    </>
  );
}

/**
 * The notification popover's body (SPEC 2.4, 4): alarm and online/offline tabs, each with its switch,
 * sound toggle, unread list and "view all" link; mark-all-read below both.
 */
export function NoticePanel({
  alarms,
  online,
  onEnabled,
  onNavigate,
}: {
  alarms: AlarmNotices;
  online: OnlineNotices;
  /** Turns a switch on or off (and drops its list). */
  onEnabled: (kind: NoticeKind, on: boolean) => void;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<NoticeKind>('alarm');
  const settings = useNoticeSettings();

  const label = (kind: NoticeKind, count: number) => (
    <span className="notice-tab-label">
      {t(`alarms.notice.tab_${kind}`)}
      <Badge
        count={count}
        overflowCount={NOTICE_BADGE_MAX}
        size="small"
        data-testid={`notice-count-${kind}`}
      />
    </span>
  );

  return (
    <div className="notice-panel" data-testid="notice-panel">
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as NoticeKind)}
        centered
        size="small"
        items={[
          {
            key: 'alarm',
            label: label('alarm', alarms.feed.count),
            children: (
              <NoticeTab
                kind="alarm"
                notices={alarms}
                onEnabled={(on) => onEnabled('alarm', on)}
                sound={settings.alarmSound}
                onSound={settings.setAlarmSound}
                to="/alarm/alarmlog"
                perm={['Event/log', 'Event/view']}
                onNavigate={onNavigate}
              >
                <AlarmNoticeItems rows={alarms.feed.items} />
              </NoticeTab>
            ),
          },
          {
            key: 'online',
            label: label('online', online.feed.count),
            children: (
              <NoticeTab
                kind="online"
                notices={online}
                onEnabled={(on) => onEnabled('online', on)}
                sound={settings.offlineSound}
                onSound={settings.setOfflineSound}
                to="/alarm/onOffline"
                perm="Event/online"
                onNavigate={onNavigate}
              >
                <OnlineNoticeItems rows={online.feed.items} />
              </NoticeTab>
            ),
          },
        ]}
      />
      <div className="notice-footer">
        <Button
          type="link"
          size="small"
          icon={<CheckOutlined />}
          onClick={settings.markAllRead}
          data-testid="notice-mark-read"
        >
          {t('alarms.notice.markAllRead')}
        </Button>
      </div>
    </div>
  );
}
